package dev.parlance.domain.evaluation;

import java.time.Duration;
import java.util.Objects;

/** What running one benchmark query gave: its rows, the database's error, or a timeout. */
public sealed interface ExecutionOutcome {

  /** The query ran; {@code table} holds everything it returned. */
  record Rows(ResultTable table, Duration elapsed) implements ExecutionOutcome {
    public Rows {
      Objects.requireNonNull(table, "table");
      Objects.requireNonNull(elapsed, "elapsed");
    }
  }

  /** The query could not run or failed while running; {@code message} is the database's. */
  record Failed(String message, Duration elapsed) implements ExecutionOutcome {
    public Failed {
      Objects.requireNonNull(message, "message");
      Objects.requireNonNull(elapsed, "elapsed");
    }
  }

  /** The query was cancelled when its time ran out. */
  record TimedOut(Duration limit) implements ExecutionOutcome {
    public TimedOut {
      Objects.requireNonNull(limit, "limit");
    }
  }

  /** A failure that took no measurable time, e.g. refused before running. */
  static ExecutionOutcome failed(String message) {
    return new Failed(message, Duration.ZERO);
  }

  default Duration elapsed() {
    return switch (this) {
      case Rows r -> r.elapsed();
      case Failed f -> f.elapsed();
      case TimedOut t -> t.limit();
    };
  }
}
