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
import java.util.function.LongSupplier;

/**
 * What the adapter keeps of each source's database: its relations (re-read every minute), the
 * policy digest {@code policy apply} left there (or none), and the key of its signed request
 * context. Filed under {@link #key(DataSource)}, as the kept connections are.
 *
 * <p>A digest that matches the policy in hand is kept for a minute; "not provisioned" for two
 * seconds only, since a user whom it refuses may be asking right after a steward applied the policy
 * from another process; a digest that differs from the policy in hand is re-read at once. {@code
 * policy apply} in this process ({@link #applied}) drops what every instance kept of that source,
 * so the next statement reads the database again.
 */
final class SourceState {

  private static final long PROVISIONING_TTL_NANOS = TimeUnit.SECONDS.toNanos(60);
  static final long NOT_PROVISIONED_TTL_NANOS = TimeUnit.SECONDS.toNanos(2);
  private static final long RELATIONS_TTL_NANOS = TimeUnit.SECONDS.toNanos(60);

  // Per source key, how many times 'policy apply' ran in this process: what is kept carries the
  // count it was read under, and is stale once the count moved.
  private static final Map<String, Long> APPLIED = new ConcurrentHashMap<>();

  private record CachedRelations(Relations relations, long readAt, long applied) {}

  /** What {@code policy apply} left in a PostgreSQL database: the policy digest, or none. */
  private record Provisioned(String digest, long readAt, long applied) {}

  private final JdbcConnections connections;
  private final LongSupplier clock;
  private final Map<String, CachedRelations> relations = new ConcurrentHashMap<>();
  private final Map<String, Provisioned> provisioned = new ConcurrentHashMap<>();
  private final Map<String, byte[]> contextKeys = new ConcurrentHashMap<>();

  SourceState(JdbcConnections connections) {
    this(connections, System::nanoTime);
  }

  /** With its own clock (nanoseconds), for tests of what is kept how long. */
  SourceState(JdbcConnections connections, LongSupplier clock) {
    this.connections = connections;
    this.clock = clock;
  }

  /**
   * {@code policy apply} changed {@code source}'s database in this process: what any instance kept
   * of its provisioning and relations is read again by the next statement.
   */
  static void applied(DataSource source) {
    APPLIED.merge(key(source), 1L, Long::sum);
  }

  private static long appliedCount(String key) {
    return APPLIED.getOrDefault(key, 0L);
  }

  // The policy digest {@code policy apply} recorded, or null (see the class comment for how long
  // each answer is kept).
  String provisioned(DataSource source, Connection connection, GovernancePolicy policy)
      throws SQLException {
    String key = key(source);
    long applied = appliedCount(key);
    Provisioned cached = provisioned.get(key);
    long now = clock.getAsLong();
    if (cached != null && cached.applied() == applied) {
      long age = now - cached.readAt();
      if (cached.digest() == null
          ? age < NOT_PROVISIONED_TTL_NANOS
          : age < PROVISIONING_TTL_NANOS && cached.digest().equals(policy.enforcementDigest())) {
        return cached.digest();
      }
    }
    String digest = null;
    try (Statement st = connection.createStatement()) {
      try (ResultSet rs =
          st.executeQuery(
              "SELECT to_regclass('" + PostgresGovernance.SCHEMA + ".applied') IS NOT NULL")) {
        rs.next();
        if (rs.getBoolean(1)) {
          try (ResultSet row =
              st.executeQuery(
                  "SELECT policy_digest FROM " + PostgresGovernance.SCHEMA + ".applied")) {
            digest = row.next() ? row.getString(1) : null;
          }
        }
      }
    } finally {
      connection.rollback();
    }
    provisioned.put(key, new Provisioned(digest, now, applied));
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
    long applied = appliedCount(key);
    CachedRelations cached = relations.get(key);
    long now = clock.getAsLong();
    if (cached != null
        && cached.applied() == applied
        && now - cached.readAt() < RELATIONS_TTL_NANOS) {
      return cached.relations();
    }
    Relations read = Relations.read(connection, source);
    if (source.dialect() == Dialect.POSTGRESQL) {
      connection.rollback();
    }
    relations.put(key, new CachedRelations(read, now, applied));
    return read;
  }

  static String key(DataSource source) {
    return source.name() + "\u0000" + source.jdbcUrl() + "\u0000" + source.credentials();
  }
}
