package dev.parlance.domain.retrieval;

import dev.parlance.domain.catalog.Names;
import java.util.Objects;
import java.util.Set;

/**
 * One retrievable unit of a source's schema, as it is indexed.
 *
 * @param id the element's key: {@code table.column} for columns and {@code table} for tables,
 *     lower-cased, so ids compare the way SQL names do
 * @param text what is embedded and searched lexically for this element
 * @param linked ids of columns joined to this one by a foreign key (CRUSH4SQL's schema-graph edges
 *     besides same-table membership)
 */
public record SchemaElement(
    String id, ElementKind kind, String table, String column, String text, Set<String> linked) {

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
    Objects.requireNonNull(text, "text");
    linked = Set.copyOf(Objects.requireNonNullElse(linked, Set.of()));
  }

  public static String idOf(String table, String column) {
    return column == null || column.isEmpty()
        ? Names.key(table)
        : Names.key(table) + "." + Names.key(column);
  }

  public static SchemaElement column(String table, String column, String text, Set<String> linked) {
    return new SchemaElement(idOf(table, column), ElementKind.COLUMN, table, column, text, linked);
  }

  public static SchemaElement table(String table, String text) {
    return new SchemaElement(idOf(table, null), ElementKind.TABLE, table, "", text, Set.of());
  }

  /** The id of the table this element belongs to. */
  public String tableId() {
    return Names.key(table);
  }
}
