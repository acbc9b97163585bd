package dev.parlance.domain.source;

import java.util.Locale;
import java.util.Optional;

/** The SQL dialects Parlance knows how to read, govern and query. */
public enum Dialect {
  SQLITE("jdbc:sqlite:", "main"),
  H2("jdbc:h2:", "PUBLIC"),
  POSTGRESQL("jdbc:postgresql:", "public");

  private final String urlPrefix;
  private final String defaultSchema;

  Dialect(String urlPrefix, String defaultSchema) {
    this.urlPrefix = urlPrefix;
    this.defaultSchema = defaultSchema;
  }

  /**
   * The schema of a catalog's unqualified table names: a catalog names the relations of this schema
   * without it ({@code TB_MO}) and those of any other with it ({@code sales.orders}), as governed
   * execution resolves an unqualified name to this schema first.
   */
  public String defaultSchema() {
    return defaultSchema;
  }

  /** The dialect a JDBC URL speaks, if Parlance supports it. */
  public static Optional<Dialect> ofJdbcUrl(String url) {
    if (url == null) {
      return Optional.empty();
    }
    String lower = url.strip().toLowerCase(Locale.ROOT);
    for (Dialect d : values()) {
      if (lower.startsWith(d.urlPrefix)) {
        return Optional.of(d);
      }
    }
    return Optional.empty();
  }
}
