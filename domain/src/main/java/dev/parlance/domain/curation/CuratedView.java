package dev.parlance.domain.curation;

import dev.parlance.domain.source.Dialect;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An LLM-friendly view: a named query over the source's tables (or other views) with a description
 * for the view and for its columns. Parlance keeps the definition and expands a query over the view
 * into one over base tables (a {@code WITH} clause), unless a steward marks it {@code inDatabase}:
 * then the database has it and runs it (the policy must allow it like any database view).
 *
 * @param sql the defining query, in the source's dialect
 * @param dialectSql the defining query for other dialects, when it differs (date functions, …)
 */
public record CuratedView(
    String name,
    ViewKind kind,
    String description,
    String sql,
    Map<Dialect, String> dialectSql,
    boolean inDatabase,
    List<DataDescription> columns) {

  public CuratedView {
    Identifiers.requireView(name);
    kind = Objects.requireNonNullElse(kind, ViewKind.CONCEPTUAL);
    description = description == null ? "" : description.strip();
    if (sql == null || sql.isBlank()) {
      throw new IllegalArgumentException("view " + name + " has no defining query");
    }
    sql = stripSemicolon(sql);
    EnumMap<Dialect, String> copy = new EnumMap<>(Dialect.class);
    Objects.requireNonNullElse(dialectSql, Map.<Dialect, String>of())
        .forEach((d, s) -> copy.put(d, stripSemicolon(s)));
    dialectSql = Map.copyOf(copy);
    columns = Columns.unique(Objects.requireNonNullElse(columns, List.of()), "view " + name);
    for (DataDescription c : columns) {
      if (!Identifiers.isPlain(c.column())) {
        throw new IllegalArgumentException(
            "column "
                + c.column()
                + " of view "
                + name
                + " must be a plain SQL identifier (letters, digits, _; not a keyword)");
      }
    }
  }

  public static CuratedView of(String name, ViewKind kind, String description, String sql) {
    return new CuratedView(name, kind, description, sql, Map.of(), false, List.of());
  }

  /** The defining query for a dialect: its own variant, else the default. */
  public String sqlFor(Dialect dialect) {
    return dialectSql.getOrDefault(dialect, sql);
  }

  public Optional<DataDescription> column(String columnName) {
    return Columns.find(columns, columnName);
  }

  public CuratedView withColumn(DataDescription column) {
    return new CuratedView(
        name, kind, description, sql, dialectSql, inDatabase, Columns.put(columns, column));
  }

  public CuratedView withDescription(String text) {
    return new CuratedView(name, kind, text, sql, dialectSql, inDatabase, columns);
  }

  public CuratedView withSql(String newSql) {
    return new CuratedView(name, kind, description, newSql, dialectSql, inDatabase, columns);
  }

  public CuratedView withInDatabase(boolean value) {
    return new CuratedView(name, kind, description, sql, dialectSql, value, columns);
  }

  private static String stripSemicolon(String sql) {
    String s = Objects.requireNonNull(sql, "sql").strip();
    while (s.endsWith(";")) {
      s = s.substring(0, s.length() - 1).strip();
    }
    return s;
  }
}
