package dev.parlance.domain.catalog;

import dev.parlance.domain.source.DataSource;

/** Reads the structure of a live database: tables, views, columns, keys and sample values. */
@FunctionalInterface
public interface ReadCatalogPort {
  SchemaCatalog read(DataSource source);
}
