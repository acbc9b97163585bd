package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

/** The row cap on a rewritten query: one more row than the cap, without changing its meaning. */
class RowCapTest {

  private static String capped(String sql, int cap) throws Exception {
    return RowCap.apply((Select) CCJSqlParserUtil.parse(sql), cap).toString();
  }

  @Test
  void should_wrap_instead_of_adding_a_second_limit_when_a_union_ends_with_one() throws Exception {
    assertThat(capped("SELECT a FROM t UNION ALL SELECT b FROM u LIMIT 3", 1000))
        .isEqualTo(
            "SELECT * FROM (SELECT a FROM t UNION ALL SELECT b FROM u LIMIT 3) parlance_capped"
                + " LIMIT 1001");
    assertThat(capped("SELECT a FROM t UNION SELECT b FROM u", 10))
        .isEqualTo(
            "SELECT * FROM (SELECT a FROM t UNION SELECT b FROM u) parlance_capped LIMIT 11");
  }

  @Test
  void should_add_or_lower_a_literal_limit_when_the_query_is_plain() throws Exception {
    assertThat(capped("SELECT a FROM t", 100)).isEqualTo("SELECT a FROM t LIMIT 101");
    assertThat(capped("SELECT a FROM t ORDER BY a LIMIT 5000", 100))
        .isEqualTo("SELECT a FROM t ORDER BY a LIMIT 101");
    assertThat(capped("SELECT a FROM t LIMIT 7", 100)).isEqualTo("SELECT a FROM t LIMIT 7");
    assertThat(capped("SELECT a FROM t LIMIT 500 OFFSET 10", 100))
        .isEqualTo("SELECT * FROM (SELECT a FROM t LIMIT 500 OFFSET 10) parlance_capped LIMIT 101");
  }

  @Test
  void should_keep_the_with_clause_in_front_when_it_wraps() throws Exception {
    assertThat(capped("WITH x AS (SELECT 1 AS a) SELECT a FROM x UNION SELECT 2", 5))
        .isEqualTo(
            "WITH x AS (SELECT 1 AS a) SELECT * FROM (SELECT a FROM x UNION SELECT 2)"
                + " parlance_capped LIMIT 6");
    assertThat(capped("SELECT a FROM t FETCH FIRST 500 ROWS ONLY", 5))
        .isEqualTo(
            "SELECT * FROM (SELECT a FROM t FETCH FIRST 500 ROWS ONLY) parlance_capped LIMIT 6");
  }
}
