package dev.parlance.application.evaluation;

import dev.parlance.domain.evaluation.ListBenchmarkRunsPort.BenchmarkRun;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;

/** Past pipeline runs over benchmarks ({@code bench e2e}) and their reports, for admins. */
public interface BenchmarkRunsUseCase {

  List<BenchmarkRun> runs(UserIdentity user);

  /**
   * The run's self-contained HTML report.
   *
   * @throws UnknownRunException when there is no such run or it has no report yet
   */
  String report(UserIdentity user, String run);

  /** No kept run of that name has a report. */
  final class UnknownRunException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnknownRunException(String run) {
      super("no benchmark run named '" + run + "' has a report");
    }
  }
}
