package dev.parlance.domain.values;

import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.source.DataSource;
import java.util.List;

/** Reads the distinct values of a source's text columns, for the value index. */
@FunctionalInterface
public interface ReadColumnValuesPort {

  /**
   * The distinct non-blank values of every text column of {@code catalog}, at most {@code
   * perColumn} per column and none longer than {@code maxLength} characters.
   */
  List<ColumnValue> read(DataSource source, SchemaCatalog catalog, int perColumn, int maxLength);

  /**
   * The same, for a catalog some of whose relations exist only as definitions (a curation's views):
   * each statement that reads a column's values is first passed through {@code expansion}, which
   * puts the definitions of the relations it names in front of it (a {@code WITH} clause).
   */
  default List<ColumnValue> read(
      DataSource source,
      SchemaCatalog catalog,
      java.util.function.UnaryOperator<String> expansion,
      int perColumn,
      int maxLength) {
    return read(source, catalog, perColumn, maxLength);
  }
}
