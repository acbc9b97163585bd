package dev.parlance.domain.source;

import java.util.Locale;
import java.util.Optional;

/** The SQL dialects Parlance knows how to read, govern and query. */
public enum Dialect {
  SQLITE("jdbc:sqlite:"),
  H2("jdbc:h2:"),
  POSTGRESQL("jdbc:postgresql:");

  private final String urlPrefix;

  Dialect(String urlPrefix) {
    this.urlPrefix = urlPrefix;
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
