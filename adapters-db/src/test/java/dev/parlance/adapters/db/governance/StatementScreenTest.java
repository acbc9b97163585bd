package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.source.Dialect;
import java.util.concurrent.Executors;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The first step: raw-text checks, the parse, and the statement's kind by the parser's types. */
class StatementScreenTest {

  private static Deny refused(String sql, Dialect dialect) {
    return catchThrowableOfType(
        Deny.class,
        () -> StatementScreen.screen(sql, dialect, Executors.newSingleThreadExecutor()));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "INSERT INTO t VALUES (1)|DATA_CHANGE|Insert statements are refused",
        "UPDATE t SET a = 1|DATA_CHANGE|Update statements are refused",
        "DELETE FROM t|DATA_CHANGE|Delete statements are refused",
        "CREATE TABLE t (a int)|SCHEMA_CHANGE|Create Table statements are refused",
        "DROP TABLE t|SCHEMA_CHANGE|Drop statements are refused",
        "GRANT SELECT ON t TO x|SCHEMA_CHANGE|Grant statements are refused",
        "COMMIT|TRANSACTION_CONTROL|Commit statements are refused",
        "SET search_path = x|SESSION_CONTROL|Set statements are refused"
      })
  void should_name_the_kind_from_the_parsers_statement_type_when_the_statement_is_not_a_query(
      String sql, RefusalKind kind, String reason) throws Exception {
    // the statement types as the parser builds them, without the first-keyword shortcut
    Deny d = StatementScreen.refuse(CCJSqlParserUtil.parse(sql));
    assertThat(d.refusal().kind()).isEqualTo(kind);
    assertThat(d.refusal().reason()).startsWith(reason).contains("read-only queries only");
  }

  @Test
  void should_pass_exactly_one_query_when_the_text_holds_one() {
    Select s =
        StatementScreen.screen(
            "WITH a AS (SELECT 1) SELECT * FROM a",
            Dialect.SQLITE,
            Executors.newSingleThreadExecutor());
    assertThat(s.toString()).isEqualTo("WITH a AS (SELECT 1) SELECT * FROM a");
    assertThat(refused("VALUES (1)", Dialect.POSTGRESQL).refusal().kind())
        .isEqualTo(RefusalKind.NOT_A_QUERY);
    assertThat(refused("SELECT 1; SELECT 2", Dialect.SQLITE).refusal().kind())
        .isEqualTo(RefusalKind.MULTIPLE_STATEMENTS);
  }

  @Test
  void should_say_where_it_stops_without_parser_jargon_when_the_text_does_not_parse() {
    for (String sql :
        new String[] {
          "SELEC * FORM TB_MO",
          "SELECT * FROM TB_MO WHERE",
          "SELECT a FROM t WHERE a = = 1",
          "SELECT 1 FROM t WHERE x \u200B= 1"
        }) {
      Deny d = refused(sql, Dialect.SQLITE);
      assertThat(d.refusal().kind()).as(sql).isIn(RefusalKind.UNPARSABLE, RefusalKind.NOT_A_QUERY);
      assertThat(d.refusal().reason())
          .as(sql)
          .doesNotContain("lexical state", "Was expecting", "Encountered", "<EOF>", "Exception");
    }
    assertThat(refused("SELECT a FROM t WHERE a = = 1", Dialect.SQLITE).refusal().reason())
        .contains("line 1, column");
  }
}
