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
  /**
   * @param rawAs the credentials of the raw baseline when not the source's own (a PostgreSQL
   *     database provisioned by {@code policy apply} lets the source's login role read nothing by
   *     itself)
   */
  record Command(
      String source,
      UserIdentity user,
      int lookupsPerTable,
      int rounds,
      int warmUp,
      java.util.Optional<dev.parlance.domain.source.Credentials> rawAs) {
    public Command {
      rawAs = rawAs == null ? java.util.Optional.empty() : rawAs;
      if (lookupsPerTable < 1 || rounds < 1 || warmUp < 0) {
        throw new IllegalArgumentException(
            "lookups per table and rounds must be positive, warm-up not negative");
      }
    }

    /** With the source's own credentials for the raw baseline. */
    public Command(String source, UserIdentity user, int lookupsPerTable, int rounds, int warmUp) {
      this(source, user, lookupsPerTable, rounds, warmUp, java.util.Optional.empty());
    }
  }
}
