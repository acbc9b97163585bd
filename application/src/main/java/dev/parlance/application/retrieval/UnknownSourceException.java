package dev.parlance.application.retrieval;

import java.util.Objects;

/** A data source was named that Parlance does not know. */
public final class UnknownSourceException extends RuntimeException {

  private final String source;

  public UnknownSourceException(String source) {
    super("no source named '" + source + "'");
    this.source = Objects.requireNonNull(source, "source");
  }

  public String source() {
    return source;
  }
}
