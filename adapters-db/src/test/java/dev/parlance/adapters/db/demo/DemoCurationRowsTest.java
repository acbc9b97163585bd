package dev.parlance.adapters.db.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.curation.CurationFiles;
import dev.parlance.adapters.db.governance.Governance;
import dev.parlance.adapters.db.governance.QueryExecution;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The first piece of evidence: for every verified question of the demo, its SQL over the
 * LLM-friendly views, expanded by Parlance into {@code WITH} clauses inside governed execution,
 * returns exactly the rows of the hand-written SQL over the base tables — for a user without
 * restrictions and for a regional user whose row filters apply underneath the views.
 */
class DemoCurationRowsTest {

  @TempDir static Path dir;
  static DataSource demo;
  static Curation curation;
  static Map<String, String> baseSql;
  static QueryExecution overViews;
  static final GovernancePolicy POLICY = DemoDatabase.policy();

  @BeforeAll
  static void generateTheDemo() {
    demo = DemoDatabase.source(DemoDatabase.ensure(dir));
    curation = CurationFiles.yaml().read(DemoDatabase.curationYaml());
    baseSql = DemoDatabase.baseTableSql();
    overViews = Governance.jdbc(new JdbcConnections(), curation.expansion());
  }

  @AfterAll
  static void close() {
    overViews.close();
  }

  static Stream<Arguments> questions() {
    Curation c = CurationFiles.yaml().read(DemoDatabase.curationYaml());
    List<Arguments> out = new ArrayList<>();
    for (VerifiedQuery q : c.verified()) {
      out.add(Arguments.of(q.id(), q));
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("questions")
  void should_return_the_rows_of_the_hand_written_base_table_sql_when_the_views_are_expanded(
      String id, VerifiedQuery question) {
    assertSameRows(question, UserIdentity.of("steward"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("questions")
  void should_keep_row_filters_under_the_views_when_a_regional_user_asks(
      String id, VerifiedQuery question) {
    assertSameRows(question, UserIdentity.of("rita", "regional").withAttribute("region", "NE"));
  }

  private static void assertSameRows(VerifiedQuery question, UserIdentity user) {
    String base = baseSql.get(question.id());
    assertThat(base).as("hand-written base-table SQL for " + question.id()).isNotNull();
    QueryResult viaViews = ran(overViews.execute(demo, POLICY, user, question.sql()));
    QueryResult viaBase = ran(overViews.execute(demo, POLICY, user, base));

    assertThat(viaViews.sqlRun()).as("expanded into WITH clauses").startsWithIgnoringCase("WITH ");
    assertThat(viaViews.truncated()).isFalse();
    assertThat(viaBase.truncated()).isFalse();
    boolean ordered = question.sql().toLowerCase(Locale.ROOT).contains("order by");
    if (ordered) {
      assertThat(viaViews.rows()).as(question.id()).isEqualTo(viaBase.rows());
    } else {
      assertThat(counts(viaViews.rows())).as(question.id()).isEqualTo(counts(viaBase.rows()));
    }
  }

  private static QueryResult ran(QueryOutcome outcome) {
    assertThat(outcome).as(outcome.toString()).isInstanceOf(QueryOutcome.Ran.class);
    return ((QueryOutcome.Ran) outcome).result();
  }

  private static Map<List<Object>, Integer> counts(List<List<Object>> rows) {
    Map<List<Object>, Integer> counts = new HashMap<>();
    rows.forEach(r -> counts.merge(r, 1, Integer::sum));
    return counts;
  }

  @Test
  void should_ship_over_30_verified_questions_of_every_difficulty_over_views_only() {
    assertThat(curation.verified()).hasSizeGreaterThanOrEqualTo(30);
    assertThat(curation.approved()).hasSameSizeAs(curation.verified());
    assertThat(curation.verified())
        .extracting(VerifiedQuery::difficulty)
        .contains("simple", "medium", "complex");
    assertThat(curation.verified())
        .allSatisfy(q -> assertThat(q.sql()).doesNotContainPattern("\\bTB_[A-Z]+\\b"));
    assertThat(baseSql.keySet())
        .containsExactlyInAnyOrderElementsOf(
            curation.verified().stream().map(VerifiedQuery::id).toList());
  }

  @Test
  void should_ship_conceptual_and_partially_extended_views_with_described_columns() {
    assertThat(curation.views()).hasSizeGreaterThanOrEqualTo(25);
    assertThat(curation.views())
        .extracting(v -> v.kind().label())
        .contains("conceptual", "partially-extended");
    assertThat(curation.views())
        .allSatisfy(
            v -> {
              assertThat(v.description()).isNotEmpty();
              assertThat(v.columns()).allSatisfy(c -> assertThat(c.meaning()).isNotEmpty());
            });
    CuratedView orders = curation.view("maintenance_order").orElseThrow();
    assertThat(orders.column("order_type").orElseThrow().dictionaryText())
        .startsWith("MO01 = corrective; MO02 = preventive");
    assertThat(orders.column("installation_code")).isPresent();
  }
}
