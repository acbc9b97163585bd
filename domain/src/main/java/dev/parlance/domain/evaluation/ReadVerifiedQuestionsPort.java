package dev.parlance.domain.evaluation;

import java.nio.file.Path;
import java.util.List;

/**
 * Reads an organisation's verified questions from a JSONL file: one object per line with {@code
 * question}, {@code sql}, {@code source} and optionally {@code difficulty}.
 */
@FunctionalInterface
public interface ReadVerifiedQuestionsPort {

  /**
   * @throws dev.parlance.domain.benchmark.BenchmarkDataException naming the file, line and problem
   */
  List<VerifiedQuestion> read(Path file);
}
