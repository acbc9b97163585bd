package dev.parlance.domain.curation;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What a steward says about a base table of the source and its columns. */
public record TableDescription(String table, String description, List<DataDescription> columns) {
  public TableDescription {
    if (table == null || table.isBlank()) {
      throw new IllegalArgumentException("a table description needs the table's name");
    }
    table = table.strip();
    description = description == null ? "" : description.strip();
    columns = Columns.unique(Objects.requireNonNullElse(columns, List.of()), "table " + table);
  }

  public Optional<DataDescription> column(String name) {
    return Columns.find(columns, name);
  }

  public TableDescription withColumn(DataDescription column) {
    return new TableDescription(table, description, Columns.put(columns, column));
  }

  public TableDescription withDescription(String text) {
    return new TableDescription(table, text, columns);
  }
}
