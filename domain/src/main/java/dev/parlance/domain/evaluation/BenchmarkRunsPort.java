package dev.parlance.domain.evaluation;

/**
 * Where pipeline runs over benchmarks keep their logs: one place per run, one log per strategy, so
 * that asking the same run again resumes it.
 */
public interface BenchmarkRunsPort {

  /** Where the run's logs are, for people to find them (e.g. a folder). */
  String location(String run);

  /** The log of one strategy's run, created when it is new. */
  PipelineRunLogPort open(String run, String strategy);

  /**
   * Starts one strategy's run over: its log, if any, is kept beside the new one under another name
   * (it may have cost money), never deleted.
   */
  void setAside(String run, String strategy);
}
