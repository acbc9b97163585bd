package dev.parlance.application.evaluation;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.evaluation.ListBenchmarkRunsPort;
import dev.parlance.domain.evaluation.ListBenchmarkRunsPort.BenchmarkRun;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;

/** Lists kept benchmark runs and reads their reports, for admins. */
public final class BenchmarkRunsService implements BenchmarkRunsUseCase {

  private final ListBenchmarkRunsPort runs;

  public BenchmarkRunsService(ListBenchmarkRunsPort runs) {
    this.runs = runs;
  }

  @Override
  public List<BenchmarkRun> runs(UserIdentity user) {
    SourceAccess.requireAdmin(user, "see benchmark runs");
    return runs.runs();
  }

  @Override
  public String report(UserIdentity user, String run) {
    SourceAccess.requireAdmin(user, "see benchmark runs");
    return runs.reportHtml(run).orElseThrow(() -> new UnknownRunException(run));
  }
}
