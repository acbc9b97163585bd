package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.source.Dialect;
import org.junit.jupiter.api.Test;

class SqlLexerTest {

  @Test
  void should_ignore_semicolons_when_they_stand_in_strings_names_or_comments() {
    assertThat(SqlLexer.scan("SELECT ';' AS \";\" -- ;\n/* ; */", Dialect.SQLITE).statements())
        .isEqualTo(1);
    assertThat(SqlLexer.scan("SELECT 1;", Dialect.SQLITE).statements()).isEqualTo(1);
    assertThat(SqlLexer.scan("SELECT 1; DELETE FROM t", Dialect.SQLITE).statements()).isEqualTo(2);
    assertThat(SqlLexer.scan(" ;; -- x", Dialect.SQLITE).statements()).isZero();
  }

  @Test
  void
      should_split_statements_as_postgres_does_when_escapes_dollar_quotes_or_nested_comments_appear() {
    // E'\'' is one string holding a quote: then come a DELETE and a comment.
    assertThat(SqlLexer.scan("SELECT E'\\'' ; DELETE FROM t; --'", Dialect.POSTGRESQL).statements())
        .isEqualTo(2);
    // Read as a standard string, the same text is one statement with a string "'\'' ; … --'".
    assertThat(SqlLexer.scan("SELECT '\\'' ; DELETE FROM t; --'", Dialect.SQLITE).statements())
        .isEqualTo(1);
    assertThat(SqlLexer.scan("SELECT $tag$ ; $tag$", Dialect.POSTGRESQL).statements()).isEqualTo(1);
    assertThat(SqlLexer.scan("SELECT 1 /* a /* b */ ; c */", Dialect.POSTGRESQL).statements())
        .isEqualTo(1);
    // SQLite does not nest comments: the ; after the first */ is real.
    assertThat(SqlLexer.scan("SELECT 1 /* a /* b */ ; c */", Dialect.SQLITE).statements())
        .isEqualTo(2);
    assertThat(SqlLexer.scan("SELECT $1", Dialect.POSTGRESQL).unterminated()).isFalse();
  }

  @Test
  void should_find_the_called_function_when_its_name_is_quoted_or_qualified() {
    SqlLexer.Scan scan =
        SqlLexer.scan(
            "SELECT pg_catalog.PG_SLEEP (1), \"lo_import\"('x'), 'pg_read_file(' FROM t",
            Dialect.POSTGRESQL);
    assertThat(scan.calledNames()).contains("pg_sleep", "lo_import").doesNotContain("pg_read_file");
    assertThat(scan.firstKeyword()).isEqualTo("select");
  }

  @Test
  void should_report_depth_and_unterminated_input_when_scanning() {
    assertThat(SqlLexer.scan("SELECT ((1))", Dialect.H2).maxDepth()).isEqualTo(2);
    assertThat(SqlLexer.scan("SELECT 'abc", Dialect.H2).unterminated()).isTrue();
    assertThat(SqlLexer.scan("SELECT 1 /* x", Dialect.SQLITE).unterminated()).isTrue();
    assertThat(SqlLexer.scan("/* c */ -- d\n delete from t", Dialect.SQLITE).firstKeyword())
        .isEqualTo("delete");
  }
}
