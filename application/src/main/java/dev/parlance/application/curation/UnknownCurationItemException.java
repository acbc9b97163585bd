package dev.parlance.application.curation;

/** A source's curation has no item of that name: no such verified question, synonym, suggestion. */
public final class UnknownCurationItemException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public UnknownCurationItemException(String message) {
    super(message);
  }
}
