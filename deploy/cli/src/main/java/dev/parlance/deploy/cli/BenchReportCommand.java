package dev.parlance.deploy.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.application.evaluation.report.E2eReport;
import java.io.IOException;
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
      JsonNode d;
      try {
        d = ReportJson.tree(run);
      } catch (IOException e) {
        throw CommandFailure.refused(run + " is not JSON: " + e.getMessage());
      }
      if (d == null || !d.path("by_strategy").isObject()) {
        throw CommandFailure.refused(
            run + " is not the JSON of a 'bench e2e' run (no by_strategy)");
      }
      try {
        documents.add(ReportJson.report(d));
      } catch (JsonProcessingException e) {
        throw CommandFailure.refused(
            run + " does not read as a 'bench e2e' run: " + e.getOriginalMessage());
      }
    }
    E2eHtml.write(html, documents, Optional.ofNullable(title));
    cli.out().println("wrote " + html);
    return ParlanceCli.OK;
  }
}
