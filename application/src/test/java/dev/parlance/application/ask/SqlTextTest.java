package dev.parlance.application.ask;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlTextTest {

  @Test
  void should_read_a_fenced_statement_and_the_explanation_after_it() {
    String answer =
        "Here you go:\n```sql\nSELECT IN_CD\nFROM TB_IN;\n```\nExplanation: Lists the codes.\n\nThanks";

    assertThat(SqlText.sql(answer, false)).contains("SELECT IN_CD\nFROM TB_IN");
    assertThat(SqlText.explanation(answer)).contains("Lists the codes.");
  }

  @Test
  void should_read_a_labelled_statement_up_to_the_next_label() {
    String answer = "Question: x\nSQLQuery: SELECT 1 FROM t\nSQLResult: 1\nAnswer: one";

    assertThat(SqlText.sql(answer, false)).contains("SELECT 1 FROM t");
  }

  @Test
  void should_give_back_the_select_that_a_prompt_ended_with() {
    assertThat(SqlText.sql(" IN_CD FROM TB_IN", true)).contains("SELECT IN_CD FROM TB_IN");
    assertThat(SqlText.sql("SELECT IN_CD FROM TB_IN", true)).contains("SELECT IN_CD FROM TB_IN");
  }

  @Test
  void should_find_a_bare_statement_in_prose_but_not_read_prose_as_sql() {
    assertThat(SqlText.sql("The answer is SELECT a FROM b; hope it helps", false))
        .contains("SELECT a FROM b");
    assertThat(SqlText.sql("WITH x AS (SELECT 1) SELECT * FROM x", false))
        .contains("WITH x AS (SELECT 1) SELECT * FROM x");
    assertThat(SqlText.sql("I cannot help with that.", false)).isEmpty();
  }

  @Test
  void should_keep_a_semicolon_inside_a_string_literal() {
    assertThat(SqlText.sql("```sql\nSELECT 'a;b' FROM t; DROP TABLE t\n```", false))
        .contains("SELECT 'a;b' FROM t");
  }
}
