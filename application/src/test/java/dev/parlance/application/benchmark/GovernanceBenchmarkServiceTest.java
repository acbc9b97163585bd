package dev.parlance.application.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GovernanceBenchmarkServiceTest {

  private static final DataSource PLANT =
      DataSource.of("plant", "jdbc:sqlite:/tmp/plant.sqlite", Credentials.none());

  private static final DataSourcesPort ONE_SOURCE =
      new DataSourcesPort() {
        @Override
        public Optional<DataSource> find(String name) {
          return name.equals("plant") ? Optional.of(PLANT) : Optional.empty();
        }

        @Override
        public List<DataSource> all() {
          return List.of(PLANT);
        }

        @Override
        public void save(DataSource source) {}

        @Override
        public boolean remove(String name) {
          return false;
        }
      };

  private static final SchemaCatalog CATALOG =
      new SchemaCatalog(
          "plant",
          List.of(
              new Table(
                  "TB_MO",
                  TableKind.TABLE,
                  "",
                  List.of(Column.of("MO_ID", "INTEGER")),
                  List.of("MO_ID"),
                  List.of()),
              new Table(
                  "TB_RG",
                  TableKind.TABLE,
                  "",
                  List.of(Column.of("RG_CD", "TEXT")),
                  List.of("RG_CD"),
                  List.of()),
              new Table(
                  "V_MO",
                  TableKind.VIEW,
                  "",
                  List.of(Column.of("MO_ID", "INTEGER")),
                  List.of(),
                  List.of())));

  @Test
  void should_time_raw_and_governed_pairs_when_looking_up_every_tables_primary_key() {
    List<String> raw = new ArrayList<>();
    List<String> governed = new ArrayList<>();
    GovernanceBenchmarkService service =
        new GovernanceBenchmarkService(
            ONE_SOURCE,
            source -> CATALOG,
            (source, sql, max) -> {
              raw.add(sql);
              if (sql.contains("ORDER BY MO_ID")) {
                return List.of(List.of(1L), List.of(2L), List.of(3L), List.of(4L));
              }
              if (sql.contains("ORDER BY RG_CD")) {
                return List.of(List.of("N'E"), List.of("SE"));
              }
              return List.of();
            },
            command -> {
              governed.add(command.sql());
              return new QueryOutcome.Ran(
                  new QueryResult(List.of(), List.of(), false, 0, command.sql(), command.sql()));
            });

    GovernanceBenchmarkReport report =
        service.run(
            new GovernanceBenchmarkUseCase.Command("plant", UserIdentity.of("bench"), 2, 3, 0));

    assertThat(report.statements()).isEqualTo(4);
    assertThat(report.measurements()).isEqualTo(12);
    assertThat(governed)
        .contains(
            "SELECT * FROM TB_MO WHERE MO_ID = 1",
            "SELECT * FROM TB_MO WHERE MO_ID = 3",
            "SELECT * FROM TB_RG WHERE RG_CD = 'N''E'")
        .hasSize(4 + 12);
    assertThat(report.rawP50Ms()).isNotNegative();
    assertThat(report.notes()).isEmpty();
  }

  @Test
  void should_refuse_when_the_source_is_unknown() {
    GovernanceBenchmarkService service =
        new GovernanceBenchmarkService(ONE_SOURCE, s -> CATALOG, (s, q, m) -> List.of(), c -> null);
    assertThatThrownBy(
            () ->
                service.run(
                    new GovernanceBenchmarkUseCase.Command(
                        "nowhere", UserIdentity.of("b"), 1, 1, 0)))
        .isInstanceOf(dev.parlance.application.retrieval.UnknownSourceException.class)
        .hasMessageContaining("no source named 'nowhere'");
  }

  @Test
  void should_take_the_nearest_rank_when_computing_a_percentile() {
    double[] v = {5, 1, 4, 2, 3, 6, 7, 8, 9, 10};
    assertThat(GovernanceBenchmarkService.percentile(v, 50)).isEqualTo(5);
    assertThat(GovernanceBenchmarkService.percentile(v, 95)).isEqualTo(10);
    assertThat(GovernanceBenchmarkService.percentile(new double[] {2}, 95)).isEqualTo(2);
  }
}
