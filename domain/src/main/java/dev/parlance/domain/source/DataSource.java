package dev.parlance.domain.source;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A database Parlance answers questions about: a name users refer to it by, where it is, and how to
 * authenticate (by reference only).
 */
public record DataSource(String name, String jdbcUrl, Dialect dialect, Credentials credentials) {

  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]{0,62}");
  // A password as a URL parameter (?password=, ;PASSWORD=) or as user:password@host.
  private static final Pattern SECRET_IN_URL =
      Pattern.compile("(?i)([?&;]\\s*password\\s*=)|(//[^/@?;]*:[^/@?;]*@)");

  public DataSource {
    Objects.requireNonNull(name, "name");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "source name '"
              + name
              + "' must be lower-case letters, digits, '_' or '-', "
              + "starting with a letter (at most 63 characters)");
    }
    Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    if (SECRET_IN_URL.matcher(jdbcUrl).find()) {
      throw new IllegalArgumentException(
          "the JDBC URL of source '"
              + name
              + "' carries a password; Parlance never stores secrets: name an environment"
              + " variable holding it instead");
    }
    Objects.requireNonNull(dialect, "dialect");
    credentials = Objects.requireNonNullElse(credentials, Credentials.none());
  }

  /** A source whose dialect follows from its JDBC URL. */
  public static DataSource of(String name, String jdbcUrl, Credentials credentials) {
    Dialect dialect =
        Dialect.ofJdbcUrl(jdbcUrl)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "unsupported JDBC URL '"
                            + jdbcUrl
                            + "': Parlance reads jdbc:sqlite:, jdbc:h2: and jdbc:postgresql: URLs"));
    return new DataSource(name, jdbcUrl, dialect, credentials);
  }
}
