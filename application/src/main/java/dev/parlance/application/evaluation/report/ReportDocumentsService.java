package dev.parlance.application.evaluation.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Reports kept in the files that {@link ReportFilesPort} writes and reads. */
public final class ReportDocumentsService implements ReportDocumentsUseCase {
  private final ReportFilesPort files;

  public ReportDocumentsService(ReportFilesPort files) {
    this.files = Objects.requireNonNull(files, "files");
  }

  @Override
  public void keepRunReport(Path runDirectory, E2eReport report, Optional<String> title) {
    files.keepRunReport(runDirectory, report, title);
  }

  @Override
  public void writeJson(Path file, E2eReport report) {
    files.writeJson(file, report);
  }

  @Override
  public void writeHtml(Path file, List<E2eReport> reports, Optional<String> title) {
    files.writeHtml(file, reports, title);
  }

  @Override
  public E2eReport readJson(Path file) {
    return files.readJson(file);
  }
}
