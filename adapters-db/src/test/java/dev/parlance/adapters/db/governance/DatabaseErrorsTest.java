package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Database errors in a user's words: the engine's wording, no value the statement did not hold. */
class DatabaseErrorsTest {

  @Test
  void should_keep_the_kind_and_drop_the_value_when_an_error_quotes_data() {
    DatabaseErrors.Described d =
        DatabaseErrors.describe(
            "bad JSON path: 'Plataforma Norte 7'",
            "SQL logic error",
            0,
            "SELECT json_extract('{}', IN_NM) FROM TB_IN");
    assertThat(d.kind()).isEqualTo("invalid JSON path");
    assertThat(d.message()).isEqualTo("bad JSON path: '…'").doesNotContain("Norte");
    DatabaseErrors.Described pg =
        DatabaseErrors.describe(
            "invalid input syntax for type integer: \"Maria\"",
            "22P02",
            8,
            "SELECT CAST(x AS int) WHERE 'Maria' = 'Maria'");
    assertThat(pg.message())
        .isEqualTo(
            "invalid input syntax for type integer: \"…\" (at character 8 of the statement as run)");
    assertThat(pg.kind()).isEqualTo("a value cannot be read as the type asked");
  }

  @Test
  void should_place_the_error_in_the_users_sql_when_the_statement_as_run_expanded_views() {
    String asked = "SELECT nope FROM installation";
    String run =
        "WITH installation AS (SELECT i.IN_ID AS id FROM TB_IN i WHERE i.IN_RG_CD = 'SE') " + asked;
    int inRun = run.indexOf("nope") + 1;
    DatabaseErrors.Described d =
        DatabaseErrors.describe("no such column: nope", "SQL logic error", inRun, asked, run);
    assertThat(d.message()).isEqualTo("no such column: nope (at character 8 of your SQL)");
    // Rewritten around the user's text: the word at the position, when it occurs once.
    String rewritten = "SELECT * FROM (SELECT   nope FROM installation) LIMIT 1001";
    assertThat(DatabaseErrors.positionInAsked(rewritten, rewritten.indexOf("nope") + 1, asked))
        .isEqualTo(8);
    // A position in what Parlance added is no place in the user's SQL: left out.
    assertThat(DatabaseErrors.describe("syntax error", "SQL logic error", 10, asked, run).message())
        .isEqualTo("syntax error");
    assertThat(DatabaseErrors.positionInAsked(run, 0, asked)).isZero();
  }

  @Test
  void should_keep_names_the_statement_wrote_and_hide_others_when_an_error_names_schema_facts() {
    assertThat(
            DatabaseErrors.describe(
                    "no such column: NO_SUCH_COLUMN",
                    "SQL logic error",
                    0,
                    "SELECT NO_SUCH_COLUMN FROM TB_MO")
                .message())
        .isEqualTo("no such column: NO_SUCH_COLUMN");
    assertThat(
            DatabaseErrors.describe(
                    "no such column: EMP_SALARY", "SQL logic error", 0, "SELECT x FROM t")
                .message())
        .isEqualTo("no such column: …");
    assertThat(
            DatabaseErrors.describe(
                    "sub-select returns 13 columns - expected 1", "SQL logic error", 0, "SELECT 1")
                .message())
        .isEqualTo("sub-select returns … columns - expected 1");
    assertThat(
            DatabaseErrors.describe(
                    "column \"emp_ph\" does not exist", "42703", 12, "SELECT emp_ph FROM tb_emp")
                .message())
        .startsWith("column \"emp_ph\" does not exist");
  }

  @Test
  void should_name_an_unknown_error_by_its_code_when_no_pattern_knows_it() {
    DatabaseErrors.Described d =
        DatabaseErrors.describe("something odd 'secret'", "XX000", 0, "SELECT 1");
    assertThat(d.kind()).isEqualTo("database error (XX000)");
    assertThat(d.message()).doesNotContain("secret");
  }
}
