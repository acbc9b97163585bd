package dev.parlance.domain.governance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What every audit trail must do: keep each attempt whole and give the latest back, newest first.
 */
public abstract class AuditPortContract {

  protected abstract RecordAuditPort record();

  protected abstract FindAuditPort find();

  @Test
  void should_keep_every_attempt_when_statements_are_audited() {
    String source = "audited-" + System.nanoTime() % 100000;
    UserIdentity ana = UserIdentity.of("ana", "regional");
    record()
        .record(
            QueryAttempted.of(
                Instant.parse("2026-01-01T10:00:00Z"),
                ana,
                source,
                QueryOutcome.Refused.of(RefusalKind.DATA_CHANGE, "no DELETE", "DELETE FROM t"),
                3));
    record()
        .record(
            new QueryAttempted(
                Instant.parse("2026-01-01T10:00:01Z"),
                "bob",
                Set.of(),
                source,
                "SELECT 1",
                Optional.of("SELECT 1 LIMIT 1001"),
                QueryAttempted.Outcome.RAN,
                "",
                1,
                false,
                4,
                3));

    List<QueryAttempted> latest = find().latest(source, 10);
    assertThat(latest).hasSize(2);
    assertThat(latest.get(0).user()).isEqualTo("bob");
    assertThat(latest.get(0).sqlRun()).contains("SELECT 1 LIMIT 1001");
    assertThat(latest.get(1).outcome()).isEqualTo(QueryAttempted.Outcome.REFUSED);
    assertThat(latest.get(1).detail()).startsWith("DATA_CHANGE");
    assertThat(latest.get(1).roles()).containsExactly("regional");
    assertThat(latest.get(1).sqlAsked()).isEqualTo("DELETE FROM t");
  }
}
