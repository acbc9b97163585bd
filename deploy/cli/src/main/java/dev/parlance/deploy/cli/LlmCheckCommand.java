package dev.parlance.deploy.cli;

import dev.parlance.application.model.CheckLanguageModelUseCase;
import dev.parlance.domain.completion.BatchStatus;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.NoLanguageModelException;
import jakarta.inject.Inject;
import java.io.PrintStream;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code parlance llm check}: one tiny prompt through the configured model, end to end. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Send one tiny prompt to the configured language model and print vendor, model, tokens,"
          + " cost and latency.",
      "Exit codes: 0 it answered, 1 it failed, 2 nothing (or something unusable) is configured."
    })
final class LlmCheckCommand implements Callable<Integer> {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--llm",
      paramLabel = "PROFILE",
      description = "a named profile (default: the configured one)")
  String profile;

  @Option(names = "--source", paramLabel = "NAME", description = "use this data source's profile")
  String source;

  @Option(
      names = "--prompt",
      defaultValue = "Reply with the single word: ready",
      description = "what to send (default: ${DEFAULT-VALUE})")
  String prompt;

  @Inject CheckLanguageModelUseCase models;

  @Override
  public Integer call() {
    ParlanceCli cli = ParlanceCli.of(spec);
    PrintStream out = cli.out();
    CheckLanguageModelUseCase.ModelCheck check;
    try {
      check = models.check(Optional.ofNullable(profile), Optional.ofNullable(source), prompt);
    } catch (NoLanguageModelException e) {
      throw CommandFailure.refused(e.howToConfigure());
    }
    out.printf("profile   %s%n", check.model().description());
    return switch (check) {
      case CheckLanguageModelUseCase.OfflineBatch batch -> {
        BatchStatus s = batch.status();
        out.printf(
            "batch     %d answered, %d failed, %d in flight, %d pending in %s%n",
            s.answered(), s.failed(), s.inFlight(), s.pending(), s.pendingFile());
        yield ParlanceCli.OK;
      }
      case CheckLanguageModelUseCase.NoAnswer none -> {
        if (none.failures().size() > 1) {
          none.failures().forEach(f -> cli.err().println("failed    " + f.describe()));
        }
        throw CommandFailure.failed(
            "the language model did not answer: "
                + none.failures().getFirst().describe()
                + (none.remedy().isEmpty() ? "" : "; " + none.remedy()));
      }
      case CheckLanguageModelUseCase.Answered answered -> {
        for (CompletionFailure f : answered.failures()) {
          cli.err().println("failed    " + f.describe());
        }
        Completion c = answered.completion();
        out.printf("vendor    %s%n", c.vendor());
        out.printf("model     %s%n", c.model());
        out.printf("answer    %s%n", oneLine(c.text()));
        out.printf(
            "tokens    %d prompt + %d completion = %d%n",
            c.usage().promptTokens(), c.usage().completionTokens(), c.usage().totalTokens());
        out.printf(
            "cost      %s%s%n",
            c.cost().display(), answered.priceHint().isEmpty() ? "" : " — " + answered.priceHint());
        out.printf(
            "latency   %d ms (%d attempt%s)%n",
            c.latency().toMillis(), c.attempts(), c.attempts() == 1 ? "" : "s");
        yield ParlanceCli.OK;
      }
    };
  }

  private static String oneLine(String text) {
    String line = text.replaceAll("\\s+", " ").strip();
    return line.length() > 100 ? line.substring(0, 100) + "…" : line;
  }
}
