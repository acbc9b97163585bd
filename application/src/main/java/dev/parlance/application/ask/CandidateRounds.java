package dev.parlance.application.ask;

import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.question.ExecutionVote;
import dev.parlance.domain.question.ResultKey;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.sql.SqlShape;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The candidate rounds of one question: the strategy's m drafts, each distinct statement executed
 * once through governed execution, failing and empty ones sent back with what went wrong for up to
 * N rounds (a candidate whose correction repeats its statement stops there), and the execution vote
 * over what ran. A statement's outcome is remembered for the whole question, so a wider retry does
 * not run it again.
 */
final class CandidateRounds {

  // One strategy draws the m candidates; several (a vote across strategies) one each.
  private List<Strategy> strategies;
  private final Strategy.Tools tools;
  private final RunQueryUseCase runQuery;
  private final AnalyzeSqlPort analyzer;
  private final String source;
  private final UserIdentity user;
  private final SchemaCatalog visible;
  private final Map<String, Executed> executed = new HashMap<>();

  CandidateRounds(
      List<Strategy> strategies,
      Strategy.Tools tools,
      RunQueryUseCase runQuery,
      AnalyzeSqlPort analyzer,
      String source,
      UserIdentity user,
      SchemaCatalog visible) {
    this.strategies = List.copyOf(strategies);
    this.tools = tools;
    this.runQuery = runQuery;
    this.analyzer = analyzer;
    this.source = source;
    this.user = user;
    this.visible = visible;
  }

  /** The strategy's m candidates, executed, then corrected for up to {@code rounds} rounds. */
  List<Candidate> attempt(PromptContext context, int rounds) {
    Ledger ledger = tools.ledger();
    List<Candidate> candidates = new ArrayList<>();
    boolean named = strategies.size() > 1;
    tools.shown().clear();
    // Every strategy's first pending step is queued in the same round: they do not wait on
    // each other.
    for (Strategy s : strategies) {
      for (Optional<Strategy.Draft> d : drafts(s, context)) {
        candidates.add(new Candidate(candidates.size(), d, s, named));
      }
    }
    java.util.LinkedHashSet<String> columns = new java.util.LinkedHashSet<>();
    for (Strategy s : strategies) {
      columns.addAll(tools.shown().getOrDefault(s.name(), context.columnIds()));
    }
    shown = List.copyOf(columns);
    if (ledger.queued()) {
      return candidates;
    }
    ledger.time("execution", () -> execute(candidates));
    for (int round = 1; round <= rounds; round++) {
      if (settledByMajority(candidates)) {
        break;
      }
      List<Candidate> failing =
          candidates.stream()
              .filter(c -> c.draft.isPresent() && !c.hasRows() && !c.insisted)
              .toList();
      if (failing.isEmpty()) {
        break;
      }
      correct(context, failing, round);
      if (ledger.queued()) {
        return candidates;
      }
      ledger.time("execution", () -> execute(candidates));
    }
    return candidates;
  }

  /** The columns the last attempt's final prompts showed, all strategies' together. */
  List<String> shown() {
    return shown;
  }

  private List<String> shown = List.of();

  /**
   * From now on the strategies' wider selves (the one retry with a wider schema: RB-SQL without its
   * retrievers).
   */
  void widen() {
    strategies = strategies.stream().map(Strategy::wider).toList();
  }

  /** The strategy's drafts; none when one of its steps waits for an offline batch. */
  List<Optional<Strategy.Draft>> drafts(Strategy s, PromptContext context) {
    try {
      return s.draft(context, tools);
    } catch (Strategy.Pending pending) {
      return List.of();
    }
  }

  /**
   * Candidates vote with their results; failed and refused ones, and those that say the model
   * cannot answer (no table read, only constants selected), count in the denominator.
   */
  ExecutionVote.Result vote(List<Candidate> candidates) {
    List<ExecutionVote.Ballot> ballots = new ArrayList<>();
    for (Candidate c : candidates) {
      if (c.outcome instanceof QueryOutcome.Ran ran && !c.answerless()) {
        ballots.add(
            ExecutionVote.Ballot.ran(
                c.index,
                ResultKey.of(ran.result().rows(), c.shape != null && c.shape.orderedAtTop())));
      } else {
        ballots.add(ExecutionVote.Ballot.failed(c.index));
      }
    }
    return ExecutionVote.vote(ballots);
  }

  // A strict majority with rows cannot be overturned by corrections: save their cost.
  private boolean settledByMajority(List<Candidate> candidates) {
    return vote(candidates)
        .winner()
        .filter(g -> g.size() * 2 > candidates.size())
        .filter(g -> candidates.get(g.first()).hasRows())
        .isPresent();
  }

  // One correction request per distinct failing statement, all at once.
  private void correct(PromptContext context, List<Candidate> failing, int round) {
    Map<String, List<Candidate>> byStatement = new LinkedHashMap<>();
    for (Candidate c : failing) {
      byStatement
          .computeIfAbsent(
              c.strategy.name().label() + "\u0000" + SqlText.key(c.draft.get().sql()),
              k -> new ArrayList<>())
          .add(c);
    }
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      Map<String, Future<Optional<Strategy.Draft>>> fixes = new LinkedHashMap<>();
      byStatement.forEach(
          (key, group) -> {
            Candidate first = group.getFirst();
            String problem = Candidate.problem(first.outcome);
            fixes.put(
                key, pool.submit(() -> fix(first.strategy, context, first.draft.get(), problem)));
          });
      for (var e : fixes.entrySet()) {
        Optional<Strategy.Draft> fixed;
        try {
          fixed = e.getValue().get();
        } catch (InterruptedException ex) {
          Thread.currentThread().interrupt();
          return;
        } catch (ExecutionException ex) {
          throw new IllegalStateException(ex.getCause());
        }
        if (fixed.isEmpty()) {
          continue;
        }
        // A model that writes the same statement again stands by it: asking once more would cost a
        // call for the same answer.
        boolean same = e.getKey().endsWith("\u0000" + SqlText.key(fixed.get().sql()));
        for (Candidate c : byStatement.get(e.getKey())) {
          if (same) {
            c.insisted = true;
          } else {
            c.draft = fixed;
            c.outcome = null;
            c.corrections = round;
          }
        }
      }
    }
  }

  private Optional<Strategy.Draft> fix(
      Strategy strategy, PromptContext context, Strategy.Draft draft, String problem) {
    CompletionRequest request =
        strategy
            .correction(context, draft, problem)
            .withSamples(1)
            .withTemperature(0)
            .withMaxTokens(tools.settings().maxTokens());
    var completions = tools.ledger().complete("correction", request);
    if (completions.isEmpty()) {
      return Optional.empty();
    }
    String text = completions.first().text();
    return SqlText.sql(text, strategy.correctionContinuesSelect())
        .map(sql -> new Strategy.Draft(sql, SqlText.explanation(text), request, text));
  }

  private void execute(List<Candidate> candidates) {
    for (Candidate c : candidates) {
      if (c.draft.isEmpty() || c.outcome != null) {
        continue;
      }
      String sql = c.draft.get().sql();
      Executed e =
          executed.computeIfAbsent(
              SqlText.key(sql),
              k ->
                  new Executed(
                      runQuery.run(new RunQueryUseCase.Command(source, user, sql)),
                      analyzer.analyze(sql, visible)));
      c.outcome = e.outcome();
      c.shape = e.shape();
    }
  }

  private record Executed(QueryOutcome outcome, SqlShape shape) {}
}
