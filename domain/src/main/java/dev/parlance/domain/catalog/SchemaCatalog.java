package dev.parlance.domain.catalog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Everything Parlance knows about the structure of one data source: its relations, their columns
 * and keys. Immutable; lookups by name are case-insensitive.
 */
public record SchemaCatalog(String source, List<Table> tables) {

  public SchemaCatalog {
    Names.requireName(source, "source name");
    tables = List.copyOf(tables);
    Map<String, Table> seen = new LinkedHashMap<>();
    for (Table t : tables) {
      if (seen.put(Names.key(t.name()), t) != null) {
        throw new IllegalArgumentException("table " + t.name() + " appears twice in " + source);
      }
    }
  }

  public Optional<Table> table(String name) {
    String key = Names.key(name);
    return tables.stream().filter(t -> Names.key(t.name()).equals(key)).findFirst();
  }

  public int columnCount() {
    return tables.stream().mapToInt(t -> t.columns().size()).sum();
  }

  /** A copy with every table passed through {@code change}. */
  public SchemaCatalog mapTables(UnaryOperator<Table> change) {
    return new SchemaCatalog(source, tables.stream().map(change).toList());
  }
}
