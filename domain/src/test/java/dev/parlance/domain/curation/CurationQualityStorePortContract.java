package dev.parlance.domain.curation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.curation.CurationQualityStorePort.VersionQuality;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What every store of curation quality must do: one measurement per version, read back whole. */
public abstract class CurationQualityStorePortContract {

  protected abstract CurationQualityStorePort port();

  private static String fresh() {
    return "plant" + System.nanoTime() % 1_000_000;
  }

  @Test
  void should_read_back_each_versions_recall_by_budget_and_a_skipped_versions_reason() {
    String source = fresh();
    Instant at = Instant.parse("2026-11-24T12:00:00Z");
    VersionQuality first =
        new VersionQuality(
            1,
            36,
            new TreeMap<>(Map.of(5, 0.69, 10, 0.7431, 20, 0.852)),
            Optional.empty(),
            at,
            4210);
    VersionQuality second =
        new VersionQuality(
            2, 0, new TreeMap<>(), Optional.of("no approved verified question"), at, 12);

    port().save(source, first);
    port().save(source, second);

    assertThat(port().stored(source))
        .containsExactlyInAnyOrderEntriesOf(Map.of(1, first, 2, second));
    assertThat(port().stored(fresh())).isEmpty();
  }

  @Test
  void should_replace_a_versions_quality_when_it_is_measured_again() {
    String source = fresh();
    Instant at = Instant.parse("2026-11-24T12:00:00Z");
    port().save(source, new VersionQuality(3, 0, new TreeMap<>(), Optional.of("not yet"), at, 10));
    VersionQuality again =
        new VersionQuality(
            3, 2, new TreeMap<>(Map.of(5, 0.5)), Optional.empty(), at.plusSeconds(60), 900);

    port().save(source, again);

    assertThat(port().stored(source)).containsExactly(Map.entry(3, again));
  }
}
