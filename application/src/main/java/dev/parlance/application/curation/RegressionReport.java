package dev.parlance.application.curation;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How a source's approved verified questions fared against a new curation version, each compared
 * with the version before it.
 */
public record RegressionReport(int fromVersion, int toVersion, List<Check> checks) {

  public RegressionReport {
    checks = List.copyOf(checks);
  }

  /** What became of one verified question's result. */
  public enum Result {
    /** Same rows as under the previous version. */
    UNCHANGED,
    /** Different rows than under the previous version. */
    CHANGED,
    /** No previous result to compare with (new question, or first version). */
    NEW,
    /** Its SQL does not run under the new version. */
    FAILED
  }

  /** The pipeline's answer compared with the verified SQL's, when a pipeline is configured. */
  public enum Pipeline {
    NOT_RUN,
    AGREES,
    DISAGREES,
    FAILED
  }

  /**
   * @param rows rows under the new version, when it ran
   * @param detail what changed or why it failed; empty when unchanged
   */
  public record Check(
      String id,
      String question,
      Result result,
      Optional<Integer> rows,
      String detail,
      Pipeline pipeline) {
    public Check {
      Objects.requireNonNull(result, "result");
      rows = Objects.requireNonNullElse(rows, Optional.empty());
      detail = detail == null ? "" : detail;
      pipeline = Objects.requireNonNullElse(pipeline, Pipeline.NOT_RUN);
    }
  }

  public List<Check> changed() {
    return checks.stream()
        .filter(c -> c.result() == Result.CHANGED || c.result() == Result.FAILED)
        .toList();
  }

  public long count(Result result) {
    return checks.stream().filter(c -> c.result() == result).count();
  }
}
