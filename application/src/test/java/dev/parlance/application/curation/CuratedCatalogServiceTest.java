package dev.parlance.application.curation;

import static dev.parlance.application.curation.CurationFakes.ran;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.Synonym;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.curation.ViewKind;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CuratedCatalogServiceTest {

  private static Table table(String name, String... columns) {
    return new Table(
        name,
        TableKind.TABLE,
        "",
        java.util.Arrays.stream(columns)
            .map(c -> Column.of(c, "TEXT").withSamples(List.of("x-" + c), OptionalLong.empty()))
            .toList(),
        List.of(),
        List.of());
  }

  private static final SchemaCatalog RAW =
      new SchemaCatalog(
          "plant",
          List.of(
              table("TB_IN", "IN_ID", "IN_CD"),
              table("TB_MO", "MO_ID", "MO_ST", "MO_IN_ID"),
              table("TB_EMP", "EMP_ID", "EMP_NM"),
              table("TB_CD", "CD_DOM", "CD_VL")));

  private final CurationFakes.Executor executor =
      new CurationFakes.Executor(
          sql ->
              sql.contains("FROM orders LIMIT")
                  ? ran(
                      sql,
                      List.of("id", "status", "installation_id", "customer"),
                      List.of(
                          List.<Object>of(1L, "open", 7L, "ACME"),
                          List.<Object>of(2L, "closed", 7L, "ACME"),
                          List.<Object>of(3L, "open", 8L, "Initech")))
                  : ran(sql, List.of("id", "code"), List.of(List.<Object>of(7L, "IBX-15"))));

  private final Curation curation =
      Curation.empty("plant")
          .withView(
              new CuratedView(
                  "installation",
                  ViewKind.CONCEPTUAL,
                  "A platform.",
                  "SELECT IN_ID AS id, IN_CD AS code FROM TB_IN",
                  Map.of(),
                  false,
                  List.of(DataDescription.of("code", "installation code"))))
          .withView(
              new CuratedView(
                  "orders",
                  ViewKind.PARTIALLY_EXTENDED,
                  "Work orders.",
                  "SELECT o.MO_ID AS id, o.MO_ST AS status, o.MO_IN_ID AS installation_id, 'x' AS customer FROM TB_MO o",
                  Map.of(),
                  false,
                  List.of(
                      new DataDescription(
                          "status",
                          "order status",
                          "",
                          List.of(new ValueLabel("open", "not started")),
                          true),
                      DataDescription.of("installation_id", "installation (installation.id)"),
                      new DataDescription("customer", "who pays", "", List.of(), false))))
          .withTable(
              new TableDescription(
                  "TB_EMP",
                  "Staff.",
                  List.of(new DataDescription("EMP_NM", "full name", "", List.of(), false))))
          .withSynonym(new Synonym("work order", "orders"))
          .withSynonym(new Synonym("situation", "orders.status"))
          .withHiddenTables(List.of("TB_CD"));

  private final CuratedCatalogService service =
      new CuratedCatalogService(
          s -> RAW, s -> java.util.Optional.empty(), executor, CurationFakes.noPolicy());

  @Test
  void should_show_views_in_place_of_the_tables_they_read_and_drop_hidden_tables() {
    SchemaCatalog c = service.curated(CurationFakes.PLANT, RAW, curation);

    assertThat(c.tables())
        .extracting(Table::name)
        .containsExactly("installation", "orders", "TB_EMP");
    assertThat(c.table("orders").orElseThrow().kind()).isEqualTo(TableKind.TABLE);
  }

  @Test
  void should_carry_descriptions_dictionaries_synonyms_and_keys_when_a_view_is_described() {
    Table orders =
        service.curated(CurationFakes.PLANT, RAW, curation).table("orders").orElseThrow();

    assertThat(orders.description()).isEqualTo("Work orders.; also called: work order");
    Column status = orders.column("status").orElseThrow();
    assertThat(status.description()).isEqualTo("order status; also called: situation");
    assertThat(status.valueDescription()).isEqualTo("open = not started");
    assertThat(status.sampleValues()).containsExactly("open", "closed");
    assertThat(orders.foreignKeys())
        .singleElement()
        .satisfies(fk -> assertThat(fk.referencedTable()).isEqualTo("installation"));
  }

  @Test
  void should_keep_sample_values_inside_parlance_when_a_column_may_not_show_them() {
    SchemaCatalog c = service.curated(CurationFakes.PLANT, RAW, curation);

    assertThat(c.table("orders").orElseThrow().column("customer").orElseThrow().sampleValues())
        .isEmpty();
    Column name = c.table("TB_EMP").orElseThrow().column("EMP_NM").orElseThrow();
    assertThat(name.sampleValues()).isEmpty();
    assertThat(name.description()).isEqualTo("full name");
    assertThat(c.table("TB_EMP").orElseThrow().column("EMP_ID").orElseThrow().sampleValues())
        .containsExactly("x-EMP_ID");
  }

  @Test
  void should_return_the_live_catalog_when_the_source_has_no_published_curation() {
    assertThat(service.read(CurationFakes.PLANT)).isEqualTo(RAW);
  }
}
