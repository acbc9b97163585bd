package dev.parlance.domain.evaluation;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The log of one pipeline run over a benchmark: its configuration, then one {@link PipelineAnswer}
 * per finished question, each durable as soon as it is appended. A run that is interrupted resumes
 * from it without asking a finished question again.
 */
public interface PipelineRunLogPort {

  /** The configuration the run started with; empty when the log does not exist yet. */
  Optional<Map<String, String>> configuration();

  /** Starts a new log with the run's configuration. */
  void start(Map<String, String> configuration);

  /**
   * The answers logged so far, in order. A last line torn by an interruption is not an answer.
   *
   * @throws dev.parlance.domain.benchmark.BenchmarkDataException when a line cannot be read
   */
  List<PipelineAnswer> answers();

  /** Appends an answer; it is on disk when this returns. */
  void append(PipelineAnswer answer);

  /** Where the log is, for messages. */
  String location();
}
