package dev.parlance.domain.governance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every searchable audit trail must do: statements and actions side by side, each filter
 * applying, pages newest first with the total count.
 */
public abstract class SearchAuditPortContract {

  protected abstract RecordAuditPort statements();

  protected abstract RecordActionPort actions();

  protected abstract SearchAuditPort search();

  private static AuditQuery query(
      String source, String user, String outcome, Instant from, Instant to, int page, int size) {
    return new AuditQuery(
        Optional.ofNullable(user),
        Optional.of(source),
        Optional.ofNullable(from),
        Optional.ofNullable(to),
        Optional.ofNullable(outcome),
        Optional.empty(),
        page,
        size);
  }

  @Test
  void should_find_statements_and_actions_by_user_source_time_and_outcome() {
    String source = "searched-" + System.nanoTime() % 1_000_000;
    Instant t0 = Instant.parse("2026-02-01T09:00:00Z");
    UserIdentity rita = UserIdentity.of("rita", "analyst");
    UserIdentity sam = UserIdentity.of("sam", "steward");
    statements()
        .record(
            QueryAttempted.of(
                t0,
                rita,
                source,
                QueryOutcome.Refused.of(RefusalKind.DATA_CHANGE, "no DELETE", "DELETE FROM t"),
                1));
    statements()
        .record(
            QueryAttempted.of(
                t0.plusSeconds(60),
                rita,
                source,
                new QueryOutcome.Failed(
                    FailureKind.DATABASE_ERROR,
                    "near FORM",
                    "SELECT * FORM t",
                    Optional.empty(),
                    2),
                1));
    actions()
        .record(ActionTaken.by(t0.plusSeconds(120), sam, source, "curation-publish", "version 2"));

    AuditPage all = search().search(query(source, null, null, null, null, 0, 10));
    AuditPage ritas = search().search(query(source, "rita", null, null, null, 0, 10));
    AuditPage refused = search().search(query(source, null, "refused", null, null, 0, 10));
    AuditPage done = search().search(query(source, null, "done", null, null, 0, 10));
    AuditPage window =
        search().search(query(source, null, null, t0.plusSeconds(30), t0.plusSeconds(120), 0, 10));

    assertThat(all.total()).isEqualTo(3);
    assertThat(all.entries())
        .extracting(AuditEntry::action)
        .containsExactly("curation-publish", "query", "query");
    AuditEntry publish = all.entries().getFirst();
    assertThat(publish.user()).isEqualTo("sam");
    assertThat(publish.outcome()).isEqualTo(AuditEntry.DONE);
    assertThat(publish.detail()).isEqualTo("version 2");
    assertThat(publish.roles()).containsExactly("steward");
    assertThat(ritas.total()).isEqualTo(2);
    assertThat(refused.entries())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.sqlAsked()).isEqualTo("DELETE FROM t");
              assertThat(e.outcome()).isEqualTo("refused");
            });
    assertThat(done.entries()).singleElement().extracting(AuditEntry::user).isEqualTo("sam");
    assertThat(window.entries())
        .singleElement()
        .extracting(AuditEntry::outcome)
        .isEqualTo("failed");
  }

  @Test
  void should_page_newest_first_with_the_total() {
    String source = "paged-" + System.nanoTime() % 1_000_000;
    Instant t0 = Instant.parse("2026-02-02T09:00:00Z");
    for (int i = 0; i < 5; i++) {
      actions()
          .record(
              ActionTaken.by(
                  t0.plusSeconds(i),
                  UserIdentity.of("ad", "admin"),
                  source,
                  "source-add",
                  "n" + i));
    }

    AuditPage first = search().search(query(source, null, null, null, null, 0, 2));
    AuditPage last = search().search(query(source, null, null, null, null, 2, 2));

    assertThat(first.total()).isEqualTo(5);
    assertThat(first.entries()).extracting(AuditEntry::detail).containsExactly("n4", "n3");
    assertThat(first.hasMore()).isTrue();
    assertThat(last.entries()).extracting(AuditEntry::detail).containsExactly("n0");
    assertThat(last.hasMore()).isFalse();
  }
}
