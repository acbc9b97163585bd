package dev.parlance.adapters.db.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.governance.QueryAttempted;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BufferedAuditTest {

  @TempDir Path home;

  private static QueryAttempted attempt(int i) {
    return new QueryAttempted(
        Instant.parse("2026-01-01T00:00:00Z").plusMillis(i),
        "u" + i,
        Set.of(),
        "buffered",
        "SELECT " + i,
        Optional.empty(),
        QueryAttempted.Outcome.RAN,
        "",
        1,
        false,
        1,
        0);
  }

  @Test
  void should_write_every_record_when_the_store_is_closed() {
    String url = MetadataStore.embeddedUrl(home);
    try (MetadataStore store = MetadataStore.open(url, "", "", MetadataStore.AuditMode.BUFFERED)) {
      for (int i = 0; i < 2_500; i++) {
        store.audit().record(attempt(i));
      }
    }
    try (MetadataStore store = MetadataStore.open(url, "", "")) {
      assertThat(store.auditTrail().latest("buffered", 10_000)).hasSize(2_500);
    }
  }

  @Test
  void should_read_its_own_writes_when_records_are_buffered() {
    try (MetadataStore store =
        MetadataStore.open(
            MetadataStore.embeddedUrl(home), "", "", MetadataStore.AuditMode.BUFFERED)) {
      store.audit().record(attempt(1));
      assertThat(store.auditTrail().latest("buffered", 5)).hasSize(1);
    }
  }
}
