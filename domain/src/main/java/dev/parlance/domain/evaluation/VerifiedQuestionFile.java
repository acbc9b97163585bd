package dev.parlance.domain.evaluation;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * An organisation's verified questions as read from one file, with the file's checksum so a run can
 * say exactly which revision of the file it measured.
 *
 * @param sha256 the file's SHA-256, lower-case hex
 */
public record VerifiedQuestionFile(Path file, List<VerifiedQuestion> questions, String sha256) {
  public VerifiedQuestionFile {
    Objects.requireNonNull(file, "file");
    questions = List.copyOf(questions);
    Objects.requireNonNull(sha256, "sha256");
  }
}
