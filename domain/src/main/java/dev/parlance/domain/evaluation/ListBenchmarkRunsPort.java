package dev.parlance.domain.evaluation;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The pipeline runs over benchmarks this installation keeps ({@code bench e2e}): each run's answer
 * logs and, once it finished, its report.
 */
public interface ListBenchmarkRunsPort {

  /** Every kept run, newest first. */
  List<BenchmarkRun> runs();

  /** The run's HTML report; empty when there is no such run or it has no report yet. */
  Optional<String> reportHtml(String run);

  /**
   * One kept run.
   *
   * @param logs the strategies whose answers it logged (one log each)
   * @param hasReport whether its report was written (the run finished at least once)
   */
  record BenchmarkRun(String name, Instant updatedAt, List<String> logs, boolean hasReport) {
    public BenchmarkRun {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(updatedAt, "updatedAt");
      logs = List.copyOf(logs);
    }
  }
}
