package dev.parlance.application.evaluation.report;

/** A file that is not a {@code bench e2e} run's JSON; the message names it and says why. */
public final class UnreadableReportException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UnreadableReportException(String message) {
    super(message);
  }
}
