package dev.parlance.domain.source;

import java.util.Objects;

/** Whether a source can be opened read-only and its catalog read, and if not, why. */
public sealed interface SourceCheck {

  /** Opened and read: how many tables and views Parlance sees. */
  record Reachable(int tables) implements SourceCheck {}

  /** It could not be opened or read; the message is the database's or driver's, on one line. */
  record Unreachable(Problem problem, String message) implements SourceCheck {
    public Unreachable {
      Objects.requireNonNull(problem, "problem");
      Objects.requireNonNull(message, "message");
    }
  }

  /** What kept Parlance out, in the words a user acts on. */
  enum Problem {
    FILE_MISSING("the database file is missing"),
    NOT_A_DATABASE("the file is not a database"),
    HOST_UNREACHABLE("the database server cannot be reached"),
    UNKNOWN_DATABASE("the server has no such database"),
    AUTHENTICATION_FAILED("authentication failed"),
    NO_PERMISSION("the user has no permission to read it"),
    MISSING_CREDENTIAL("a credential variable is not set"),
    UNKNOWN_DRIVER("no driver reads this JDBC URL"),
    OTHER("the database could not be read");

    private final String description;

    Problem(String description) {
      this.description = description;
    }

    public String description() {
      return description;
    }
  }
}
