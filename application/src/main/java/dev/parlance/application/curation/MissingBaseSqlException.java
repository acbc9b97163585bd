package dev.parlance.application.curation;

import java.util.Objects;

/**
 * Curation recall needs the base-table SQL of each verified question of a source (the gold
 * columns), and the source ships none.
 */
public final class MissingBaseSqlException extends RuntimeException {

  private final String source;

  public MissingBaseSqlException(String source) {
    super("the base-table SQL of each verified question of " + source + " is needed");
    this.source = Objects.requireNonNull(source, "source");
  }

  public String source() {
    return source;
  }
}
