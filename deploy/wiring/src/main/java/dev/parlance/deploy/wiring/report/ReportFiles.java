package dev.parlance.deploy.wiring.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.ReportFilesPort;
import dev.parlance.application.evaluation.report.UnreadableReportException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** A report's files: its JSON ({@link ReportJson}) and its HTML page ({@link E2eHtml}). */
public final class ReportFiles implements ReportFilesPort {

  @Override
  public void keepRunReport(Path runDirectory, E2eReport report, Optional<String> title) {
    try {
      Files.createDirectories(runDirectory);
      if (reportIsStale(runDirectory)) {
        ReportJson.write(runDirectory.resolve("report.json"), report);
        E2eHtml.write(runDirectory.resolve("report.html"), List.of(report), title);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void writeJson(Path file, E2eReport report) {
    try {
      ReportJson.write(file, report);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void writeHtml(Path file, List<E2eReport> reports, Optional<String> title) {
    try {
      E2eHtml.write(file, reports, title);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public E2eReport readJson(Path file) {
    JsonNode d;
    try {
      d = ReportJson.tree(file);
    } catch (IOException e) {
      throw new UnreadableReportException(file + " is not JSON: " + e.getMessage());
    }
    if (d == null || !d.path("by_strategy").isObject()) {
      throw new UnreadableReportException(
          file + " is not the JSON of a 'bench e2e' run (no by_strategy)");
    }
    try {
      return ReportJson.report(d);
    } catch (JsonProcessingException e) {
      throw new UnreadableReportException(
          file + " does not read as a 'bench e2e' run: " + e.getOriginalMessage());
    }
  }

  /** Whether the run has no report yet, or one of its logs is newer than its report. */
  private static boolean reportIsStale(Path runDir) throws IOException {
    Path report = runDir.resolve("report.json");
    if (!Files.isRegularFile(report)) {
      return true;
    }
    FileTime written = Files.getLastModifiedTime(report);
    try (Stream<Path> files = Files.list(runDir)) {
      for (Path log : files.filter(f -> f.toString().endsWith(".jsonl")).toList()) {
        if (Files.getLastModifiedTime(log).compareTo(written) > 0) {
          return true;
        }
      }
    }
    return false;
  }
}
