package dev.parlance.domain.values;

import dev.parlance.domain.catalog.Names;
import java.util.Objects;

/** One distinct value of a text column, as the value index holds it. */
public record ColumnValue(String table, String column, String value) {
  public ColumnValue {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(value, "value");
  }

  /** {@code table.column}, lower-case: the schema element the value belongs to. */
  public String columnId() {
    return Names.key(table) + "." + Names.key(column);
  }
}
