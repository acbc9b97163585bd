package dev.parlance.deploy.cli;

import dev.parlance.application.retrieval.IndexSchemaUseCase.IndexReport;
import dev.parlance.application.retrieval.SchemaSelection;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.domain.retrieval.RetrievalMode;
import jakarta.inject.Inject;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parlance schema search --source NAME "question"}: the columns a question needs. */
@Command(
    name = "search",
    mixinStandardHelpOptions = true,
    description = {
      "Find the few columns of a source that a question needs, best first.",
      "Indexes the source first if it never was."
    })
final class SchemaSearchCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Inject SourceSchemaUseCase schema;

  @Option(names = "--source", required = true, description = "the data source's name")
  String source;

  @Option(
      names = "--budget",
      defaultValue = "10",
      description = "how many columns to return (default: ${DEFAULT-VALUE})")
  int budget;

  @Option(
      names = "--mode",
      defaultValue = "default",
      description = "single or default (paper mode needs a hallucinated schema: use an LLM)")
  String mode;

  @Parameters(paramLabel = "QUESTION", arity = "1..*", description = "the question, in words")
  List<String> question;

  @Override
  public Integer call() {
    ParlanceCli cli = ParlanceCli.of(spec);
    String text = String.join(" ", question).strip();
    if (text.isEmpty()) {
      throw CommandFailure.refused("the question is empty");
    }
    if (budget < 1) {
      throw CommandFailure.refused("--budget must be at least 1");
    }
    SourceSchemaUseCase.Result result =
        schema.search(
            source, text, RetrievalMode.parse(mode), budget, new TerminalProgress(cli.err()));
    result
        .indexedFirst()
        .ifPresent(
            (IndexReport r) ->
                cli.err()
                    .printf(
                        "indexed %s first: %d tables, %d columns in %.1f s%n",
                        r.source(), r.tables(), r.columns(), r.millis() / 1000.0));
    print(cli.out(), result.selection());
    return ParlanceCli.OK;
  }

  private static void print(PrintStream out, SchemaSelection selection) {
    if (selection.columns().isEmpty()) {
      out.println("no column matches");
      return;
    }
    int width =
        selection.columns().stream().mapToInt(p -> p.element().name().length()).max().orElse(10);
    for (SchemaSelection.Pick pick : selection.columns()) {
      String details = pick.element().details();
      out.printf(
          "%-" + width + "s  %6.3f  %s%n",
          pick.element().name(),
          pick.score(),
          details.length() > 70 ? details.substring(0, 67) + "..." : details);
    }
  }
}
