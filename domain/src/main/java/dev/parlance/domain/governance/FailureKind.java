package dev.parlance.domain.governance;

/** Why an allowed statement did not return rows. */
public enum FailureKind {
  /** The source does not exist, or its database cannot be reached or refuses the credentials. */
  UNAVAILABLE("the source is unavailable"),
  /** The database rejected or aborted the statement. */
  DATABASE_ERROR("the database rejected the statement"),
  /** The statement ran past the policy's timeout and was cancelled. */
  TIMEOUT("cancelled at the policy's timeout"),
  /**
   * A single row (or batch of rows the driver must read whole) was larger than the result's memory
   * budget, before any of it could be kept.
   */
  TOO_LARGE("a row larger than the result's memory budget");

  private final String description;

  FailureKind(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }
}
