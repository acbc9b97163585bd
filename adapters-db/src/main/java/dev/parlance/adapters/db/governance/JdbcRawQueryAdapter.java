package dev.parlance.adapters.db.governance;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.jdbc.ResultBudget;
import dev.parlance.domain.governance.ResultLimits;
import dev.parlance.domain.governance.RunRawQueryPort;
import dev.parlance.domain.source.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Ungoverned statements on one kept-open read-only connection per source: the raw JDBC baseline of
 * the governance benchmark, reading rows the same way the governed path does.
 */
final class JdbcRawQueryAdapter implements RunRawQueryPort, AutoCloseable {
  private final JdbcConnections connections;
  private final Map<String, Connection> open = new ConcurrentHashMap<>();

  JdbcRawQueryAdapter(JdbcConnections connections) {
    this.connections = connections;
  }

  @Override
  public List<List<Object>> run(DataSource source, String sql, int maxRows) {
    Connection c = open.computeIfAbsent(source.name(), k -> connections.openReadOnly(source));
    try (Statement st = c.createStatement()) {
      st.setMaxRows(maxRows);
      // The same copy as the governed path's, under the same budget, so the baseline compares.
      ResultBudget budget = new ResultBudget(ResultLimits.defaults(), maxRows, Long.MAX_VALUE);
      try (ResultSet rs = st.executeQuery(sql)) {
        int n = budget.columns(rs.getMetaData().getColumnCount());
        List<List<Object>> rows = new ArrayList<>();
        while (budget.roomForRow(rows.size()) && rs.next()) {
          List<Object> row = new ArrayList<>(n);
          for (int i = 1; i <= n; i++) {
            row.add(JdbcGovernedQueryAdapter.value(rs.getObject(i), budget));
          }
          if (!budget.fits(row, rows.size())) {
            break;
          }
          rows.add(row);
        }
        return rows;
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "raw query failed on " + source.name() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    open.values()
        .forEach(
            c -> {
              try {
                c.close();
              } catch (SQLException ignored) {
                // nothing left to release
              }
            });
    open.clear();
  }
}
