package dev.parlance.adapters.db.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.sql.SqlShape;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlAnalysisTest {

  private static final SchemaCatalog CATALOG =
      new SchemaCatalog(
          "plant",
          List.of(
              new Table(
                  "TB_IN",
                  TableKind.TABLE,
                  "",
                  List.of(Column.of("IN_ID", "INTEGER"), Column.of("IN_CD", "TEXT")),
                  List.of("IN_ID"),
                  List.of()),
              new Table(
                  "TB_MO",
                  TableKind.TABLE,
                  "",
                  List.of(Column.of("MO_ID", "INTEGER"), Column.of("MO_ST", "INTEGER")),
                  List.of("MO_ID"),
                  List.of())));

  private final AnalyzeSqlPort analyzer = SqlParsing.analyzer();

  @Test
  void should_name_the_tables_and_columns_a_query_reads_when_it_parses() {
    var shape =
        analyzer.analyze(
            "WITH open AS (SELECT MO_ID FROM TB_MO WHERE MO_ST = 1) "
                + "SELECT i.IN_CD, count(*) FROM TB_IN i, open o GROUP BY i.IN_CD",
            CATALOG);

    assertThat(shape.readable()).isTrue();
    assertThat(shape.query()).isTrue();
    assertThat(shape.tables()).containsExactlyInAnyOrder("tb_in", "tb_mo");
    assertThat(shape.columns()).contains("tb_in.in_cd", "tb_mo.mo_st", "tb_mo.mo_id");
    assertThat(shape.orderedAtTop()).isFalse();
  }

  @Test
  void should_see_a_top_level_order_by_but_not_one_inside_a_sub_query() {
    assertThat(analyzer.analyze("SELECT IN_CD FROM TB_IN ORDER BY IN_CD", CATALOG).orderedAtTop())
        .isTrue();
    assertThat(
            analyzer
                .analyze(
                    "SELECT IN_CD FROM (SELECT IN_CD FROM TB_IN ORDER BY IN_CD LIMIT 3) t", CATALOG)
                .orderedAtTop())
        .isFalse();
    assertThat(
            analyzer
                .analyze("SELECT IN_CD FROM TB_IN UNION SELECT 'x' ORDER BY 1", CATALOG)
                .orderedAtTop())
        .isTrue();
  }

  @Test
  void should_say_why_when_the_statement_is_not_a_readable_query() {
    assertThat(analyzer.analyze("SELEC broken", CATALOG).problem()).isPresent();
    assertThat(analyzer.analyze("DROP TABLE TB_IN", CATALOG).query()).isFalse();
  }

  @Test
  void should_name_the_line_and_column_where_the_statement_stops_parsing() {
    assertThat(analyzer.analyze("SELECT IN_CD,\n IN_ID\nFORM TB_IN", CATALOG).problem())
        .hasValueSatisfying(
            problem ->
                assertThat(problem)
                    .startsWith("cannot parse SQL: ")
                    .contains("at line 3, column 6")
                    .doesNotContain("lexical state"));
  }

  @Test
  void should_see_a_model_saying_it_cannot_answer_when_it_reads_no_table_or_selects_constants() {
    for (String answerless :
        List.of(
            "SELECT NULL AS operating_fpso_count",
            "SELECT 0",
            "SELECT 'unknown' AS name, CAST(NULL AS INTEGER) AS n",
            "SELECT NULL FROM TB_IN WHERE IN_ID = -1",
            "SELECT -1 FROM TB_MO UNION SELECT NULL FROM TB_IN")) {
      assertThat(analyzer.analyze(answerless, CATALOG).constantAnswer()).as(answerless).isTrue();
    }
    for (String answer :
        List.of(
            "SELECT count(*) FROM TB_MO",
            "SELECT IN_CD, NULL AS note FROM TB_IN",
            "SELECT EXISTS (SELECT 1 FROM TB_MO WHERE MO_ST = 1)",
            "SELECT (SELECT count(*) FROM TB_MO) AS n")) {
      assertThat(analyzer.analyze(answer, CATALOG).constantAnswer()).as(answer).isFalse();
    }
  }

  @Test
  void should_see_the_tables_a_query_reads_in_sub_queries_of_any_operand() {
    for (String answer :
        List.of(
            "SELECT json_object('open', (SELECT count(*) FROM TB_MO WHERE MO_ST = 1))",
            "SELECT json_array((SELECT count(*) FROM TB_MO), (SELECT count(*) FROM TB_IN))",
            "SELECT CASE WHEN (SELECT count(*) FROM TB_MO) > 10 THEN 'many' ELSE 'few' END",
            "SELECT coalesce((SELECT max(MO_ID) FROM TB_MO), 0) + 1",
            "SELECT (SELECT count(*) FROM TB_MO) - (SELECT count(*) FROM TB_IN) AS d",
            "SELECT 'yes' WHERE EXISTS (SELECT 1 FROM TB_MO WHERE MO_ST = 1)",
            "SELECT CAST((SELECT count(*) FROM TB_MO) AS REAL) / 2",
            "SELECT 1 IN (SELECT MO_ST FROM TB_MO)",
            "WITH n AS (SELECT count(*) AS c FROM TB_MO) SELECT (SELECT c FROM n)",
            "SELECT (SELECT count(*) FROM TB_MO) UNION ALL SELECT (SELECT count(*) FROM TB_IN)")) {
      SqlShape shape = analyzer.analyze(answer, CATALOG);
      assertThat(shape.constantAnswer()).as(answer).isFalse();
      assertThat(shape.tables()).as(answer).isNotEmpty();
    }
  }
}
