package dev.parlance.domain.sql;

import dev.parlance.domain.catalog.SchemaCatalog;

/**
 * Reads a statement's structure with a real SQL parser, never by substring matching (TA-SQL's
 * schema links come from parsing its dummy SQL). Never throws for bad SQL: the shape says why.
 */
@FunctionalInterface
public interface AnalyzeSqlPort {
  SqlShape analyze(String sql, SchemaCatalog catalog);
}
