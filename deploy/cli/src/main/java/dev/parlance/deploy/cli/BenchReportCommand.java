package dev.parlance.deploy.cli;

import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.ReportDocumentsUseCase;
import dev.parlance.application.evaluation.report.UnreadableReportException;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code parlance bench report}: one HTML report comparing several {@code bench e2e} runs. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Draw one self-contained HTML report from the JSON results of one or more 'bench e2e' runs"
          + " (--json), e.g. to compare strategies or models side by side."
    })
final class BenchReportCommand implements Callable<Integer> {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject ReportDocumentsUseCase reports;

  @Option(names = "--html", required = true, paramLabel = "OUT", description = "the report")
  Path html;

  @Option(names = "--title", description = "the report's title")
  String title;

  @Parameters(arity = "1..*", paramLabel = "RUN.json", description = "bench e2e --json results")
  List<Path> runs = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    ParlanceCli cli = ParlanceCli.of(spec);
    List<E2eReport> documents = new ArrayList<>();
    for (Path run : runs) {
      if (!Files.isRegularFile(run)) {
        throw CommandFailure.refused("no such file: " + run);
      }
      try {
        documents.add(reports.readJson(run));
      } catch (UnreadableReportException e) {
        throw CommandFailure.refused(e.getMessage());
      }
    }
    try {
      reports.writeHtml(html, documents, Optional.ofNullable(title));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    cli.out().println("wrote " + html);
    return ParlanceCli.OK;
  }
}
