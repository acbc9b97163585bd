package dev.parlance.application.benchmark;

import dev.parlance.domain.governance.UserIdentity;

/** Measures what governance costs per statement on a source, against raw JDBC. */
@FunctionalInterface
public interface GovernanceBenchmarkUseCase {

  GovernanceBenchmarkReport run(Command command);

  /**
   * @param lookupsPerTable primary-key lookups generated per table
   * @param rounds measured passes over the statements
   * @param warmUp statements run before measuring (at least one pass is always run)
   */
  record Command(String source, UserIdentity user, int lookupsPerTable, int rounds, int warmUp) {
    public Command {
      if (lookupsPerTable < 1 || rounds < 1 || warmUp < 0) {
        throw new IllegalArgumentException(
            "lookups per table and rounds must be positive, warm-up not negative");
      }
    }
  }
}
