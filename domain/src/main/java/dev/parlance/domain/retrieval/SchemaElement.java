package dev.parlance.domain.retrieval;

import dev.parlance.domain.catalog.Names;
import java.util.Objects;
import java.util.Set;

/**
 * One retrievable unit of a source's schema, as it is indexed.
 *
 * @param id the element's key: {@code table.column} for columns and {@code table} for tables,
 *     lower-cased, so ids compare the way SQL names do
 * @param details what else is known about the element beyond its name (descriptions, value
 *     meanings, sample values); empty when nothing is
 * @param linked ids of columns joined to this one by a foreign key (CRUSH4SQL's schema-graph edges
 *     besides same-table membership)
 */
public record SchemaElement(
    String id, ElementKind kind, String table, String column, String details, Set<String> linked) {

  public SchemaElement {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(table, "table");
    column = Objects.requireNonNullElse(column, "");
    if (kind != ElementKind.TABLE && column.isBlank()) {
      throw new IllegalArgumentException("a " + kind + " element needs a column (or id)");
    }
    String expectedId =
        switch (kind) {
          case COLUMN -> idOf(table, column);
          case TABLE -> idOf(table, null);
          case VERIFIED_QUERY -> verifiedIdOf(column);
        };
    if (!expectedId.equals(id)) {
      throw new IllegalArgumentException("element id " + id + " should be " + expectedId);
    }
    details = Objects.requireNonNullElse(details, "").strip();
    linked = Set.copyOf(Objects.requireNonNullElse(linked, Set.of()));
  }

  public static String idOf(String table, String column) {
    return column == null || column.isEmpty()
        ? Names.key(table)
        : Names.key(table) + "." + Names.key(column);
  }

  public static SchemaElement column(
      String table, String column, String details, Set<String> linked) {
    return new SchemaElement(
        idOf(table, column), ElementKind.COLUMN, table, column, details, linked);
  }

  /** The element id of verified question {@code id}: {@code verified:<id>}, lower-cased. */
  public static String verifiedIdOf(String id) {
    return "verified:" + Names.key(id);
  }

  /**
   * A verified question as an element: found by its question's words and embedding, it carries the
   * SQL (as details) and the columns that SQL reads (as links).
   */
  public static SchemaElement verified(
      String id, String question, String sql, Set<String> columnIds) {
    return new SchemaElement(
        verifiedIdOf(id), ElementKind.VERIFIED_QUERY, question, id, sql, columnIds);
  }

  public static SchemaElement table(String table, String details) {
    return new SchemaElement(idOf(table, null), ElementKind.TABLE, table, "", details, Set.of());
  }

  /**
   * The element's name as written: {@code table.column} or {@code table} — CRUSH4SQL's document
   * {@code S(t).S(c)}, what its embedding stands for.
   */
  public String name() {
    return kind == ElementKind.COLUMN ? table + "." + column : table;
  }

  /** The words a lexical search matches: the name split into words, then the details. */
  public String searchText() {
    String words = ElementText.words(name());
    return details.isEmpty() ? words : words + ". " + details;
  }

  /** The id of the table this element belongs to. */
  public String tableId() {
    return Names.key(table);
  }
}
