package dev.parlance.adapters.db.governance;

import dev.parlance.adapters.db.jdbc.DatabaseUnavailableException;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.governance.ResultLimits;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The connections kept between statements, a few per source, and a connection borrowed for one: a
 * kept one if any (it may have died while idle), else a new read-only one.
 */
final class KeptConnections {

  private static final int MAX_IDLE_PER_SOURCE = 4;

  /** How much longer than the policy's timeout a read on the connection may wait for the server. */
  static final long NETWORK_MARGIN_MS = 5_000;

  private final JdbcConnections connections;
  private final ResultLimits limits;
  private final Map<String, ArrayDeque<Connection>> idle = new ConcurrentHashMap<>();

  KeptConnections(JdbcConnections connections, ResultLimits limits) {
    this.connections = connections;
    this.limits = limits;
  }

  /** A connection, and whether it was kept from an earlier statement. */
  record Borrowed(Connection connection, boolean kept) {}

  Borrowed borrow(DataSource source, boolean mayUseKept, long timeoutMs) {
    Connection c = null;
    if (mayUseKept) {
      ArrayDeque<Connection> pool =
          idle.computeIfAbsent(SourceState.key(source), k -> new ArrayDeque<>());
      synchronized (pool) {
        c = pool.pollFirst();
      }
    }
    boolean kept = c != null;
    if (c == null) {
      c = connections.openReadOnly(source, JdbcGovernedQueryAdapter.resultBuffer(limits));
    }
    try {
      if (source.dialect() == Dialect.POSTGRESQL) {
        if (!kept) {
          c.setAutoCommit(false);
          c.setReadOnly(true);
        }
        // A server that stops answering (frozen, or the network cut) ends the wait: the policy's
        // timeout bounds the statement, this bounds every read on the connection.
        c.setNetworkTimeout(
            Runnable::run, (int) Math.min(Integer.MAX_VALUE, timeoutMs + NETWORK_MARGIN_MS));
      }
    } catch (SQLException e) {
      close(c);
      throw new DatabaseUnavailableException(source.name(), e);
    }
    return new Borrowed(c, kept);
  }

  void discardIdle(DataSource source) {
    ArrayDeque<Connection> pool = idle.get(SourceState.key(source));
    if (pool == null) {
      return;
    }
    List<Connection> dropped;
    synchronized (pool) {
      dropped = new ArrayList<>(pool);
      pool.clear();
    }
    dropped.forEach(KeptConnections::close);
  }

  void giveBack(DataSource source, Connection connection, boolean reusable) {
    if (reusable && isOpen(connection)) {
      ArrayDeque<Connection> pool =
          idle.computeIfAbsent(SourceState.key(source), k -> new ArrayDeque<>());
      synchronized (pool) {
        if (pool.size() < MAX_IDLE_PER_SOURCE) {
          pool.addFirst(connection);
          return;
        }
      }
    }
    close(connection);
  }

  void closeAll() {
    for (ArrayDeque<Connection> pool : idle.values()) {
      synchronized (pool) {
        pool.forEach(KeptConnections::close);
        pool.clear();
      }
    }
  }

  private static void close(Connection c) {
    try {
      c.close();
    } catch (SQLException ignored) {
      // nothing left to release
    }
  }

  private static boolean isOpen(Connection connection) {
    try {
      return !connection.isClosed();
    } catch (SQLException e) {
      return false;
    }
  }
}
