package dev.parlance.application.ask;

import dev.parlance.domain.source.Dialect;

/** How prompts name a source's SQL dialect. */
final class Dialects {
  private Dialects() {}

  static String label(Dialect dialect) {
    return switch (dialect) {
      case SQLITE -> "SQLite";
      case H2 -> "H2";
      case POSTGRESQL -> "PostgreSQL";
    };
  }
}
