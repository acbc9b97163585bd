package dev.parlance.domain.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.evaluation.QueryComponents.Conditions;
import dev.parlance.domain.evaluation.QueryComponents.Connector;
import dev.parlance.domain.evaluation.QueryComponents.Predicate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SpiderHardnessTest {

  private static final Predicate PLAIN = new Predicate(false, false, List.of());
  private static final Predicate LIKE = new Predicate(false, true, List.of());
  private static final Predicate NEGATED = new Predicate(true, false, List.of());

  /** A query builder in Spider's terms. */
  private static final class Q {
    List<Boolean> select = new ArrayList<>(List.of(false));
    int tables = 1;
    Conditions from = Conditions.NONE;
    Conditions where = Conditions.NONE;
    List<Boolean> groupBy = new ArrayList<>();
    Conditions having = Conditions.NONE;
    List<Integer> orderBy = new ArrayList<>();
    boolean limit;
    Optional<QueryComponents> union = Optional.empty();

    QueryComponents build() {
      return new QueryComponents(
          select,
          tables,
          from,
          where,
          groupBy,
          having,
          orderBy,
          limit,
          Optional.empty(),
          union,
          Optional.empty());
    }
  }

  private static Conditions and(Predicate... predicates) {
    List<Connector> connectors = new ArrayList<>();
    for (int i = 1; i < predicates.length; i++) {
      connectors.add(Connector.AND);
    }
    return new Conditions(List.of(predicates), connectors);
  }

  @Test
  void should_be_easy_when_one_component_at_most() {
    // SELECT count(*) FROM singer
    Q q = new Q();
    q.select = List.of(true);
    assertThat(SpiderHardness.of(q.build())).isEqualTo(SpiderHardness.EASY);
    // SELECT name FROM singer WHERE age > 20
    Q w = new Q();
    w.where = and(PLAIN);
    assertThat(SpiderHardness.of(w.build())).isEqualTo(SpiderHardness.EASY);
  }

  @Test
  void should_be_medium_when_two_select_items_and_a_where() {
    // SELECT name, country FROM singer WHERE age > 20: others = 1 (two select items), c1 = 1.
    Q q = new Q();
    q.select = List.of(false, false);
    q.where = and(PLAIN);
    assertThat(SpiderHardness.of(q.build())).isEqualTo(SpiderHardness.MEDIUM);
  }

  @Test
  void should_be_hard_when_one_nested_query_and_nothing_else() {
    // SELECT name FROM t WHERE x IN (SELECT ...): c1 = 1, c2 = 1, others = 0.
    Q q = new Q();
    q.where = and(new Predicate(false, false, List.of(new Q().build())));
    assertThat(SpiderHardness.of(q.build())).isEqualTo(SpiderHardness.HARD);
  }

  @Test
  void should_be_extra_when_a_set_operation_comes_with_more() {
    Q q = new Q();
    q.select = List.of(false, false);
    q.union = Optional.of(new Q().build());
    assertThat(SpiderHardness.of(q.build())).isEqualTo(SpiderHardness.EXTRA);
  }

  @Test
  void should_count_joins_ors_and_likes_as_components() {
    // FROM a JOIN b JOIN c WHERE x LIKE .. OR y = ..: c1 = where + 2 joins + or + like = 5.
    Q q = new Q();
    q.tables = 3;
    q.where = new Conditions(List.of(LIKE, PLAIN), List.of(Connector.OR));
    assertThat(SpiderHardness.componentsOne(q.build())).isEqualTo(5);
    assertThat(SpiderHardness.of(q.build())).isEqualTo(SpiderHardness.EXTRA);
  }

  @Test
  void should_count_negated_where_predicates_as_aggregates_as_spider_does() {
    // count_agg(sql['where'][::2]) reads cond_unit[0], the not_op flag: NOT IN counts, and with the
    // select's count(*) there are two "aggregates".
    Q q = new Q();
    q.select = List.of(true);
    q.where = and(NEGATED);
    assertThat(SpiderHardness.others(q.build())).isEqualTo(1);
    Q plain = new Q();
    plain.select = List.of(true);
    plain.where = and(PLAIN);
    assertThat(SpiderHardness.others(plain.build())).isZero();
  }

  @Test
  void should_count_having_connectors_but_not_having_aggregates_as_spider_does() {
    // count_agg(sql['having']) reads element [0]: a cond_unit's not_op, or the 'a' of 'and'.
    Q q = new Q();
    q.select = List.of(true);
    q.groupBy = List.of(false);
    q.having = and(PLAIN, PLAIN);
    assertThat(SpiderHardness.others(q.build())).isEqualTo(1);
    Q one = new Q();
    one.select = List.of(true);
    one.groupBy = List.of(false);
    one.having = and(PLAIN);
    assertThat(SpiderHardness.others(one.build())).isZero();
  }

  @Test
  void should_count_order_by_aggregates() {
    // SELECT name, count(*) ... GROUP BY name ORDER BY count(*) DESC LIMIT 1
    Q q = new Q();
    q.select = List.of(false, true);
    q.groupBy = List.of(false);
    q.orderBy = List.of(1);
    q.limit = true;
    assertThat(SpiderHardness.componentsOne(q.build())).isEqualTo(3);
    assertThat(SpiderHardness.others(q.build())).isEqualTo(2);
    assertThat(SpiderHardness.of(q.build())).isEqualTo(SpiderHardness.HARD);
  }
}
