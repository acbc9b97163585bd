package dev.parlance.application.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.Refusal;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.values.ColumnValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GovernedColumnValuesTest {

  private static final SchemaCatalog PLANT =
      new SchemaCatalog(
          "plant",
          List.of(
              new Table(
                  "TB_IN",
                  TableKind.TABLE,
                  "",
                  List.of(
                      Column.of("IN_ID", "INTEGER"),
                      Column.of("IN_CD", "TEXT"),
                      Column.of("IN_NM", "VARCHAR")),
                  List.of("IN_ID"),
                  List.of())));

  private final List<String> statements = new ArrayList<>();
  private final List<UserIdentity> users = new ArrayList<>();
  private final List<GovernancePolicy> policies = new ArrayList<>();

  private GovernedColumnValues reader(GovernancePolicy policy) {
    return new GovernedColumnValues(
        (source, catalog, perColumn, maxLength) ->
            List.of(new ColumnValue("TB_IN", "IN_CD", "read directly")),
        (source, p, user, sql) -> {
          statements.add(sql);
          users.add(user);
          policies.add(p);
          if (sql.contains("\"IN_NM\"")) {
            return new QueryOutcome.Refused(
                new Refusal(RefusalKind.HIDDEN_COLUMN, "column IN_NM is hidden"),
                sql,
                Optional.empty(),
                0);
          }
          return new QueryOutcome.Ran(
              new QueryResult(
                  List.of(new ResultColumn("IN_CD", "text")),
                  List.of(List.of("IN-0001"), List.of("IN-0002")),
                  false,
                  0,
                  sql,
                  sql));
        },
        policies(policy));
  }

  // The source's current policy, and nothing else.
  private static GovernancePoliciesPort policies(GovernancePolicy policy) {
    return new GovernancePoliciesPort() {
      @Override
      public Optional<GovernancePolicy> current(String source) {
        return Optional.of(policy);
      }

      @Override
      public List<GovernancePolicy> history(String source) {
        return List.of(policy);
      }

      @Override
      public GovernancePolicy publish(GovernancePolicy draft, String steward) {
        throw new UnsupportedOperationException();
      }
    };
  }

  @Test
  void should_read_a_postgresql_sources_values_through_governed_execution_as_no_role() {
    GovernancePolicy policy = GovernancePolicy.defaults("plant").published(1, "stella", null);
    DataSource pg = DataSource.of("plant", "jdbc:postgresql://localhost/plant", Credentials.none());

    List<ColumnValue> values = reader(policy).read(pg, PLANT, 5000, 100);

    assertThat(values)
        .containsExactly(
            new ColumnValue("TB_IN", "IN_CD", "IN-0001"),
            new ColumnValue("TB_IN", "IN_CD", "IN-0002"));
    assertThat(statements)
        .containsExactly(
            "SELECT DISTINCT \"IN_CD\" FROM \"TB_IN\" WHERE \"IN_CD\" IS NOT NULL AND"
                + " LENGTH(\"IN_CD\") BETWEEN 1 AND 100 LIMIT 5000",
            "SELECT DISTINCT \"IN_NM\" FROM \"TB_IN\" WHERE \"IN_NM\" IS NOT NULL AND"
                + " LENGTH(\"IN_NM\") BETWEEN 1 AND 100 LIMIT 5000");
    assertThat(users).allSatisfy(u -> assertThat(u.roles()).isEmpty());
    // the row cap is lifted to the values read per column; the access rules are the policy's
    assertThat(policies)
        .allSatisfy(
            p -> {
              assertThat(p.rowCap()).isEqualTo(5000);
              assertThat(p.enforcementDigest()).isEqualTo(policy.enforcementDigest());
            });
  }

  @Test
  void should_read_a_postgresql_source_directly_while_its_policy_is_not_provisioned() {
    GovernancePolicy policy = GovernancePolicy.defaults("plant").published(1, "stella", null);
    DataSource pg = DataSource.of("plant", "jdbc:postgresql://localhost/plant", Credentials.none());
    GovernedColumnValues notApplied =
        new GovernedColumnValues(
            (source, catalog, perColumn, maxLength) ->
                List.of(new ColumnValue("TB_IN", "IN_CD", "read directly")),
            (source, p, user, sql) -> {
              statements.add(sql);
              return new QueryOutcome.Refused(
                  new Refusal(
                      RefusalKind.UNENFORCEABLE_POLICY, "run 'parlance policy apply' first"),
                  sql,
                  Optional.empty(),
                  0);
            },
            policies(policy));

    List<ColumnValue> values = notApplied.read(pg, PLANT, 5000, 100);

    // the login role still reads every row: the index holds the values, as before provisioning
    assertThat(values).containsExactly(new ColumnValue("TB_IN", "IN_CD", "read directly"));
    assertThat(statements).hasSize(1);
  }

  @Test
  void should_read_other_sources_directly() {
    DataSource sqlite = DataSource.of("plant", "jdbc:sqlite:/tmp/plant.db", Credentials.none());

    List<ColumnValue> values =
        reader(GovernancePolicy.defaults("plant")).read(sqlite, PLANT, 5000, 100);

    assertThat(values).containsExactly(new ColumnValue("TB_IN", "IN_CD", "read directly"));
    assertThat(statements).isEmpty();
  }
}
