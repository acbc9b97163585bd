package dev.parlance.domain.evaluation;

import java.nio.file.Path;
import java.util.List;

/**
 * Writes verified questions to a JSONL file in the form {@link ReadVerifiedQuestionsPort} reads:
 * what an evaluation run started from the portal asks (a source's approved verified questions).
 */
@FunctionalInterface
public interface WriteVerifiedQuestionsPort {

  /**
   * Writes the questions in order, replacing the file; creates its folder.
   *
   * @throws java.io.UncheckedIOException when the file cannot be written
   */
  void write(Path file, List<VerifiedQuestion> questions);
}
