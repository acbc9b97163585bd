package dev.parlance.application.evaluation.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Writes a {@code bench e2e} run's report as files (its JSON document, a self-contained HTML page)
 * and reads a report's JSON back, for the command line's {@code bench e2e} and {@code bench
 * report}.
 */
public interface ReportDocumentsUseCase {

  /** The run's own {@code report.json} and {@code report.html} in its folder, when out of date. */
  void keepRunReport(Path runDirectory, E2eReport report, Optional<String> title);

  /** The report's document as JSON ({@code --json}). */
  void writeJson(Path file, E2eReport report);

  /** One HTML page of one or more runs' reports ({@code --html}, {@code bench report}). */
  void writeHtml(Path file, List<E2eReport> reports, Optional<String> title);

  /**
   * A report's document read back from its JSON.
   *
   * @throws UnreadableReportException when the file is not the JSON of a {@code bench e2e} run
   */
  E2eReport readJson(Path file);
}
