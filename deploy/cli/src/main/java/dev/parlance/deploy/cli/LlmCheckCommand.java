package dev.parlance.deploy.cli;

import dev.parlance.adapters.llm.LlmProfile;
import dev.parlance.adapters.llm.chat.LlmConfigurationException;
import dev.parlance.deploy.LlmSettings;
import dev.parlance.deploy.Settings;
import dev.parlance.domain.completion.BatchCompletionPort;
import dev.parlance.domain.completion.BatchStatus;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
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

  @Override
  public Integer call() {
    ParlanceCli cli = ParlanceCli.of(spec);
    PrintStream out = cli.out();
    LlmSettings.LlmChoice choice;
    CompleteChatPort llm;
    try {
      Optional<LlmSettings.LlmChoice> chosen =
          cli.components()
              .llmSettings()
              .choose(Optional.ofNullable(profile), Optional.ofNullable(source));
      if (chosen.isEmpty()) {
        throw CommandFailure.refused(LlmSettings.howToConfigure());
      }
      choice = chosen.get();
      llm = cli.components().llm(choice);
    } catch (LlmConfigurationException e) {
      throw CommandFailure.refused(e.getMessage());
    }
    out.printf("profile   %s%n", describe(choice));
    if (llm instanceof BatchCompletionPort batch) {
      BatchStatus s = batch.status();
      out.printf(
          "batch     %d answered, %d failed, %d in flight, %d pending in %s%n",
          s.answered(), s.failed(), s.inFlight(), s.pending(), s.pendingFile());
      return ParlanceCli.OK;
    }
    Completions result = llm.complete(CompletionRequest.of(prompt).withMaxTokens(32));
    if (!result.isEmpty() || result.failures().size() > 1) {
      for (CompletionFailure f : result.failures()) {
        cli.err().println("failed    " + f.describe());
      }
    }
    if (result.isEmpty()) {
      CompletionFailure first = result.firstFailure().orElseThrow();
      throw CommandFailure.failed(
          "the language model did not answer: " + first.describe() + hint(choice, first));
    }
    Completion c = result.first();
    out.printf("vendor    %s%n", c.vendor());
    out.printf("model     %s%n", c.model());
    out.printf("answer    %s%n", oneLine(c.text()));
    out.printf(
        "tokens    %d prompt + %d completion = %d%n",
        c.usage().promptTokens(), c.usage().completionTokens(), c.usage().totalTokens());
    out.printf("cost      %s%s%n", c.cost().display(), c.cost().isKnown() ? "" : priceHint(choice));
    out.printf(
        "latency   %d ms (%d attempt%s)%n",
        c.latency().toMillis(), c.attempts(), c.attempts() == 1 ? "" : "s");
    return ParlanceCli.OK;
  }

  private static String describe(LlmSettings.LlmChoice choice) {
    StringBuilder s = new StringBuilder(choice.profile() + ": " + choice.primary().describe());
    for (LlmProfile fallback : choice.chain().subList(1, choice.chain().size())) {
      s.append(", then ").append(fallback.name()).append(": ").append(fallback.describe());
    }
    return s.toString();
  }

  private static String hint(LlmSettings.LlmChoice choice, CompletionFailure failure) {
    LlmProfile p =
        choice.chain().stream()
            .filter(x -> x.provider().id().equals(failure.vendor()))
            .findFirst()
            .orElse(choice.primary());
    String apiKey = LlmSettings.key(p.name(), "api-key");
    return switch (failure.kind()) {
      case AUTHENTICATION ->
          "; check the key in "
              + apiKey
              + " ("
              + Settings.environmentName(apiKey)
              + p.provider().keyVariable().map(v -> " or " + v).orElse("")
              + ")";
      case UNAVAILABLE ->
          p.provider() == dev.parlance.adapters.llm.Provider.OLLAMA
              ? "; is Ollama running (ollama serve)?"
              : "";
      case BAD_REQUEST -> "; check the model name in " + LlmSettings.key(p.name(), "model");
      default -> "";
    };
  }

  private static String priceHint(LlmSettings.LlmChoice choice) {
    return " — set "
        + LlmSettings.key(choice.profile(), "price.input")
        + " and price.output (US$ per million tokens)";
  }

  private static String oneLine(String text) {
    String line = text.replaceAll("\\s+", " ").strip();
    return line.length() > 100 ? line.substring(0, 100) + "…" : line;
  }
}
