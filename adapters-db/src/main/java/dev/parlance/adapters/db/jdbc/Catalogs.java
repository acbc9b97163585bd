package dev.parlance.adapters.db.jdbc;

import dev.parlance.domain.catalog.ReadCatalogPort;

/** The one place that builds catalog readers for live databases. */
public final class Catalogs {
  private Catalogs() {}

  /** Reads catalogs over JDBC, with this many sample values per text column. */
  public static ReadCatalogPort jdbc(JdbcConnections connections, int samplesPerColumn) {
    return new JdbcCatalogAdapter(connections, samplesPerColumn);
  }
}
