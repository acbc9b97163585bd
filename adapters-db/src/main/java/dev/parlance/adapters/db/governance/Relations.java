package dev.parlance.adapters.db.governance;

import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.governance.ForeignKeyFilters;
import dev.parlance.domain.source.DataSource;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The relations of a source as the database names them: schema, name, table or view, columns in
 * order. Read once per source from JDBC metadata; what the rewriter resolves names against.
 */
final class Relations {

  record Relation(String schema, String name, boolean view, List<String> columns) {
    String key() {
      return name.toLowerCase(Locale.ROOT);
    }

    /**
     * The schema a policy's {@code allowed_schemas} and rules name it by: SQLite's main database
     * has no JDBC schema, and is {@code main} to the policy (as it is in SQL).
     */
    String policySchema() {
      return schema == null ? "main" : schema;
    }
  }

  private final Map<String, List<Relation>> byName;
  private final DialectRules rules;
  private final ForeignKeyFilters foreignKeys;

  private Relations(
      List<Relation> relations, DialectRules rules, Map<String, List<ForeignKey>> foreignKeys) {
    this.rules = rules;
    this.foreignKeys = new ForeignKeyFilters(foreignKeys);
    Map<String, List<Relation>> index = new HashMap<>();
    for (Relation r : relations) {
      index.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r);
    }
    this.byName = index;
  }

  static Relations of(List<Relation> relations, DialectRules rules) {
    return new Relations(relations, rules, Map.of());
  }

  /** With each table's foreign keys, by the table's name, for filters that follow them. */
  static Relations of(
      List<Relation> relations, DialectRules rules, Map<String, List<ForeignKey>> foreignKeys) {
    return new Relations(relations, rules, foreignKeys);
  }

  /** The source's foreign keys, as row filters follow them. */
  ForeignKeyFilters foreignKeys() {
    return foreignKeys;
  }

  /** Every relation, in no particular order. */
  List<Relation> all() {
    List<Relation> out = new ArrayList<>();
    byName.values().forEach(out::addAll);
    return out;
  }

  static Relations read(Connection connection, DataSource source) throws SQLException {
    DialectRules rules = DialectRules.of(source.dialect());
    DatabaseMetaData md = connection.getMetaData();
    Map<String, Relation> found = new LinkedHashMap<>();
    try (ResultSet rs = md.getTables(null, null, "%", new String[] {"TABLE", "VIEW"})) {
      while (rs.next()) {
        String schema = rs.getString("TABLE_SCHEM");
        String name = rs.getString("TABLE_NAME");
        if (rules.isSystemRelation(schema, name)) {
          continue;
        }
        boolean view = "VIEW".equalsIgnoreCase(rs.getString("TABLE_TYPE"));
        found.put(schema + "\u0000" + name, new Relation(schema, name, view, new ArrayList<>()));
      }
    }
    try (ResultSet rs = md.getColumns(null, null, "%", "%")) {
      while (rs.next()) {
        Relation r = found.get(rs.getString("TABLE_SCHEM") + "\u0000" + rs.getString("TABLE_NAME"));
        if (r != null) {
          r.columns().add(rs.getString("COLUMN_NAME"));
        }
      }
    }
    List<Relation> relations = new ArrayList<>();
    for (Relation r : found.values()) {
      relations.add(new Relation(r.schema(), r.name(), r.view(), List.copyOf(r.columns())));
    }
    return new Relations(relations, rules, Map.of());
  }

  DialectRules rules() {
    return rules;
  }

  /**
   * The relation a reference names. {@code quoted} names match exactly, others case-insensitively;
   * without a schema the default schema wins over others.
   */
  Optional<Relation> resolve(String schema, String name, boolean quoted) {
    List<Relation> candidates = byName.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    List<Relation> matching = new ArrayList<>();
    for (Relation r : candidates) {
      if (quoted && !r.name().equals(name)) {
        continue;
      }
      if (schema != null
          && !(r.schema() == null
              ? schema.equalsIgnoreCase("main") // SQLite's main database has no JDBC schema
              : r.schema().equalsIgnoreCase(schema))) {
        continue;
      }
      matching.add(r);
    }
    if (matching.size() <= 1) {
      return matching.stream().findFirst();
    }
    for (Relation r : matching) {
      if (r.schema() != null
          && List.of("public", "main").contains(r.schema().toLowerCase(Locale.ROOT))) {
        return Optional.of(r);
      }
    }
    return Optional.of(matching.get(0));
  }
}
