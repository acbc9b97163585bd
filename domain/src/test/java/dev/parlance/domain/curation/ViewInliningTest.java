package dev.parlance.domain.curation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.source.Dialect;
import org.junit.jupiter.api.Test;

class ViewInliningTest {

  private final Curation plant = CurationFixture.plant();

  @Test
  void should_put_used_views_in_front_with_dependencies_first_when_a_view_uses_another() {
    String sql =
        ViewInlining.inline(plant, Dialect.SQLITE, "SELECT count(*) FROM maintenance_order");

    assertThat(sql)
        .startsWith("WITH installation AS (SELECT IN_ID AS id, IN_CD AS code FROM TB_IN),\n")
        .contains("maintenance_order AS (SELECT m.MO_ID")
        .endsWith("\nSELECT count(*) FROM maintenance_order");
  }

  @Test
  void should_leave_the_query_alone_when_it_names_no_view() {
    String sql = "SELECT 'maintenance_order' AS label, x.installation FROM TB_MO x -- installation";

    assertThat(ViewInlining.inline(plant, Dialect.SQLITE, sql)).isEqualTo(sql);
  }

  @Test
  void should_merge_with_the_querys_own_with_clause_when_it_has_one() {
    String sql =
        ViewInlining.inline(
            plant,
            Dialect.SQLITE,
            "with recursive n(x) AS (SELECT 1) SELECT * FROM n, installation");

    assertThat(sql)
        .isEqualTo(
            "WITH RECURSIVE installation AS (SELECT IN_ID AS id, IN_CD AS code FROM TB_IN),\n"
                + "n(x) AS (SELECT 1) SELECT * FROM n, installation");
  }

  @Test
  void should_name_the_cycle_when_views_use_each_other() {
    Curation looped =
        plant
            .withView(CuratedView.of("a_view", ViewKind.CONCEPTUAL, "", "SELECT * FROM b_view"))
            .withView(CuratedView.of("b_view", ViewKind.CONCEPTUAL, "", "SELECT * FROM a_view"));

    assertThatThrownBy(() -> ViewInlining.inline(looped, Dialect.H2, "SELECT * FROM a_view"))
        .hasMessage("views use each other in a cycle: a_view → b_view → a_view");
  }

  @Test
  void should_read_quoted_names_and_skip_qualified_columns_when_scanning() {
    assertThat(
            ViewInlining.namesIn("SELECT m.status FROM \"Maintenance_Order\" m WHERE x = 'a''b'"))
        .containsExactly("select", "m", "from", "maintenance_order", "where", "x");
  }
}
