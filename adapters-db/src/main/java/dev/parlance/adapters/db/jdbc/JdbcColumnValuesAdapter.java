package dev.parlance.adapters.db.jdbc;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.values.ColumnValue;
import dev.parlance.domain.values.ReadColumnValuesPort;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Reads the distinct values of text columns for the value index: one {@code SELECT DISTINCT} per
 * column, capped, short values only (long free text is not what questions quote). A relation that
 * exists only as a definition (a curated view) is read through the expansion the caller gives. A
 * column that cannot be read offers no values, and says so in the log: the index is never silently
 * empty.
 */
final class JdbcColumnValuesAdapter implements ReadColumnValuesPort {

  private static final int QUERY_TIMEOUT_SECONDS = 20;
  private static final java.util.logging.Logger LOG =
      java.util.logging.Logger.getLogger(JdbcColumnValuesAdapter.class.getName());

  private final JdbcConnections connections;

  JdbcColumnValuesAdapter(JdbcConnections connections) {
    this.connections = connections;
  }

  @Override
  public List<ColumnValue> read(
      DataSource source, SchemaCatalog catalog, int perColumn, int maxLength) {
    return read(source, catalog, sql -> sql, perColumn, maxLength);
  }

  @Override
  public List<ColumnValue> read(
      DataSource source,
      SchemaCatalog catalog,
      UnaryOperator<String> expansion,
      int perColumn,
      int maxLength) {
    List<ColumnValue> values = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    int columns = 0;
    try (Connection connection = connections.openReadOnly(source)) {
      String quote = connection.getMetaData().getIdentifierQuoteString().strip();
      for (Table table : catalog.tables()) {
        for (Column column : table.columns()) {
          if (isText(column.type())) {
            columns++;
            String problem =
                read(connection, quote, expansion, table, column, perColumn, maxLength, values);
            if (problem != null) {
              failed.add(table.name() + "." + column.name() + " (" + problem + ")");
            }
          }
        }
      }
    } catch (SQLException e) {
      throw new DatabaseUnavailableException(source.name(), e);
    }
    if (!failed.isEmpty()) {
      LOG.warning(
          "value index of source "
              + source.name()
              + ": "
              + failed.size()
              + " of "
              + columns
              + " text columns could not be read and offer no values: "
              + String.join(", ", failed.subList(0, Math.min(5, failed.size())))
              + (failed.size() > 5 ? ", …" : ""));
    }
    return values;
  }

  // The column's values into {@code into}; why they could not be read, or null.
  private static String read(
      Connection connection,
      String quote,
      UnaryOperator<String> expansion,
      Table table,
      Column column,
      int perColumn,
      int maxLength,
      List<ColumnValue> into) {
    String c = quoted(quote, column.name());
    String sql =
        "SELECT DISTINCT "
            + c
            + " FROM "
            + relation(quote, table.name())
            + " WHERE "
            + c
            + " IS NOT NULL AND LENGTH("
            + c
            + ") BETWEEN 1 AND "
            + maxLength
            + " LIMIT "
            + perColumn;
    try (Statement st = connection.createStatement()) {
      st.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
      try (ResultSet rs = st.executeQuery(expansion.apply(sql))) {
        while (rs.next()) {
          String v = rs.getString(1);
          if (v != null && !v.isBlank()) {
            into.add(new ColumnValue(table.name(), column.name(), v));
          }
        }
      }
    } catch (SQLException | RuntimeException e) {
      // A column that cannot be read (odd type, timeout) offers no values; the caller logs why.
      String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return m.lines().findFirst().orElse(m).strip();
    }
    return null;
  }

  private static String relation(String quote, String name) {
    int dot = name.indexOf('.');
    return dot < 0
        ? quoted(quote, name)
        : quoted(quote, name.substring(0, dot)) + "." + quoted(quote, name.substring(dot + 1));
  }

  private static String quoted(String quote, String name) {
    return quote.isEmpty() ? name : quote + name.replace(quote, quote + quote) + quote;
  }

  private static boolean isText(String type) {
    String t = type.toUpperCase(Locale.ROOT);
    return t.isEmpty()
        || t.contains("CHAR")
        || t.contains("TEXT")
        || t.contains("CLOB")
        || t.contains("STRING");
  }
}
