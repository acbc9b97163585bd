package dev.parlance.application.evaluation.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The files a {@code bench e2e} report lives in: its JSON document and a self-contained HTML page
 * with charts. The command line and the portal's evaluation runs write them the same way.
 *
 * <p>Each method throws {@link java.io.UncheckedIOException} when a file cannot be written or read.
 */
public interface ReportFilesPort {

  /**
   * The run's own {@code report.json} and {@code report.html} in its folder, which the portal lists
   * and serves. Written only when there is no report yet or one of the run's logs is newer than it,
   * so that running a finished run again changes no file.
   */
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
