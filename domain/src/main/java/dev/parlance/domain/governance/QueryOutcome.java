package dev.parlance.domain.governance;

import java.util.Objects;
import java.util.Optional;

/**
 * What became of a statement: it ran, it was refused with a reason, or it failed with the
 * database's message (kept verbatim, so a correction loop can show it to an LLM).
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

  record Failed(
      FailureKind kind, String message, String sqlAsked, Optional<String> sqlRun, long elapsedMs)
      implements QueryOutcome {
    public Failed {
      Objects.requireNonNull(kind, "kind");
      message =
          message == null || message.isBlank()
              ? "the database gave no message"
              : message.replaceAll("\\s+", " ").strip();
      sqlAsked = Objects.requireNonNullElse(sqlAsked, "");
      sqlRun = Objects.requireNonNullElse(sqlRun, Optional.empty());
    }
  }
}
