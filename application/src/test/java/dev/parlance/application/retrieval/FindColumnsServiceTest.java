package dev.parlance.application.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.retrieval.SchemaElement;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 24: the schema index is shared by a source's users and its details hold sample values read
 * with an operator's rights; a search shows each user only the tables, columns and values they may
 * see.
 */
class FindColumnsServiceTest {

  private static final DataSource PLANT =
      DataSource.of("plant", "jdbc:sqlite:/tmp/plant.db", Credentials.none());
  private static final SchemaCatalog CATALOG =
      new SchemaCatalog(
          "plant",
          List.of(
              new Table(
                  "TB_EQ",
                  TableKind.TABLE,
                  "",
                  List.of(Column.of("EQ_SN", "TEXT"), Column.of("EQ_COST", "REAL")),
                  List.of(),
                  List.of())));
  private static final UserIdentity RITA =
      new UserIdentity("rita", Set.of("analyst", "regional"), Map.of("region", "SE"));

  private final List<String> asked = new ArrayList<>();

  private FindColumnsService service(GovernancePolicy policy, Set<String> visible) {
    SourceSchemaUseCase schema =
        new SourceSchemaUseCase() {
          @Override
          public IndexSchemaUseCase.IndexReport index(String source, Progress progress) {
            throw new UnsupportedOperationException();
          }

          @Override
          public Result search(
              String source,
              String question,
              dev.parlance.domain.retrieval.RetrievalMode mode,
              int budget,
              Progress progress) {
            return new Result(
                new SchemaSelection(
                    List.of(
                        new SchemaSelection.Pick(
                            SchemaElement.column(
                                "TB_EQ", "EQ_SN", "serial number. values: SN1, SN2, SN3", Set.of()),
                            0.9),
                        new SchemaSelection.Pick(
                            SchemaElement.column("TB_EQ", "EQ_COST", "cost", Set.of()), 0.8))),
                Optional.empty());
          }
        };
    ExecuteQueryPort oracle =
        (source, p, user, sql) -> {
          asked.add(sql);
          List<List<Object>> rows = new ArrayList<>();
          Matcher m = Pattern.compile("'([^']*)'").matcher(sql);
          while (m.find()) {
            if (visible.contains(m.group(1))) {
              rows.add(List.of(m.group(1)));
            }
          }
          return new QueryOutcome.Ran(
              new QueryResult(List.of(new ResultColumn("v", "")), rows, false, 1, sql, sql));
        };
    return new FindColumnsService(schema, sources(), policies(policy), source -> CATALOG, oracle);
  }

  @Test
  void should_show_a_restricted_user_only_the_sample_values_their_governed_sql_finds() {
    GovernancePolicy policy =
        GovernancePolicy.defaults("plant")
            .withRowFilter(new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region"));

    SchemaSelection found = service(policy, Set.of("SN2")).find(RITA, "plant", "serial SN1", 20);

    assertThat(found.columns().get(0).element().details()).isEqualTo("serial number. values: SN2");
    assertThat(asked)
        .containsExactly("SELECT DISTINCT EQ_SN FROM TB_EQ WHERE EQ_SN IN ('SN1', 'SN2', 'SN3')");
  }

  @Test
  void should_leave_out_the_columns_the_users_policy_hides() {
    GovernancePolicy policy =
        GovernancePolicy.defaults("plant")
            .withColumnRule(ColumnRule.hide("regional", "TB_EQ", "EQ_COST"));

    SchemaSelection found = service(policy, Set.of()).find(RITA, "plant", "cost", 20);

    assertThat(found.columnIds()).containsExactly("tb_eq.eq_sn");
    assertThat(found.columns().get(0).element().details()).isEqualTo("serial number");
  }

  @Test
  void should_show_every_sample_to_a_user_nothing_binds_without_a_statement() {
    SchemaSelection found =
        service(GovernancePolicy.defaults("plant"), Set.of())
            .find(UserIdentity.of("ana", "analyst"), "plant", "serial", 20);

    assertThat(found.columns().get(0).element().details())
        .isEqualTo("serial number. values: SN1, SN2, SN3");
    assertThat(found.columnIds()).hasSize(2);
    assertThat(asked).isEmpty();
  }

  private static DataSourcesPort sources() {
    return new DataSourcesPort() {
      @Override
      public Optional<DataSource> find(String name) {
        return name.equals("plant") ? Optional.of(PLANT) : Optional.empty();
      }

      @Override
      public List<DataSource> all() {
        return List.of(PLANT);
      }

      @Override
      public void save(DataSource source) {
        throw new UnsupportedOperationException();
      }

      @Override
      public boolean remove(String name) {
        throw new UnsupportedOperationException();
      }
    };
  }

  private static GovernancePoliciesPort policies(GovernancePolicy policy) {
    return new GovernancePoliciesPort() {
      @Override
      public Optional<GovernancePolicy> current(String source) {
        return Optional.of(policy);
      }

      @Override
      public List<GovernancePolicy> history(String source) {
        return List.of(policy);
      }

      @Override
      public GovernancePolicy publish(GovernancePolicy draft, String steward) {
        throw new UnsupportedOperationException();
      }
    };
  }
}
