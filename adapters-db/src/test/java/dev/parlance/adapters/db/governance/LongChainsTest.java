package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.testing.LeakCorpus;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Long chains of AND, OR and || become balanced trees: same terms, shallow nesting. */
class LongChainsTest {

  @Test
  void should_refuse_by_count_every_time_when_a_chain_has_more_than_a_thousand_terms() {
    Relations relations =
        Relations.of(
            List.of(new Relations.Relation(null, "TB_MO", false, List.of("MO_ID"))),
            DialectRules.of(Dialect.SQLITE));
    for (int attempt = 0; attempt < 3; attempt++) {
      SqlGovernor.Decision d =
          SqlGovernor.decide(
              DataSource.of("plant", "jdbc:sqlite:/p.sqlite", Credentials.none()),
              GovernancePolicy.defaults("plant"),
              UserIdentity.of("ana"),
              LeakCorpus.longOr(2600),
              relations,
              ViewExpansion.none());
      assertThat(d).isInstanceOf(SqlGovernor.Denied.class);
      assertThat(((SqlGovernor.Denied) d).refusal().kind()).isEqualTo(RefusalKind.TOO_COMPLEX);
      assertThat(((SqlGovernor.Denied) d).refusal().reason())
          .isEqualTo(
              "the statement joins 2,600 terms with AND, OR or ||; the limit is 1,000: write a"
                  + " long list of values as IN (…)");
    }
  }

  @Test
  void should_run_as_a_shallow_tree_when_a_query_holds_a_1000_term_or() {
    Relations relations =
        Relations.of(
            List.of(new Relations.Relation(null, "TB_MO", false, List.of("MO_ID"))),
            DialectRules.of(Dialect.SQLITE));
    String sql = LeakCorpus.longOr(1000);
    SqlGovernor.Decision d =
        SqlGovernor.decide(
            DataSource.of("plant", "jdbc:sqlite:/p.sqlite", Credentials.none()),
            GovernancePolicy.defaults("plant"),
            UserIdentity.of("ana"),
            sql,
            relations,
            ViewExpansion.none());
    assertThat(d).isInstanceOf(SqlGovernor.Allowed.class);
    String run = ((SqlGovernor.Allowed) d).sql();
    assertThat(run.split(" OR ", -1)).hasSize(1000);
    assertThat(SqlLexer.scan(run, Dialect.SQLITE).maxDepth()).isBetween(6, 14);
    for (int i : new int[] {0, 1, 500, 999}) {
      assertThat(run).containsPattern("MO_ID = " + i * 3 + "\\b");
    }
    assertThat(run).doesNotContainPattern("MO_ID = (1|4|2998)\\b");
  }

  @Test
  void should_leave_a_short_chain_as_written() {
    Relations relations =
        Relations.of(
            List.of(new Relations.Relation(null, "t", false, List.of("a"))),
            DialectRules.of(Dialect.SQLITE));
    SqlGovernor.Decision d =
        SqlGovernor.decide(
            DataSource.of("plant", "jdbc:sqlite:/p.sqlite", Credentials.none()),
            GovernancePolicy.defaults("plant"),
            UserIdentity.of("ana"),
            "SELECT a FROM t WHERE a = 1 OR a = 2 OR a = 3",
            relations,
            ViewExpansion.none());
    assertThat(((SqlGovernor.Allowed) d).sql())
        .isEqualTo("SELECT a FROM \"t\" t WHERE a = 1 OR a = 2 OR a = 3 LIMIT 1001");
  }
}
