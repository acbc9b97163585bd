package dev.parlance.deploy.cli;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.answer.AnswerQuestionUseCase;
import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.Reading;
import dev.parlance.application.ask.StageReport;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.ask.StrategySelection;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.values.ValueMatch;
import jakarta.inject.Inject;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code parlance ask}: a plain-language question answered with governed SQL, the rows, how sure
 * Parlance is, and what each stage cost. Exit codes: 0 answered (also when unsure: the readings are
 * shown), 1 no answer, 2 refused or bad usage (including no language model configured).
 */
@Command(
    name = "ask",
    mixinStandardHelpOptions = true,
    description = {
      "Ask a question about a source in plain language: Parlance writes SQL with a language model,"
          + " runs the candidates under the source's policy, votes by their results and prints the"
          + " answer with its confidence, tokens, cost and time per stage.",
      "Exit codes: 0 answered, 1 no answer, 2 refused or bad usage."
    })
final class AskCommand implements Callable<Integer> {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject AskQuestionUseCase questions;
  @Inject AnswerQuestionUseCase answers;

  @Option(names = "--source", required = true, paramLabel = "NAME", description = "the source")
  String source;

  @Option(
      names = "--strategy",
      split = ",",
      paramLabel = "NAME[,NAME]",
      description =
          "direct, c3, din, ta-sql or rb-sql (default: the source's, else parlance.ask.strategy);"
              + " several (comma-separated) with --select vote")
  List<String> strategies = new ArrayList<>();

  @Option(
      names = "--select",
      paramLabel = "vote",
      description =
          "vote: the strategies named in --strategy give one candidate each, run and voted by"
              + " their results (SQL-PaLM's test-time selection); the answer says which agreed")
  String select;

  @Option(
      names = "--candidates",
      paramLabel = "N",
      description = "SQL candidates that vote (default: parlance.ask.candidates, 5)")
  Integer candidates;

  @Option(names = "--llm", paramLabel = "PROFILE", description = "a named language-model profile")
  String profile;

  @Option(
      names = "--as",
      paramLabel = "USER",
      description = "the user the question is asked for (default: the operating-system user)")
  String user;

  @Option(
      names = "--roles",
      split = ",",
      paramLabel = "R1,R2",
      description =
          "the user's roles, which select row filters and column rules (the command line asks as"
              + " an analyst too; without --as, as the installation's admin as well)")
  List<String> roles = new ArrayList<>();

  @Option(
      names = "--attr",
      paramLabel = "NAME=VALUE",
      description = "a user attribute for row filters, e.g. region=SE (repeatable)")
  List<String> attributes = new ArrayList<>();

  @Option(names = "--max-width", defaultValue = "40", description = "widest column printed")
  int maxWidth;

  @Option(names = "--details", description = "also print every candidate and what became of it")
  boolean details;

  @Option(
      names = "--follow-up",
      paramLabel = "ANSWER_ID",
      description =
          "the question follows up this earlier answer of the same user (the number its 'answer'"
              + " line printed): its question and SQL are the conversation's context")
  Long followUp;

  @Parameters(index = "0", paramLabel = "QUESTION", description = "the question, in quotes")
  String question;

  // The strategies this question asked to vote together, if it did.
  private List<StrategyName> votedAcross = List.of();

