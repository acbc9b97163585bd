package dev.parlance.adapters.db.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.evaluation.QueryComponents;
import dev.parlance.domain.evaluation.QueryComponents.Connector;
import dev.parlance.domain.evaluation.SpiderHardness;
import org.junit.jupiter.api.Test;

class SqlQueryComponentsTest {

  @Test
  void should_flatten_conditions_into_predicates_and_connectors_as_spider_reads_them() {
    QueryComponents c =
        SqlQueryComponents.of(
            "SELECT a FROM t WHERE (b = 1 OR c LIKE 'x%') AND d NOT IN (SELECT d FROM u)");

    assertThat(c.where().connectors()).containsExactly(Connector.OR, Connector.AND);
    assertThat(c.where().predicates())
        .extracting(p -> p.negated() + "/" + p.like() + "/" + p.subqueries().size())
        .containsExactly("false/false/0", "false/true/0", "true/false/1");
  }

  @Test
  void should_give_a_set_operation_its_right_side_and_the_last_query_the_order_by() {
    QueryComponents c =
        SqlQueryComponents.of(
            "SELECT a FROM t UNION SELECT a FROM u EXCEPT SELECT a FROM v ORDER BY a LIMIT 3");

    assertThat(c.orderByAggregates()).isEmpty();
    assertThat(c.union()).isPresent();
    assertThat(c.union().get().except()).isPresent();
    assertThat(c.union().get().except().get().orderByAggregates()).containsExactly(0);
    assertThat(c.union().get().except().get().limit()).isTrue();
  }

  @Test
  void should_count_joins_and_their_conditions() {
    QueryComponents c =
        SqlQueryComponents.of(
            "SELECT T1.a, count(*) FROM t AS T1 JOIN u AS T2 ON T1.id = T2.id JOIN v ON v.x = T2.x"
                + " GROUP BY T1.a ORDER BY count(*) DESC LIMIT 1");

    assertThat(c.tableUnits()).isEqualTo(3);
    assertThat(c.from().predicates()).hasSize(2);
    assertThat(c.from().connectors()).containsExactly(Connector.AND);
    assertThat(c.selectAggregated()).containsExactly(false, true);
    assertThat(c.orderByAggregates()).containsExactly(1);
    assertThat(SpiderHardness.of(c)).isEqualTo(SpiderHardness.EXTRA);
  }

  @Test
  void should_refuse_what_is_not_a_query() {
    assertThatThrownBy(() -> SqlQueryComponents.of("DELETE FROM t"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a query");
    assertThatThrownBy(() -> SqlQueryComponents.of("SELEKT"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot parse");
  }
}
