package dev.parlance.adapters.db.governance;

import dev.parlance.adapters.db.jdbc.DatabaseUnavailableException;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * What the adapter keeps of each source's database, re-read every minute: its relations, the policy
 * digest {@code policy apply} left there (or none), and the key of its signed request context.
 * Filed under {@link #key(DataSource)}, as the kept connections are.
 */
final class SourceState {

  private static final long PROVISIONING_TTL_NANOS = TimeUnit.SECONDS.toNanos(60);
  private static final long RELATIONS_TTL_NANOS = TimeUnit.SECONDS.toNanos(60);

  private record CachedRelations(Relations relations, long readAt) {}

  /** What {@code policy apply} left in a PostgreSQL database: the policy digest, or none. */
  private record Provisioned(String digest, long readAt) {}

  private final JdbcConnections connections;
  private final Map<String, CachedRelations> relations = new ConcurrentHashMap<>();
  private final Map<String, Provisioned> provisioned = new ConcurrentHashMap<>();
  private final Map<String, byte[]> contextKeys = new ConcurrentHashMap<>();

  SourceState(JdbcConnections connections) {
    this.connections = connections;
  }

  // The policy digest {@code policy apply} recorded, or null: re-read when it differs from the
  // policy in hand (it may just have been applied) and otherwise every minute.
  String provisioned(DataSource source, Connection connection, GovernancePolicy policy)
      throws SQLException {
    String key = key(source);
    Provisioned cached = provisioned.get(key);
    long now = System.nanoTime();
    if (cached != null
        && now - cached.readAt() < PROVISIONING_TTL_NANOS
        && (cached.digest() == null || cached.digest().equals(policy.enforcementDigest()))) {
      return cached.digest();
    }
    String digest = null;
    try (Statement st = connection.createStatement()) {
      try (ResultSet rs =
          st.executeQuery(
              "SELECT to_regclass('" + PostgresGovernance.SCHEMA + ".applied') IS NOT NULL")) {
        rs.next();
        if (rs.getBoolean(1)) {
          try (ResultSet applied =
              st.executeQuery(
                  "SELECT policy_digest FROM " + PostgresGovernance.SCHEMA + ".applied")) {
            digest = applied.next() ? applied.getString(1) : null;
          }
        }
      }
    } finally {
      connection.rollback();
    }
    provisioned.put(key, new Provisioned(digest, now));
    return digest;
  }

  byte[] contextKey(DataSource source) {
    return contextKeys.computeIfAbsent(
        key(source),
        k ->
            PostgresGovernance.key(
                connections
                    .password(source)
                    .orElseThrow(
                        () ->
                            new DatabaseUnavailableException(
                                source.name(),
                                "its credentials name no password, from which the request"
                                    + " context's key derives"))));
  }

  Relations relations(DataSource source, Connection connection) throws SQLException {
    String key = key(source);
    CachedRelations cached = relations.get(key);
    long now = System.nanoTime();
    if (cached != null && now - cached.readAt() < RELATIONS_TTL_NANOS) {
      return cached.relations();
    }
    Relations read = Relations.read(connection, source);
    if (source.dialect() == Dialect.POSTGRESQL) {
      connection.rollback();
    }
    relations.put(key, new CachedRelations(read, now));
    return read;
  }

  static String key(DataSource source) {
    return source.name() + "\u0000" + source.jdbcUrl() + "\u0000" + source.credentials();
  }
}
