package dev.parlance.application.answer;

/** No answer of that number in the caller's history (someone else's counts as none). */
public final class UnknownAnswerException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final long id;

  public UnknownAnswerException(long id) {
    super("there is no answer number " + id + " in your history");
    this.id = id;
  }

  public long id() {
    return id;
  }
}