  @Override
  public Integer call() {
    ParlanceCli cli = ParlanceCli.of(spec);
    UserIdentity identity = identity();
    if (candidates != null && (candidates < 1 || candidates > 64)) {
      throw CommandFailure.refused("--candidates must be between 1 and 64");
    }
    StrategySelection chosen =
        StrategySelection.parse(strategies, select, "--strategy", "--select");
    votedAcross = chosen.voteAcross();
    if (chosen.votes() && candidates != null) {
      throw CommandFailure.refused(
          "--candidates counts one strategy's candidates: with --select vote each strategy gives"
              + " one");
    }
    // Building a missing index and loading the embedding model is start-up, not the question's.
    long start = System.nanoTime();
    try {
      questions.prepare(source, Optional.ofNullable(profile), new TerminalProgress(cli.err()));
    } catch (NoLanguageModelException e) {
      throw CommandFailure.refused(e.howToConfigure());
    }
    long startupMs = (System.nanoTime() - start) / 1_000_000;
    AnswerQuestionUseCase.RecordedAnswer recorded =
        answers.ask(
            new AnswerQuestionUseCase.Command(
                identity,
                source,
                question,
                chosen.strategy(),
                candidates == null ? OptionalInt.empty() : OptionalInt.of(candidates),
                followUp == null ? OptionalLong.empty() : OptionalLong.of(followUp),
                Optional.ofNullable(profile),
                chosen.voteAcross()),
            new TerminalProgress(cli.err()));
    Answer answer = recorded.answer();
    print(cli.out(), answer, startupMs);
    printRecord(cli.out(), recorded, identity);
    return switch (answer.status()) {
      case ANSWERED, UNSURE -> ParlanceCli.OK;
      case QUEUED -> {
        cli.err().println("parlance: " + answer.problem().orElse("queued"));
        yield ParlanceCli.FAILED;
      }
      case CANNOT_ANSWER -> {
        cli.err().println("parlance: " + answer.problem().orElse("cannot answer from this source"));
        yield ParlanceCli.FAILED;
      }
      case NO_ANSWER -> {
        boolean refused =
            !answer.candidates().isEmpty()
                && answer.candidates().stream().allMatch(c -> c.outcome().startsWith("refused"));
        cli.err().println("parlance: no answer: " + answer.problem().orElse("no candidate ran"));
        yield refused ? ParlanceCli.REFUSED : ParlanceCli.FAILED;
      }
    };
  }

  private UserIdentity identity() {
    Map<String, String> attrs = IdentityOptions.attributes(attributes);
    String name = IdentityOptions.userName(user);
    // The command line asks as an analyst (who may ask about every source), in the roles named too.
    Set<String> asked = new HashSet<>(roles);
    asked.add(SourceAccess.ANALYST);
    if (user == null) {
      // Its operator owns this home: like the portal's admins, they may ask about a source they
      // just added, before its policy is published (which closes it to analysts until then).
      // Asked for someone else (--as), the question is theirs, closed source and all.
      asked.add(SourceAccess.ADMIN);
    }
    return new UserIdentity(name, asked, attrs);
  }

  // How the answer records a vote across strategies: which agreed, what became of the others.
  static final String VOTE_NOTE = "vote across strategies: ";

