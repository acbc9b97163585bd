package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.testing.PostgresServer;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * "Not provisioned" is not remembered past {@code policy apply}: a user whom a row filter binds is
 * refused on a PostgreSQL source nobody provisioned, and served as soon as a steward applies the
 * policy, in this process at once, from another process within {@link
 * SourceState#NOT_PROVISIONED_TTL_NANOS}.
 */
class PostgresProvisioningStateIT {

  private static final Credentials ADMIN =
      new Credentials.FromEnvironment("STATE_ADMIN", "STATE_ADMIN_PASSWORD");
  private static final UserIdentity RITA =
      new UserIdentity("rita", Set.of("analyst", "regional"), Map.of("region", "SE"));

  /** A database of its own with one table, read by a login role of its own. */
  private record Db(DataSource source, JdbcConnections connections) {}

  private static Db database(String prefix) throws Exception {
    PostgresServer.Database db = PostgresServer.shared().newDatabase(prefix);
    String reader = db.name() + "_reader";
    String password = reader + "-secret";
    try (Connection c = PostgresServer.shared().superuser(db.name());
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE regions (code text PRIMARY KEY, name text NOT NULL)");
      st.execute("INSERT INTO regions VALUES ('SE', 'South-east'), ('NO', 'North')");
      st.execute("CREATE ROLE " + reader + " LOGIN PASSWORD '" + password + "'");
      st.execute("GRANT CONNECT ON DATABASE " + db.name() + " TO " + reader);
      st.execute("GRANT USAGE ON SCHEMA public TO " + reader);
      st.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + reader);
    }
    Map<String, String> env =
        Map.of(
            "STATE_USER",
            reader,
            "STATE_PASSWORD",
            password,
            "STATE_ADMIN",
            PostgresServer.SUPERUSER,
            "STATE_ADMIN_PASSWORD",
            PostgresServer.superuserPassword());
    return new Db(
        DataSource.of(
            prefix, db.url(), new Credentials.FromEnvironment("STATE_USER", "STATE_PASSWORD")),
        new JdbcConnections(env::get));
  }

  private static GovernancePolicy policy(String source) {
    return GovernancePolicy.defaults(source)
        .withRowFilter(new RowFilter("regional", "regions", "code = :user.region"))
        .published(1, "stella", Instant.parse("2026-11-30T10:00:00Z"));
  }

  @Test
  void should_serve_a_bound_user_right_after_policy_apply_in_the_same_process() throws Exception {
    Db db = database("applied_here");
    GovernancePolicy policy = policy(db.source().name());
    try (QueryExecution executor = Governance.jdbc(db.connections())) {
      QueryOutcome before = executor.execute(db.source(), policy, RITA, "SELECT name FROM regions");
      assertThat(before).isInstanceOf(QueryOutcome.Refused.class);
      assertThat(((QueryOutcome.Refused) before).refusal().kind())
          .isEqualTo(RefusalKind.UNENFORCEABLE_POLICY);

      // the steward applies the policy through another object of the same process, as the
      // command line's and the portal's wiring do
      Governance.provisioning(db.connections()).provision(db.source(), policy, ADMIN);

      QueryOutcome after = executor.execute(db.source(), policy, RITA, "SELECT name FROM regions");
      assertThat(after).as("%s", after).isInstanceOf(QueryOutcome.Ran.class);
      assertThat(((QueryOutcome.Ran) after).result().rows()).containsExactly(List.of("South-east"));
    }
  }

  @Test
  void should_read_another_processes_policy_apply_within_seconds() throws Exception {
    Db db = database("applied_elsewhere");
    GovernancePolicy policy = policy(db.source().name());
    AtomicLong now = new AtomicLong(1_000_000_000L);
    SourceState state = new SourceState(db.connections(), now::get);
    try (Connection c = db.connections().openReadOnly(db.source())) {
      c.setAutoCommit(false);
      assertThat(state.provisioned(db.source(), c, policy)).isNull();

      // Another process applies it: its provisioning names the same database under a key of its
      // own, so nothing tells this process's state.
      DataSource elsewhere =
          DataSource.of("another-process", db.source().jdbcUrl(), db.source().credentials());
      Governance.provisioning(db.connections()).provision(elsewhere, policy, ADMIN);

      now.addAndGet(SourceState.NOT_PROVISIONED_TTL_NANOS);
      assertThat(state.provisioned(db.source(), c, policy)).isEqualTo(policy.enforcementDigest());
    }
  }

  @Test
  void should_forget_what_it_kept_when_policy_apply_runs_in_this_process() throws Exception {
    Db db = database("applied_now");
    GovernancePolicy policy = policy(db.source().name());
    AtomicLong now = new AtomicLong(1_000_000_000L);
    SourceState state = new SourceState(db.connections(), now::get);
    try (Connection c = db.connections().openReadOnly(db.source())) {
      c.setAutoCommit(false);
      assertThat(state.provisioned(db.source(), c, policy)).isNull();

      // the clock stands still: only the provisioning's word makes the state read again
      Governance.provisioning(db.connections()).provision(db.source(), policy, ADMIN);

      assertThat(state.provisioned(db.source(), c, policy)).isEqualTo(policy.enforcementDigest());
    }
  }
}
