package dev.parlance.application.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Dialect;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A policy's {@code allowed_schemas} cuts the catalog as governed execution refuses: a catalog
 * names the default schema's tables without it ({@code TB_MO}), and those are in {@code public},
 * {@code main} or {@code PUBLIC}, not in no schema at all.
 */
class VisibilityTest {

  private static final UserIdentity ANA = UserIdentity.of("ana", "analyst");

  private static Table table(String name) {
    return new Table(
        name,
        TableKind.TABLE,
        "",
        List.of(Column.of("MO_NR", "INTEGER"), Column.of("MO_DS", "TEXT")),
        List.of(),
        List.of());
  }

  // The default schema's table unqualified, another schema's qualified, as JdbcCatalogAdapter
  // names them.
  private static final SchemaCatalog CATALOG =
      new SchemaCatalog("plant", List.of(table("TB_MO"), table("sales.orders")));

  private static List<String> visible(Dialect dialect, String... schemas) {
    GovernancePolicy policy =
        GovernancePolicy.defaults("plant").withAllowedSchemas(Set.of(schemas));
    return new Visibility(policy, ANA, dialect)
        .visible(CATALOG).tables().stream().map(Table::name).toList();
  }

  @Test
  void should_show_the_default_schemas_tables_when_the_policy_allows_that_schema() {
    assertThat(visible(Dialect.POSTGRESQL, "public")).containsExactly("TB_MO");
    assertThat(visible(Dialect.SQLITE, "main")).containsExactly("TB_MO");
    // H2 spells it PUBLIC; policies compare schema names case-insensitively
    assertThat(visible(Dialect.H2, "public")).containsExactly("TB_MO");
    assertThat(visible(Dialect.POSTGRESQL, "public", "sales"))
        .containsExactly("TB_MO", "sales.orders");
  }

  @Test
  void should_hide_the_default_schemas_tables_when_the_policy_allows_another_schema_only() {
    assertThat(visible(Dialect.POSTGRESQL, "sales")).containsExactly("sales.orders");
    assertThat(visible(Dialect.SQLITE, "sales")).containsExactly("sales.orders");
    assertThat(visible(Dialect.H2, "other")).isEmpty();
  }

  @Test
  void should_show_every_schema_when_the_policy_names_none() {
    assertThat(visible(Dialect.POSTGRESQL)).containsExactly("TB_MO", "sales.orders");
  }

  @Test
  void should_apply_a_column_rule_that_names_the_table_with_its_default_schema() {
    GovernancePolicy policy =
        GovernancePolicy.defaults("plant")
            .withColumnRule(
                new ColumnRule("*", "public.TB_MO", "MO_DS", ColumnTreatment.HIDE, null));

    SchemaCatalog seen = new Visibility(policy, ANA, Dialect.POSTGRESQL).visible(CATALOG);

    assertThat(seen.table("TB_MO").orElseThrow().columns())
        .extracting(Column::name)
        .containsExactly("MO_NR");
  }
}
