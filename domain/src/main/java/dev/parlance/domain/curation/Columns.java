package dev.parlance.domain.curation;

import dev.parlance.domain.catalog.Names;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Lists of described columns: unique by name (case-insensitively), replaced in place. */
final class Columns {
  private Columns() {}

  static List<DataDescription> unique(List<DataDescription> columns, String owner) {
    Set<String> seen = new HashSet<>();
    for (DataDescription c : columns) {
      if (!seen.add(Names.key(c.column()))) {
        throw new IllegalArgumentException(owner + " describes column " + c.column() + " twice");
      }
    }
    return List.copyOf(columns);
  }

  static Optional<DataDescription> find(List<DataDescription> columns, String name) {
    String key = Names.key(name);
    return columns.stream().filter(c -> Names.key(c.column()).equals(key)).findFirst();
  }

  static List<DataDescription> put(List<DataDescription> columns, DataDescription column) {
    List<DataDescription> copy = new ArrayList<>(columns);
    String key = Names.key(column.column());
    for (int i = 0; i < copy.size(); i++) {
      if (Names.key(copy.get(i).column()).equals(key)) {
        copy.set(i, column);
        return copy;
      }
    }
    copy.add(column);
    return copy;
  }
}
