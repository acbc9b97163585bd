package dev.parlance.domain.governance;

import java.util.Objects;
import java.util.Optional;

/**
 * What became of a statement: it ran, it was refused with a reason, or it failed with the
 * database's message (its wording kept, so a correction loop can show it to an LLM, but no value
 * the statement did not itself contain).
 */
public sealed interface QueryOutcome {

  String sqlAsked();

  /** The statement as Parlance sent it to the database, if it got that far. */
  Optional<String> sqlRun();

  long elapsedMs();

  record Ran(QueryResult result) implements QueryOutcome {
    public Ran {
      Objects.requireNonNull(result, "result");
    }

    @Override
    public String sqlAsked() {
      return result.sqlAsked();
    }

    @Override
    public Optional<String> sqlRun() {
      return Optional.of(result.sqlRun());
    }

    @Override
    public long elapsedMs() {
      return result.elapsedMs();
    }
  }

  record Refused(Refusal refusal, String sqlAsked, Optional<String> sqlRun, long elapsedMs)
      implements QueryOutcome {
    public Refused {
      Objects.requireNonNull(refusal, "refusal");
      sqlAsked = Objects.requireNonNullElse(sqlAsked, "");
      sqlRun = Objects.requireNonNullElse(sqlRun, Optional.empty());
    }

    public static Refused of(RefusalKind kind, String reason, String sqlAsked) {
      return new Refused(new Refusal(kind, reason), sqlAsked, Optional.empty(), 0);
    }
  }

  /**
   * The statement did not return rows.
   *
   * @param message what a user or a correction loop reads: for database errors the engine's
   *     wording, with any value that is not in the statement itself left out
   * @param errorKind a short, fixed description of the error (e.g. "invalid JSON path"), never
   *     holding data: what the audit trail keeps
   */
  record Failed(
      FailureKind kind,
      String message,
      String sqlAsked,
      Optional<String> sqlRun,
      long elapsedMs,
      String errorKind)
      implements QueryOutcome {
    public Failed {
      Objects.requireNonNull(kind, "kind");
      message =
          message == null || message.isBlank()
              ? "the database gave no message"
              : message.replaceAll("\\s+", " ").strip();
      sqlAsked = Objects.requireNonNullElse(sqlAsked, "");
      sqlRun = Objects.requireNonNullElse(sqlRun, Optional.empty());
      errorKind =
          errorKind == null || errorKind.isBlank()
              ? kind.description()
              : errorKind.replaceAll("\\s+", " ").strip();
    }

    /** A failure whose kind says all the audit needs. */
    public Failed(
        FailureKind kind,
        String message,
        String sqlAsked,
        Optional<String> sqlRun,
        long elapsedMs) {
      this(kind, message, sqlAsked, sqlRun, elapsedMs, null);
    }
  }
}
