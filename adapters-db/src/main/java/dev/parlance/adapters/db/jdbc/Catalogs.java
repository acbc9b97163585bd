package dev.parlance.adapters.db.jdbc;

import dev.parlance.domain.catalog.ReadCatalogPort;

/** The one place that builds catalog readers for live databases. */
public final class Catalogs {
  private Catalogs() {}

  /** Reads catalogs over JDBC, with this many sample values per text column. */
  public static ReadCatalogPort jdbc(JdbcConnections connections, int samplesPerColumn) {
    return new JdbcCatalogAdapter(connections, samplesPerColumn);
  }

  /** Checks that a source opens read-only and lists its tables. */
  public static dev.parlance.domain.source.CheckSourcePort check(JdbcConnections connections) {
    return new JdbcSourceCheckAdapter(connections);
  }

  /** Reads the distinct values of text columns, for the value index. */
  public static dev.parlance.domain.values.ReadColumnValuesPort values(
      JdbcConnections connections) {
    return new JdbcColumnValuesAdapter(connections);
  }

  /** Samples rows of some columns, read-only, for stewards' checks ({@code policy lint}). */
  public static dev.parlance.domain.governance.SampleColumnsPort samples(
      JdbcConnections connections) {
    return new JdbcSampleColumnsAdapter(connections);
  }
}
