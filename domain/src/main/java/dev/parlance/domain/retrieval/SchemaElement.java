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
    if (kind == ElementKind.COLUMN && column.isBlank()) {
      throw new IllegalArgumentException("a column element needs a column name");
    }
    String expectedId = idOf(table, kind == ElementKind.COLUMN ? column : null);
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
