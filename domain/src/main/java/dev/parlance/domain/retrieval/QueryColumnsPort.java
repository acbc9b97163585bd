package dev.parlance.domain.retrieval;

import dev.parlance.domain.catalog.SchemaCatalog;
import java.util.Set;

/** The catalog columns a query reads, found by parsing it. */
@FunctionalInterface
public interface QueryColumnsPort {

  /**
   * @return column ids ({@code table.column}, lower-case) of {@code catalog} that {@code sql} reads
   * @throws IllegalArgumentException when the SQL does not parse or is not a query
   */
  Set<String> columnsOf(String sql, SchemaCatalog catalog);
}