  private void print(PrintStream out, Answer a, long startupMs) {
    if (a.sql().isPresent()) {
      out.println("SQL");
      a.sql().get().lines().forEach(l -> out.println("  " + l));
      out.println();
      QueryResult r = a.result().orElseThrow();
      TextTable.print(
          out,
          r.columns().stream().map(ResultColumn::name).toList(),
          r.rows(),
          Math.max(4, maxWidth));
      int all = a.totalRows();
      out.printf(
          "(%s%s)%n",
          all > r.rowCount()
              ? "the first " + r.rowCount() + " of " + all + " rows"
              : r.rowCount() + (r.rowCount() == 1 ? " row" : " rows"),
          // The engine's cuts of the whole result; the answer's own first rows are said above.
          a.allRows()
              .filter(whole -> !whole.cuts().isEmpty())
              .map(whole -> ", " + whole.cutExplanation())
              .orElse(r.cuts().isEmpty() || all > r.rowCount() ? "" : ", " + r.cutExplanation()));
      a.access().forEach(out::println);
      out.println();
    }
    int total = a.candidates().size();
    switch (a.status()) {
      case ANSWERED ->
          out.printf(
              "confidence  %.0f%% (%s)%n", 100 * a.confidence(), agreeing(a.confidence(), total));
      case UNSURE -> {
        out.printf(
            "confidence  %.0f%% (%s): Parlance is unsure; the readings that competed:%n",
            100 * a.confidence(), agreeing(a.confidence(), total));
        int i = 1;
        for (Reading reading : a.alternatives()) {
          out.printf(
              "  %d. %d of %d candidates, %d %s: %s%n",
              i++,
              reading.votes(),
              total,
              reading.rowCount(),
              reading.rowCount() == 1 ? "row" : "rows",
              oneLine(reading.sql()));
        }
      }
      case NO_ANSWER -> out.println("confidence  0% (no candidate ran)");
      case CANNOT_ANSWER -> out.println("confidence  0% (cannot answer from this source)");
      case QUEUED -> out.println("queued      waiting for the offline batch");
    }
    if (a.status() == Answer.Status.ANSWERED && !a.alternatives().isEmpty()) {
      out.printf(
          "also seen   %d other reading%s:%n",
          a.alternatives().size(), a.alternatives().size() == 1 ? "" : "s");
      for (Reading reading : a.alternatives()) {
        out.printf(
            "  %d of %d candidates, %d rows: %s%n",
            reading.votes(), total, reading.rowCount(), oneLine(reading.sql()));
      }
    }
    if (!a.explanation().isEmpty()) {
      out.println("explanation " + a.explanation());
    }
    Optional<String> vote = a.notes().stream().filter(n -> n.startsWith(VOTE_NOTE)).findFirst();
    if (!votedAcross.isEmpty() || vote.isPresent()) {
      // Asked here, or configured (parlance.ask.select=vote): then each candidate is named by the
      // strategy that drafted it.
      List<String> across =
          !votedAcross.isEmpty()
              ? votedAcross.stream().map(StrategyName::label).toList()
              : a.candidates().stream().map(c -> c.origin().split(",")[0]).distinct().toList();
      out.println("strategy    vote across " + String.join(", ", across));
      vote.ifPresent(v -> out.println("agreement   " + v.substring(VOTE_NOTE.length())));
    } else {
      out.println("strategy    " + a.strategy().label());
    }
    if (a.schemaView().visibleColumns() > 0) {
      out.println("schema      " + a.schemaView().describe());
    }
    if (!a.schemaElements().isEmpty()) {
      out.println("columns     " + String.join(", ", a.schemaElements()));
    }
    if (!a.values().isEmpty()) {
      List<String> values = new ArrayList<>();
      for (ValueMatch v : a.values()) {
        values.add(v.value().table() + "." + v.value().column() + " = '" + v.value().value() + "'");
      }
      out.println("values      " + String.join(", ", values));
    }
    a.notes().stream()
        .filter(n -> !n.startsWith(VOTE_NOTE))
        .forEach(n -> out.println("note        " + n));
    if (details) {
      out.println("candidates");
      a.candidates()
          .forEach(
              c -> out.printf("  %s: %s%n    %s%n", c.origin(), c.outcome(), oneLine(c.sql())));
    }
    out.printf(
        "tokens      %d prompt + %d completion in %d call%s%n",
        a.usage().promptTokens(),
        a.usage().completionTokens(),
        a.llmCalls(),
        a.llmCalls() == 1 ? "" : "s");
    out.println("cost        " + a.cost().display());
    long llm = a.llmMillis();
    long other = a.otherMillis();
    out.printf(
        "time        %d ms: language model %d ms, Parlance %d ms (%s of the model's time)%n",
        llm + other,
        llm,
        other,
        llm == 0 ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100.0 * other / llm));
    out.println("stages      stage                  calls   prompt  compl.   llm ms  other ms");
    for (StageReport s : a.stages()) {
      out.printf(
          "            %-22s %5d %8d %7d %8d %9d%s%n",
          s.name(),
          s.calls(),
          s.usage().promptTokens(),
          s.usage().completionTokens(),
          s.llmMillis(),
          s.otherMillis(),
          s.oneTime() ? "  (once per source, not counted)" : "");
    }
    out.printf(
        "start-up    %d ms loading the embedding model and opening the indexes (once per process)%n",
        startupMs);
  }

  // The number the answer has in the user's history, for a follow-up to name.
  private static void printRecord(
      PrintStream out, AnswerQuestionUseCase.RecordedAnswer recorded, UserIdentity identity) {
    recorded
        .follows()
        .ifPresent(
            f -> out.printf("follows     answer %d: %s%n", f.answer(), oneLine(f.question())));
    out.printf(
        "answer      %d in %s's history (follow up: --follow-up %d)%n",
        recorded.id(), identity.name(), recorded.id());
  }

  private static String agreeing(double confidence, int total) {
    long agree = Math.round(confidence * total);
    return agree + " of " + total + " candidates agree";
  }

  private static String oneLine(String s) {
    return s.replaceAll("\\s+", " ").strip();
  }
}
