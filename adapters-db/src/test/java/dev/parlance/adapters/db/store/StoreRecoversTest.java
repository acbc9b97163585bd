package dev.parlance.adapters.db.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24: after an OutOfMemoryError the portal's readiness stayed DOWN. H2 closes an embedded
 * database at once when a statement meets an OutOfMemoryError ({@code shutdownImmediately}); the
 * store must then open it again by itself, not hold on to its closed connections.
 */
class StoreRecoversTest {

  @TempDir Path home;

  @Test
  void should_answer_again_when_the_embedded_database_was_closed_under_it() throws Exception {
    String url = MetadataStore.embeddedUrl(home);
    try (MetadataStore store = MetadataStore.open(url, "", "")) {
      for (int i = 0; i < 8; i++) {
        store.dataSources().all(); // every pooled connection used once
      }
      // What H2 does on an OutOfMemoryError inside a statement: the database is closed at once.
      try (Connection c = DriverManager.getConnection(url, "", "");
          Statement st = c.createStatement()) {
        st.execute("SHUTDOWN IMMEDIATELY");
      } catch (java.sql.SQLException expected) {
        // the connection goes with the database
      }
      int failures = 0;
      for (int i = 0; i < 8; i++) {
        try {
          store.dataSources().all();
        } catch (RuntimeException e) {
          failures++;
          System.out.println("STORE after shutdown: " + e);
        }
      }
      System.out.println("STORE failures after shutdown: " + failures);
      assertThat(store.dataSources().all()).isNotNull();
    }
  }
}
