package dev.parlance.application.retrieval;

/** A data source was named that Parlance does not know. */
public final class UnknownSourceException extends RuntimeException {
  public UnknownSourceException(String source) {
    super("no source named '" + source + "' (see 'parlance sources list')");
  }
}
