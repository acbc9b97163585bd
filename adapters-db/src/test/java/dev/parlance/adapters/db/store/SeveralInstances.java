package dev.parlance.adapters.db.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.DataSource;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Two instances on one store: what one of them changes, the other sees within a second, although
 * both cache what they read.
 */
final class SeveralInstances {
  private SeveralInstances() {}

  static void should_see_each_others_changes_within_a_second(MetadataStore one, MetadataStore two) {
    String source = "shared-" + System.nanoTime();
    // The second instance reads (and caches) that nothing exists yet.
    assertThat(two.dataSources().find(source)).isEmpty();
    assertThat(two.policies().current(source)).isEmpty();
    assertThat(two.curation().published(source)).isEmpty();

    one.dataSources().save(DataSource.of(source, "jdbc:sqlite:/tmp/" + source + ".db", null));
    assertThat(seenWithin(() -> two.dataSources().find(source).isPresent()))
        .isLessThan(Duration.ofSeconds(1));

    one.policies().publish(GovernancePolicy.defaults(source), "rita");
    assertThat(seenWithin(() -> two.policies().current(source).isPresent()))
        .isLessThan(Duration.ofSeconds(1));

    one.curation().publish(Curation.empty(source), "rita", "first", false);
    assertThat(seenWithin(() -> two.curation().published(source).isPresent()))
        .isLessThan(Duration.ofSeconds(1));
    one.curation().publish(Curation.empty(source), "rita", "second", false);
    assertThat(
            seenWithin(
                () -> two.curation().published(source).map(v -> v.version() == 2).orElse(false)))
        .isLessThan(Duration.ofSeconds(1));
  }

  private static Duration seenWithin(BooleanSupplier seen) {
    long start = System.nanoTime();
    while (!seen.getAsBoolean()) {
      if (System.nanoTime() - start > Duration.ofSeconds(5).toNanos()) {
        break;
      }
      Thread.onSpinWait();
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }
}
