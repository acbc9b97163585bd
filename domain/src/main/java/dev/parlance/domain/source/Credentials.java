package dev.parlance.domain.source;

import java.util.Objects;

/**
 * How to obtain a secret without storing it: Parlance keeps only the reference, never the value.
 */
public sealed interface Credentials {

  /** No user name or password (e.g. a SQLite file). */
  record None() implements Credentials {}

  /** User and password read from environment variables at connection time. */
  record FromEnvironment(String userVariable, String passwordVariable) implements Credentials {
    public FromEnvironment {
      if ((userVariable == null || userVariable.isBlank())
          && (passwordVariable == null || passwordVariable.isBlank())) {
        throw new IllegalArgumentException("name at least one environment variable");
      }
    }
  }

  /**
   * User and password read from a file ({@code user=}/{@code password=} lines) at connection time.
   */
  record FromFile(String path) implements Credentials {
    public FromFile {
      Objects.requireNonNull(path, "path");
      if (path.isBlank()) {
        throw new IllegalArgumentException("credentials file path must not be blank");
      }
    }
  }

  static Credentials none() {
    return new None();
  }
}
