package dev.parlance.domain.catalog;

import java.util.List;

/** A foreign key from columns of one table to columns of another (same arity, in order). */
public record ForeignKey(
    List<String> columns, String referencedTable, List<String> referencedColumns) {

  public ForeignKey {
    columns = List.copyOf(columns);
    referencedColumns = List.copyOf(referencedColumns);
    Names.requireName(referencedTable, "referenced table");
    if (columns.isEmpty() || columns.size() != referencedColumns.size()) {
      throw new IllegalArgumentException(
          "a foreign key needs as many referenced columns as columns: "
              + columns
              + " -> "
              + referencedTable
              + referencedColumns);
    }
  }

  public static ForeignKey of(String column, String referencedTable, String referencedColumn) {
    return new ForeignKey(List.of(column), referencedTable, List.of(referencedColumn));
  }
}
