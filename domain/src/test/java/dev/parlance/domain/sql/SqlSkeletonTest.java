package dev.parlance.domain.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlSkeletonTest {

  private static String skeleton(String sql) {
    return SqlSkeleton.of(sql).text();
  }

  @Test
  void should_mask_tables_columns_and_values_when_the_sql_is_simple() {
    assertThat(skeleton("SELECT count(*) FROM head WHERE age  >  56"))
        .isEqualTo("SELECT COUNT(*) FROM [table_name] WHERE [column_name] > [value]");
    assertThat(skeleton("select name, country from singer where country = 'France' limit 3;"))
        .isEqualTo(
            "SELECT [column_name], [column_name] FROM [table_name] WHERE [column_name] = [value]"
                + " LIMIT [value]");
  }

  @Test
  void should_drop_aliases_and_qualifiers_when_tables_are_joined() {
    assertThat(
            skeleton(
                "SELECT T2.name, count(*) FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id"
                    + " = T2.stadium_id GROUP BY T1.stadium_id"))
        .isEqualTo(
            "SELECT [column_name], COUNT(*) FROM [table_name] JOIN [table_name] ON [column_name]"
                + " = [column_name] GROUP BY [column_name]");
    // Aliases without AS, and a comma-separated table list.
    assertThat(skeleton("SELECT a.x FROM t1 a, t2 b WHERE a.id = b.id"))
        .isEqualTo(
            "SELECT [column_name] FROM [table_name], [table_name] WHERE [column_name] ="
                + " [column_name]");
  }

  @Test
  void should_read_spiders_double_quoted_text_as_a_value_and_birds_backticks_as_names() {
    assertThat(skeleton("SELECT name FROM singer WHERE country = \"France\""))
        .isEqualTo(skeleton("SELECT name FROM singer WHERE country = 'France'"));
    assertThat(
            skeleton(
                "SELECT `Free Meal Count (K-12)` / `Enrollment (K-12)` FROM frpm WHERE `County"
                    + " Name` = 'Alameda' ORDER BY 1.0 DESC"))
        .isEqualTo(
            "SELECT [column_name] / [column_name] FROM [table_name] WHERE [column_name] = [value]"
                + " ORDER BY [value] DESC");
    assertThat(skeleton("SELECT T.\"Name\" FROM \"Singer\" T"))
        .isEqualTo("SELECT [column_name] FROM [table_name]");
  }

  @Test
  void should_keep_the_structure_of_nested_queries_set_operations_and_casts() {
    assertThat(
            skeleton(
                "SELECT name FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert)"))
        .isEqualTo(
            "SELECT [column_name] FROM [table_name] WHERE [column_name] NOT IN (SELECT"
                + " [column_name] FROM [table_name])");
    assertThat(
            skeleton(
                "SELECT CAST(SUM(CASE WHEN gender = 'F' THEN 1 ELSE 0 END) AS REAL) * 100 /"
                    + " COUNT(id) AS pct FROM patient"))
        .isEqualTo(
            "SELECT CAST(SUM(CASE WHEN [column_name] = [value] THEN [value] ELSE [value] END) AS"
                + " REAL) * [value] / COUNT([column_name]) FROM [table_name]");
    assertThat(skeleton("SELECT a FROM x UNION SELECT b FROM y"))
        .isEqualTo(
            "SELECT [column_name] FROM [table_name] UNION SELECT [column_name] FROM"
                + " [table_name]");
  }

  @Test
  void should_give_queries_that_differ_only_in_names_and_values_the_same_skeleton() {
    SqlSkeleton a = SqlSkeleton.of("SELECT name FROM singer WHERE age > 30 ORDER BY age DESC");
    SqlSkeleton b = SqlSkeleton.of("select title from song where year > 1999 order by year desc");

    assertThat(a).isEqualTo(b);
    assertThat(a.similarity(b)).isEqualTo(1.0);
  }

  @Test
  void should_rank_skeletons_by_how_much_of_their_structure_they_share() {
    SqlSkeleton draft = SqlSkeleton.of("SELECT count(*) FROM singer WHERE age > 20");
    SqlSkeleton same = SqlSkeleton.of("SELECT count(*) FROM head WHERE age > 56");
    SqlSkeleton grouped =
        SqlSkeleton.of("SELECT country, count(*) FROM singer WHERE age > 20 GROUP BY country");
    SqlSkeleton other =
        SqlSkeleton.of(
            "SELECT T1.name FROM a AS T1 JOIN b AS T2 ON T1.id = T2.id ORDER BY T2.x DESC LIMIT 1");

    assertThat(draft.similarity(same)).isEqualTo(1.0);
    assertThat(draft.similarity(grouped)).isLessThan(1.0).isGreaterThan(draft.similarity(other));
    assertThat(draft.similarity(other)).isEqualTo(other.similarity(draft));
    // Ratcliff/Obershelp on tokens: 2·M/(|a|+|b|). draft has 11 tokens, grouped 16, and every
    // token of draft is matched in order (M = 11).
    assertThat(draft.tokens()).hasSize(11);
    assertThat(grouped.tokens()).hasSize(16);
    assertThat(draft.similarity(grouped)).isEqualTo(2.0 * 11 / 27);
  }

  @Test
  void should_leave_comments_out() {
    assertThat(skeleton("SELECT name /* the singer */ FROM singer -- all of them\nLIMIT 1"))
        .isEqualTo("SELECT [column_name] FROM [table_name] LIMIT [value]");
  }

  @Test
  void should_mask_what_a_parser_would_refuse() {
    assertThat(skeleton("SELECT foo FROM WHERE = 'x'"))
        .isEqualTo("SELECT [column_name] FROM WHERE = [value]");
    assertThat(skeleton("")).isEmpty();
  }
}
