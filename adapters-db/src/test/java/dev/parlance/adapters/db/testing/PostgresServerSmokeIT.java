package dev.parlance.adapters.db.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class PostgresServerSmokeIT {
  @Test
  void should_answer_queries_when_started_from_the_maven_artifact() throws Exception {
    long start = System.nanoTime();
    try (PostgresServer server = PostgresServer.start();
        Connection c = server.superuser("postgres");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT version()")) {
      System.out.println(
          "PostgreSQL started in " + (System.nanoTime() - start) / 1_000_000 + " ms");
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).startsWith("PostgreSQL 17");
    }
  }
}
