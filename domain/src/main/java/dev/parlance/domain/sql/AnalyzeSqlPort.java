package dev.parlance.domain.sql;

import dev.parlance.domain.catalog.SchemaCatalog;

/**
 * Reads a statement's structure with a real SQL parser, never by substring matching (TA-SQL's
 * schema links come from parsing its dummy SQL). Never throws for bad SQL: the shape says why.
 */
@FunctionalInterface
public interface AnalyzeSqlPort {
  SqlShape analyze(String sql, SchemaCatalog catalog);

  /**
   * A query's column lineage: for each column of its result (by name, lower-case), the catalog
   * columns ({@code table.column}) its expression reads. What a view's column is made of, so that a
   * prompt showing the view's column can be said to show those base columns. Empty when the
   * statement cannot be read.
   */
  default java.util.Map<String, java.util.Set<String>> lineage(String sql, SchemaCatalog catalog) {
    return java.util.Map.of();
  }
}
