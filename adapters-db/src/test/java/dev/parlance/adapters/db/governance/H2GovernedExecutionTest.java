package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * H2 as a target: a development-only source kind, opened read-only, governed by the parser for
 * users no row filter or column rule binds, and refusing those it binds (its engine cannot enforce
 * them).
 */
class H2GovernedExecutionTest {

  @TempDir static Path dir;
  static DataSource source;

  @BeforeAll
  static void createDatabase() throws SQLException {
    String url = "jdbc:h2:file:" + dir.resolve("plant");
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE TB_IN (IN_ID INT PRIMARY KEY, IN_RG_CD VARCHAR(4))");
      st.execute("INSERT INTO TB_IN VALUES (1, 'SE'), (2, 'NE'), (3, 'SE')");
    }
    source = DataSource.of("h2plant", url, Credentials.none());
  }

  @Test
  void should_refuse_filtered_users_and_stay_read_only_when_the_source_is_h2() throws Exception {
    GovernancePolicy policy =
        GovernancePolicy.defaults("h2plant")
            .withRowFilter(new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region"));
    try (QueryExecution execution = Governance.jdbc(new JdbcConnections())) {
      QueryOutcome filtered =
          execution.execute(
              source,
              policy,
              UserIdentity.of("rita", "regional").withAttribute("region", "SE"),
              "SELECT count(*) FROM TB_IN t");
      assertThat(filtered).as("%s", filtered).isInstanceOf(QueryOutcome.Refused.class);
      assertThat(((QueryOutcome.Refused) filtered).refusal().kind())
          .isEqualTo(RefusalKind.UNENFORCEABLE_POLICY);
      assertThat(((QueryOutcome.Refused) filtered).refusal().reason()).contains("development-only");
      QueryOutcome ran =
          execution.execute(source, policy, UserIdentity.of("ana"), "SELECT count(*) FROM TB_IN t");
      assertThat(ran).as("%s", ran).isInstanceOf(QueryOutcome.Ran.class);
      assertThat(((QueryOutcome.Ran) ran).result().rows().get(0).get(0)).isEqualTo(3L);
      QueryOutcome file =
          execution.execute(
              source, policy, UserIdentity.of("ana"), "SELECT FILE_READ('/etc/passwd')");
      assertThat(((QueryOutcome.Refused) file).refusal().kind())
          .isEqualTo(RefusalKind.FORBIDDEN_FUNCTION);
    }
    try (Connection c = new JdbcConnections().openReadOnly(source);
        Statement st = c.createStatement()) {
      assertThatThrownBy(() -> st.executeUpdate("DELETE FROM TB_IN"))
          .isInstanceOf(SQLException.class);
    }
  }

  @Test
  void should_expand_a_curated_view_that_queries_name_unquoted_when_h2_folds_names_to_upper_case() {
    dev.parlance.domain.curation.Curation curation =
        dev.parlance.domain.curation.Curation.empty("h2plant")
            .withView(
                dev.parlance.domain.curation.CuratedView.of(
                    "installation",
                    dev.parlance.domain.curation.ViewKind.CONCEPTUAL,
                    "",
                    "SELECT IN_ID AS id, IN_RG_CD AS region FROM TB_IN"));
    GovernancePolicy policy = GovernancePolicy.defaults("h2plant");
    try (QueryExecution execution = Governance.jdbc(new JdbcConnections(), curation.expansion())) {
      QueryOutcome ran =
          execution.execute(
              source,
              policy,
              UserIdentity.of("ana"),
              "SELECT region, count(*) FROM Installation WHERE region = 'SE' GROUP BY region");
      assertThat(ran).as("%s", ran).isInstanceOf(QueryOutcome.Ran.class);
      assertThat(((QueryOutcome.Ran) ran).result().rows()).containsExactly(List.of("SE", 2L));
      assertThat(((QueryOutcome.Ran) ran).result().sqlRun()).startsWith("WITH installation AS");
    }
  }
}
