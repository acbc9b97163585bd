package dev.parlance.deploy.cli;

import dev.parlance.application.curation.SuggestCurationUseCase;
import dev.parlance.domain.curation.Suggestion;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parlance suggest}: assistants propose curation; stewards accept or reject each. */
@Command(
    name = "suggest",
    mixinStandardHelpOptions = true,
    description =
        "Assistants that propose curation (suggestions only): friendly names and descriptions,"
            + " partially extended views, value dictionaries; accept or reject each.",
    subcommands = {
      SuggestCommand.Descriptions.class,
      SuggestCommand.Views.class,
      SuggestCommand.Values.class,
      SuggestCommand.ListPending.class,
      SuggestCommand.Accept.class,
      SuggestCommand.Reject.class
    })
final class SuggestCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  static void print(ParlanceCli cli, String source, List<Suggestion> made) {
    if (made.isEmpty()) {
      cli.out().println("no suggestions");
      return;
    }
    TextTable.print(
        cli.out(),
        List.of("ID", "KIND", "TARGET", "SUGGESTION"),
        made.stream()
            .map(s -> List.<Object>of(s.id(), s.kind().label(), s.target(), s.summary()))
            .toList(),
        100);
    for (Suggestion s : made) {
      // What accepting it puts into every user's prompt, to the character (issue 24).
      List<String> prompt = dev.parlance.application.ask.PromptQuoting.lines(s.proposal());
      if (!prompt.isEmpty()) {
        cli.out().println("suggestion " + s.id() + " puts into every prompt:");
        prompt.forEach(line -> cli.out().println("  " + line));
      }
    }
    cli.out()
        .println(
            "accept with 'parlance suggest accept --source "
                + source
                + " ID…', or reject likewise");
  }

  // No model configured is the user's to fix (exit 2); a model that fails is a failure (exit 1).
  static <T> T withModel(java.util.function.Supplier<T> call) {
    try {
      return call.get();
    } catch (IllegalStateException e) {
      throw CommandFailure.failed(e.getMessage());
    }
  }

  /** A subcommand on one source's suggestions: the assistants and {@code --source}. */
  abstract static class OnSource implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject SuggestCurationUseCase assistants;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;
  }

  /** Prints the suggestions it makes or finds. */
  abstract static class Showing extends OnSource {
    abstract List<Suggestion> suggestions();

    @Override
    public Integer call() {
      print(ParlanceCli.of(spec), source, suggestions());
      return ParlanceCli.OK;
    }
  }

  /** An assistant that asks a model about the source's tables, or only some of them. */
  abstract static class AskingModel extends Showing {
    @Option(names = "--table", paramLabel = "TABLE", description = "only these tables (repeatable)")
    List<String> tables = new ArrayList<>();

    @Option(names = "--llm", paramLabel = "PROFILE", description = "the model profile to use")
    String llm;

    abstract List<Suggestion> suggest(List<String> tables, Optional<String> profile);

    @Override
    final List<Suggestion> suggestions() {
      return withModel(() -> suggest(tables, Optional.ofNullable(llm)));
    }
  }

  /** Accepts or rejects suggestions by id, saying what it did with each. */
  abstract static class Deciding extends OnSource {
    @Parameters(arity = "1..*", paramLabel = "ID")
    List<Long> ids;

    @Option(names = "--by", paramLabel = "STEWARD", description = "who decides (default: OS user)")
    String by;

    /** Decides on suggestion {@code id} and returns the line that says so. */
    abstract String decide(long id, String steward);

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      for (long id : ids) {
        cli.out().println(decide(id, CurationOutput.steward(by)));
      }
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "descriptions",
      mixinStandardHelpOptions = true,
      description =
          "Friendly names and descriptions for cryptic tables and columns (needs an LLM).")
  static final class Descriptions extends AskingModel {
    @Override
    List<Suggestion> suggest(List<String> tables, Optional<String> profile) {
      return assistants.suggestDescriptions(source, tables, profile);
    }
  }

  @Command(
      name = "views",
      mixinStandardHelpOptions = true,
      description =
          "Partially extended views that pre-join along foreign keys, from the conceptual views.")
  static final class Views extends Showing {
    @Override
    List<Suggestion> suggestions() {
      return assistants.suggestViews(source);
    }
  }

  @Command(
      name = "values",
      mixinStandardHelpOptions = true,
      description =
          "Value dictionaries for coded columns, from their distinct values (needs an LLM).")
  static final class Values extends AskingModel {
    @Override
    List<Suggestion> suggest(List<String> tables, Optional<String> profile) {
      return assistants.suggestValues(source, tables, profile);
    }
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "List pending suggestions.")
  static final class ListPending extends Showing {
    @Override
    List<Suggestion> suggestions() {
      return assistants.pending(source);
    }
  }

  @Command(
      name = "accept",
      mixinStandardHelpOptions = true,
      description = "Merge suggestions into the draft.")
  static final class Accept extends Deciding {
    @Override
    String decide(long id, String steward) {
      Suggestion s = assistants.accept(source, id, steward);
      return "accepted " + id + " into the draft: " + s.summary();
    }
  }

  @Command(name = "reject", mixinStandardHelpOptions = true, description = "Reject suggestions.")
  static final class Reject extends Deciding {
    @Override
    String decide(long id, String steward) {
      assistants.reject(source, id, steward);
      return "rejected " + id;
    }
  }
}
