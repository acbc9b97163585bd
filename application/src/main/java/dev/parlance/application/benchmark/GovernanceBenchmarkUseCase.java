package dev.parlance.application.benchmark;

import dev.parlance.domain.governance.UserIdentity;

/** Measures what governance costs per statement on a source, against raw JDBC. */
@FunctionalInterface
public interface GovernanceBenchmarkUseCase {

  GovernanceBenchmarkReport run(Command command);

  /**
   * @param lookupsPerTable primary-key lookups generated per table
   * @param rounds measured passes over the statements (after one warm-up pass)
   */
  record Command(String source, UserIdentity user, int lookupsPerTable, int rounds) {
    public Command {
      if (lookupsPerTable < 1 || rounds < 1) {
        throw new IllegalArgumentException("lookups per table and rounds must be positive");
      }
    }
  }
}
