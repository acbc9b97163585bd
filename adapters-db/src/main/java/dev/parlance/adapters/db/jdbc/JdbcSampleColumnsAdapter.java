package dev.parlance.adapters.db.jdbc;

import dev.parlance.domain.governance.ResultLimits;
import dev.parlance.domain.governance.SampleColumnsPort;
import dev.parlance.domain.source.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Samples rows of some columns over JDBC, read-only, with the source's own credentials: what {@code
 * policy lint} compares masked columns with. A steward's tool, never a user's path.
 */
final class JdbcSampleColumnsAdapter implements SampleColumnsPort {

  private final JdbcConnections connections;

  JdbcSampleColumnsAdapter(JdbcConnections connections) {
    this.connections = connections;
  }

  @Override
  public List<List<String>> sample(
      DataSource source, String table, List<String> columns, int rows) {
    StringBuilder sql = new StringBuilder("SELECT ");
    for (int i = 0; i < columns.size(); i++) {
      sql.append(i == 0 ? "" : ", ").append(quote(columns.get(i)));
    }
    sql.append(" FROM ").append(relation(table)).append(" LIMIT ").append(rows);
    try (Connection c = connections.openReadOnly(source);
        Statement st = c.createStatement()) {
      st.setQueryTimeout(30);
      st.setMaxRows(rows);
      ResultBudget budget = new ResultBudget(ResultLimits.defaults(), rows, Long.MAX_VALUE);
      try (ResultSet rs = st.executeQuery(sql.toString())) {
        List<List<String>> out = new ArrayList<>();
        while (out.size() < rows && rs.next()) {
          List<String> row = new ArrayList<>(columns.size());
          for (int i = 1; i <= columns.size(); i++) {
            // A sample is compared, never shown whole: a value is kept to the budget's longest.
            row.add(budget.text(rs.getString(i)));
          }
          out.add(row);
        }
        return out;
      }
    } catch (SQLException e) {
      throw new DatabaseUnavailableException(source.name(), e);
    }
  }

  // A catalog name of another schema comes as schema.table.
  private static String relation(String table) {
    int dot = table.indexOf('.');
    return dot < 0
        ? quote(table)
        : quote(table.substring(0, dot)) + "." + quote(table.substring(dot + 1));
  }

  private static String quote(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }
}
