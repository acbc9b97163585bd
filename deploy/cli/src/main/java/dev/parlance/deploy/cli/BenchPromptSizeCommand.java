package dev.parlance.deploy.cli;

import dev.parlance.application.ask.PromptSizeUseCase;
import dev.parlance.domain.benchmark.RetrievalDataset;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code parlance bench prompt-size}: whole-schema prompt against retrieved prompt, in tokens. */
@Command(
    name = "prompt-size",
    mixinStandardHelpOptions = true,
    description = {
      "Prompt tokens per question of the direct strategy with the whole schema and with the"
          + " retrieved columns, and the column recall the retrieved prompt keeps.",
      "Counts with OpenAI's tokenizer for the model (offline)."
    })
final class BenchPromptSizeCommand implements Callable<Integer> {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject PromptSizeUseCase promptSize;

  @Option(names = "--dataset", defaultValue = "birdunion", description = "birdunion or spiderunion")
  String dataset;

  @Option(names = "--data", required = true, description = "folder laid out like ../shared/data")
  Path data;

  @Option(names = "--budget", defaultValue = "20", description = "columns retrieved (B)")
  int budget;

  @Option(names = "--limit", defaultValue = "0", description = "first N questions only (0: all)")
  int limit;

  @Option(
      names = "--tokenizer-model",
      defaultValue = "gpt-4o",
      description = "OpenAI model whose tokenizer counts")
  String model;

  @Override
  public Integer call() {
    ParlanceCli cli = ParlanceCli.of(spec);
    var report =
        promptSize.run(
            new PromptSizeUseCase.Command(
                RetrievalDataset.parse(dataset), data, budget, limit, model),
            new TerminalProgress(cli.err()));
    var out = cli.out();
    out.printf(
        "%s: %d questions, %d columns, budget %d, %s%n",
        report.dataset().label(),
        report.questions(),
        report.columns(),
        report.budget(),
        report.tokenizer());
    out.printf("whole schema      %.0f prompt tokens per question%n", report.fullTokens());
    out.printf(
        "retrieved         %.0f prompt tokens per question (%.1f columns shown, keys included)%n",
        report.retrievedTokens(), report.retrievedColumns());
    out.printf("ratio             %.1fx fewer tokens%n", report.ratio());
    out.printf(
        "recall            %.3f of the gold columns are in the retrieved prompt%n",
        report.recall());
    return ParlanceCli.OK;
  }
}
