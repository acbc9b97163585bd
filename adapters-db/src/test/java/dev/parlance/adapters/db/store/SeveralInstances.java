package dev.parlance.adapters.db.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.DataSource;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Two instances on one store: what one of them changes, the other sees without being reopened,
 * although both cache what they read. The design says within a quarter of a second (the store's
 * version is read at most every 250 ms); the delays are printed, never asserted, so that a loaded
 * machine cannot fail the test: only a change never seen (within minutes) does.
 */
final class SeveralInstances {
  private SeveralInstances() {}

  static void should_see_each_others_changes(MetadataStore one, MetadataStore two) {
    String source = "shared-" + System.nanoTime();
    // The second instance reads (and caches) that nothing exists yet.
    assertThat(two.dataSources().find(source)).isEmpty();
    assertThat(two.policies().current(source)).isEmpty();
    assertThat(two.curation().published(source)).isEmpty();

    one.dataSources().save(DataSource.of(source, "jdbc:sqlite:/tmp/" + source + ".db", null));
    Duration sourceSeen =
        seen("the saved source", () -> two.dataSources().find(source).isPresent());

    one.policies().publish(GovernancePolicy.defaults(source), "rita");
    Duration policySeen =
        seen("the published policy", () -> two.policies().current(source).isPresent());

    one.curation().publish(Curation.empty(source), "rita", "first", false);
    Duration curationSeen =
        seen("the first curation", () -> two.curation().published(source).isPresent());
    one.curation().publish(Curation.empty(source), "rita", "second", false);
    Duration secondSeen =
        seen(
            "the second curation",
            () -> two.curation().published(source).map(v -> v.version() == 2).orElse(false));
    System.out.printf(
        "SeveralInstances: seen by the other instance after %d ms (source), %d ms (policy),"
            + " %d ms (curation), %d ms (second curation)%n",
        sourceSeen.toMillis(),
        policySeen.toMillis(),
        curationSeen.toMillis(),
        secondSeen.toMillis());
  }

  /** How long until {@code seen} holds; fails when it still does not after two minutes. */
  private static Duration seen(String what, BooleanSupplier seen) {
    long start = System.nanoTime();
    long deadline = start + Duration.ofMinutes(2).toNanos();
    while (!seen.getAsBoolean()) {
      assertThat(System.nanoTime() < deadline)
          .as("%s seen by the other instance within two minutes", what)
          .isTrue();
      java.util.concurrent.locks.LockSupport.parkNanos(5_000_000L);
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }
}
