package dev.parlance.domain.catalog;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A table or view with its columns and keys.
 *
 * @param name the relation's name as the database spells it (a union of databases prefixes it with
 *     the database name, e.g. {@code card_games.cards})
 * @param description what the relation holds, in words (may be empty)
 */
public record Table(
    String name,
    TableKind kind,
    String description,
    List<Column> columns,
    List<String> primaryKey,
    List<ForeignKey> foreignKeys) {

  public Table {
    Names.requireName(name, "table name");
    kind = Objects.requireNonNullElse(kind, TableKind.TABLE);
    description = description == null ? "" : description.strip();
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(Objects.requireNonNullElse(primaryKey, List.of()));
    foreignKeys = List.copyOf(Objects.requireNonNullElse(foreignKeys, List.of()));
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("table " + name + " has no columns");
    }
  }

  public Optional<Column> column(String columnName) {
    String key = Names.key(columnName);
    return columns.stream().filter(c -> Names.key(c.name()).equals(key)).findFirst();
  }

  public Table withColumns(List<Column> newColumns) {
    return new Table(name, kind, description, newColumns, primaryKey, foreignKeys);
  }

  public Table withDescription(String newDescription) {
    return new Table(name, kind, newDescription, columns, primaryKey, foreignKeys);
  }
}
