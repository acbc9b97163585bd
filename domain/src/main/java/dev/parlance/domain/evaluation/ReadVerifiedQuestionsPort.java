package dev.parlance.domain.evaluation;

import java.nio.file.Path;

/**
 * Reads an organisation's verified questions from a JSONL file: one object per line with {@code
 * question}, {@code sql}, {@code source} and optionally {@code difficulty}.
 */
@FunctionalInterface
public interface ReadVerifiedQuestionsPort {

  /**
   * The questions in file order, with the file's checksum.
   *
   * @throws dev.parlance.domain.benchmark.BenchmarkDataException naming the file, line and problem
   */
  VerifiedQuestionFile read(Path file);
}
