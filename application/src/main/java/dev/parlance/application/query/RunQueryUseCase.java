package dev.parlance.application.query;

import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import java.util.Objects;

/** Runs one statement for a user on a named source, governed and audited. */
@FunctionalInterface
public interface RunQueryUseCase {

  QueryOutcome run(Command command);

  /** Who runs what on which source. */
  record Command(String source, UserIdentity user, String sql) {
    public Command {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(user, "user");
      sql = Objects.requireNonNullElse(sql, "");
    }
  }
}
