package dev.parlance.adapters.db.jdbc;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.source.DataSource;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a live database's catalog through JDBC metadata: tables and views of the user schemas,
 * their columns, keys, and for text columns a few distinct values and how many there are.
 */
final class JdbcCatalogAdapter implements ReadCatalogPort {

  private static final Set<String> SYSTEM_SCHEMAS =
      Set.of("information_schema", "pg_catalog", "pg_toast");
  private static final Set<String> DEFAULT_SCHEMAS = Set.of("public", "main");
  // Counting distinct values stops here: past it a column is "many-valued" for prompts.
  private static final int DISTINCT_CAP = 1000;
  private static final int QUERY_TIMEOUT_SECONDS = 10;

  private final JdbcConnections connections;
  private final int samplesPerColumn;

  public JdbcCatalogAdapter(JdbcConnections connections, int samplesPerColumn) {
    this.connections = connections;
    this.samplesPerColumn = samplesPerColumn;
  }

  @Override
  public SchemaCatalog read(DataSource source) {
    try (Connection connection = connections.openReadOnly(source)) {
      DatabaseMetaData md = connection.getMetaData();
      String quote = md.getIdentifierQuoteString().strip();
      List<Table> tables = new ArrayList<>();
      for (TableRef ref : tables(md)) {
        List<Column> columns = new ArrayList<>();
        for (Column c : columns(md, ref)) {
          // Zero samples asks for the structure only, which skips the sampling queries.
          columns.add(
              samplesPerColumn > 0 && isText(c.type())
                  ? withSamples(connection, quote, ref, c)
                  : c);
        }
        if (!columns.isEmpty()) {
          tables.add(
              new Table(
                  ref.qualifiedName(),
                  ref.kind(),
                  ref.remarks(),
                  columns,
                  primaryKey(md, ref),
                  foreignKeys(md, ref)));
        }
      }
      return new SchemaCatalog(source.name(), tables);
    } catch (SQLException e) {
      throw new DatabaseUnavailableException(source.name(), e);
    }
  }

  private record TableRef(
      String catalog, String schema, String name, TableKind kind, String remarks) {
    String qualifiedName() {
      return schema == null || DEFAULT_SCHEMAS.contains(schema.toLowerCase(Locale.ROOT))
          ? name
          : schema + "." + name;
    }

    String sql(String quote) {
      String table = quote + name.replace(quote, quote + quote) + quote;
      return schema == null
          ? table
          : quote + schema.replace(quote, quote + quote) + quote + "." + table;
    }
  }

  private static List<TableRef> tables(DatabaseMetaData md) throws SQLException {
    List<TableRef> refs = new ArrayList<>();
    try (ResultSet rs = md.getTables(null, null, "%", new String[] {"TABLE", "VIEW"})) {
      while (rs.next()) {
        String schema = rs.getString("TABLE_SCHEM");
        String name = rs.getString("TABLE_NAME");
        if (schema != null && SYSTEM_SCHEMAS.contains(schema.toLowerCase(Locale.ROOT))
            || name.toLowerCase(Locale.ROOT).startsWith("sqlite_")) {
          continue;
        }
        TableKind kind =
            "VIEW".equalsIgnoreCase(rs.getString("TABLE_TYPE")) ? TableKind.VIEW : TableKind.TABLE;
        refs.add(
            new TableRef(rs.getString("TABLE_CAT"), schema, name, kind, rs.getString("REMARKS")));
      }
    }
    return refs;
  }

  private static List<Column> columns(DatabaseMetaData md, TableRef t) throws SQLException {
    List<Column> columns = new ArrayList<>();
    try (ResultSet rs = md.getColumns(t.catalog(), t.schema(), t.name(), "%")) {
      while (rs.next()) {
        columns.add(
            new Column(
                rs.getString("COLUMN_NAME"),
                rs.getString("TYPE_NAME"),
                rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls,
                rs.getString("REMARKS"),
                "",
                List.of(),
                OptionalLong.empty()));
      }
    }
    return columns;
  }

  private static List<String> primaryKey(DatabaseMetaData md, TableRef t) throws SQLException {
    Map<Integer, String> bySequence = new TreeMap<>();
    try (ResultSet rs = md.getPrimaryKeys(t.catalog(), t.schema(), t.name())) {
      while (rs.next()) {
        bySequence.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
      }
    }
    return List.copyOf(bySequence.values());
  }

  private static List<ForeignKey> foreignKeys(DatabaseMetaData md, TableRef t) throws SQLException {
    // Rows come ordered by referenced table and key sequence; a named constraint groups its
    // columns, and an unnamed one starts at each KEY_SEQ 1.
    Map<String, List<String[]>> keys = new LinkedHashMap<>();
    Map<String, String> targets = new LinkedHashMap<>();
    String current = null;
    try (ResultSet rs = md.getImportedKeys(t.catalog(), t.schema(), t.name())) {
      while (rs.next()) {
        String pkSchema = rs.getString("PKTABLE_SCHEM");
        String pkTable = rs.getString("PKTABLE_NAME");
        String target =
            pkSchema == null || DEFAULT_SCHEMAS.contains(pkSchema.toLowerCase(Locale.ROOT))
                ? pkTable
                : pkSchema + "." + pkTable;
        String fkName = rs.getString("FK_NAME");
        if (fkName != null && !fkName.isEmpty()) {
          current = fkName + "->" + target;
        } else if (rs.getInt("KEY_SEQ") <= 1 || current == null) {
          current = "#" + keys.size() + "->" + target;
        }
        targets.put(current, target);
        keys.computeIfAbsent(current, k -> new ArrayList<>())
            .add(new String[] {rs.getString("FKCOLUMN_NAME"), rs.getString("PKCOLUMN_NAME")});
      }
    }
    List<ForeignKey> fks = new ArrayList<>();
    keys.forEach(
        (key, pairs) -> {
          // SQLite reports a foreign key to an implicit primary key with no referenced column.
          if (pairs.stream().allMatch(p -> p[1] != null)) {
            fks.add(
                new ForeignKey(
                    pairs.stream().map(p -> p[0]).toList(),
                    targets.get(key),
                    pairs.stream().map(p -> p[1]).toList()));
          }
        });
    return fks;
  }

  private Column withSamples(Connection connection, String quote, TableRef t, Column c) {
    String column = quote + c.name().replace(quote, quote + quote) + quote;
    String from = t.sql(quote);
    List<String> samples = new ArrayList<>();
    OptionalLong distinct = OptionalLong.empty();
    try (Statement st = connection.createStatement()) {
      st.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
      try (ResultSet rs =
          st.executeQuery(
              "SELECT DISTINCT "
                  + column
                  + " FROM "
                  + from
                  + " WHERE "
                  + column
                  + " IS NOT NULL LIMIT "
                  + samplesPerColumn)) {
        while (rs.next()) {
          samples.add(rs.getString(1));
        }
      }
      try (ResultSet rs =
          st.executeQuery(
              "SELECT COUNT(*) FROM (SELECT DISTINCT "
                  + column
                  + " FROM "
                  + from
                  + " LIMIT "
                  + (DISTINCT_CAP + 1)
                  + ") d")) {
        if (rs.next() && rs.getLong(1) <= DISTINCT_CAP) {
          distinct = OptionalLong.of(rs.getLong(1));
        }
      }
    } catch (SQLException e) {
      // A column that cannot be sampled (timeout, odd type) is still part of the schema.
      return c;
    }
    return c.withSamples(samples, distinct);
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
