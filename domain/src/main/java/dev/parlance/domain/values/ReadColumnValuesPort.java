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
}
