package dev.parlance.domain.governance;

/** Why an allowed statement did not return rows. */
public enum FailureKind {
  /** The source does not exist, or its database cannot be reached or refuses the credentials. */
  UNAVAILABLE,
  /** The database rejected or aborted the statement; its message is kept. */
  DATABASE_ERROR,
  /** The statement ran past the policy's timeout and was cancelled. */
  TIMEOUT
}
