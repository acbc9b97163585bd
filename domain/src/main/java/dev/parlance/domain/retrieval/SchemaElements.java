package dev.parlance.domain.retrieval;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Explodes a catalog into retrievable elements: one per table and one per column. */
public final class SchemaElements {
  private SchemaElements() {}

  public static List<SchemaElement> of(SchemaCatalog catalog, ElementText style) {
    Map<String, Set<String>> links = foreignKeyLinks(catalog);
    List<SchemaElement> elements = new ArrayList<>(catalog.columnCount() + catalog.tables().size());
    for (Table table : catalog.tables()) {
      elements.add(SchemaElement.table(table.name(), style.details(table)));
      for (Column column : table.columns()) {
        String id = SchemaElement.idOf(table.name(), column.name());
        elements.add(
            SchemaElement.column(
                table.name(),
                column.name(),
                style.details(table, column),
                links.getOrDefault(id, Set.of())));
      }
    }
    return elements;
  }

  // Both ends of every foreign key know each other.
  private static Map<String, Set<String>> foreignKeyLinks(SchemaCatalog catalog) {
    Map<String, Set<String>> links = new HashMap<>();
    for (Table table : catalog.tables()) {
      for (ForeignKey fk : table.foreignKeys()) {
        for (int i = 0; i < fk.columns().size(); i++) {
          String from = SchemaElement.idOf(table.name(), fk.columns().get(i));
          String to = SchemaElement.idOf(fk.referencedTable(), fk.referencedColumns().get(i));
          links.computeIfAbsent(from, k -> new HashSet<>()).add(to);
          links.computeIfAbsent(to, k -> new HashSet<>()).add(from);
        }
      }
    }
    return links;
  }
}
