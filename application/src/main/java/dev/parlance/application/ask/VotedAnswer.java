package dev.parlance.application.ask;

import dev.parlance.application.ask.AskQuestionUseCase.Command;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionKind;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultCut;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.question.ExecutionVote;
import dev.parlance.domain.source.DataSource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A question's answer from the execution vote over its candidates: answered, unsure (with the
 * competing readings), no answer (with the first problem), or cannot answer (a constant SQL, sent
 * to the stewards as a curation suggestion).
 */
final class VotedAnswer {

  /** Rows of each competing reading shown with an unsure answer. */
  static final int PREVIEW_ROWS = 5;

  private final SuggestionsPort suggestions;
  private final DataSource source;
  private final Command command;
  private final AskSettings settings;
  private final GovernancePolicy policy;
  private final CuratedContext curated;
  // The follow-up restated as a question of its own, when it was.
  private final Optional<String> restated;
  private final Ledger ledger;
  private final List<String> notes;
  // The question's trace as it stands when the answer is made.
  private final Supplier<Answer.Trace> trace;

  VotedAnswer(
      SuggestionsPort suggestions,
      DataSource source,
      Command command,
      AskSettings settings,
      GovernancePolicy policy,
      CuratedContext curated,
      Optional<String> restated,
      Ledger ledger,
      List<String> notes,
      Supplier<Answer.Trace> trace) {
    this.suggestions = suggestions;
    this.source = source;
    this.command = command;
    this.settings = settings;
    this.policy = policy;
    this.curated = curated;
    this.restated = restated;
    this.ledger = ledger;
    this.notes = notes;
    this.trace = trace;
  }

  // Which strategies agreed on the chosen reading, and what became of the others.
  static String agreement(List<Candidate> pool, ExecutionVote.Result vote) {
    java.util.Set<Integer> won =
        vote.winner().map(g -> java.util.Set.copyOf(g.members())).orElse(java.util.Set.of());
    List<String> agreed = new ArrayList<>();
    List<String> others = new ArrayList<>();
    for (Candidate c : pool) {
      String label = c.strategy.name().label();
      if (won.contains(c.index)) {
        agreed.add(label);
      } else {
        others.add(label + " (" + c.report().outcome() + ")");
      }
    }
    return "vote across strategies: "
        + (agreed.isEmpty()
            ? "no reading"
            : String.join(", ", agreed) + " agreed (" + agreed.size() + " of " + pool.size() + ")")
        + (others.isEmpty() ? "" : "; " + String.join("; ", others));
  }

  Answer of(List<Candidate> pool, ExecutionVote.Result vote) {
    if (vote.winner().isEmpty() && pool.stream().anyMatch(Candidate::answerless)) {
      Candidate answerless = pool.stream().filter(Candidate::answerless).findFirst().orElseThrow();
      String sql = answerless.draft.get().sql();
      suggestCuration(sql);
      String reason = modelsReason(answerless.draft.get());
      return Answer.cannotAnswer(
          trace.get(),
          "cannot answer from this source"
              + (reason.isEmpty() ? "" : "; the model said: " + reason)
              + " (its SQL reads no table or selects only constants: "
              + SqlText.oneLine(sql)
              + "); the question went to the source's stewards as a curation suggestion");
    }
    if (vote.winner().isEmpty()) {
      String why =
          pool.stream()
              .filter(c -> c.outcome != null)
              .map(c -> Candidate.problem(c.outcome))
              .findFirst()
              .orElseGet(
                  () ->
                      "the language model gave no usable SQL"
                          + ledger.repliesWithoutSql().stream()
                              .map(ModelWords::said)
                              .filter(r -> !r.isEmpty())
                              .findFirst()
                              .map(r -> "; it said: " + r)
                              .orElse(""));
      return Answer.noAnswer(trace.get(), readings(pool, vote, 0), why);
    }
    ExecutionVote.Group winner = vote.winner().get();
    Candidate chosen = pool.get(winner.first());
    QueryResult full = ((QueryOutcome.Ran) chosen.outcome).result();
    QueryResult shown = capped(full);
    boolean sure = vote.sure(settings.confidenceThreshold());
    String explanation =
        pool.stream()
            .filter(c -> winner.members().contains(c.index))
            .map(c -> c.draft.flatMap(Strategy.Draft::explanation))
            .flatMap(Optional::stream)
            .findFirst()
            .orElseGet(() -> ModelWords.describe(chosen.shape, full));
    String sql = chosen.draft.get().sql();
    Answer answer =
        sure
            ? Answer.answered(
                trace.get(), sql, shown, vote.confidence(), readings(pool, vote, 1), explanation)
            : Answer.unsure(
                trace.get(), sql, shown, vote.confidence(), readings(pool, vote, 0), explanation);
    return answer.withAllRows(
        full, AccessInWords.of(policy, command.user(), full.sqlRun(), curated));
  }

  // The model's own words beside a constant answer: its explanation, else its prose.
  private static String modelsReason(Strategy.Draft draft) {
    return ModelWords.said(
        draft.explanation().orElseGet(() -> draft.answer().replace(draft.sql(), "")));
  }

  // Staff asked something no view covers: the stewards' queue gets it, once while pending.
  private void suggestCuration(String sql) {
    // A follow-up reaches the stewards as a question of its own, never as its fragment.
    String asked =
        restated.orElseGet(
            () ->
                command
                    .previous()
                    .map(p -> p.question() + " Follow-up: " + command.question())
                    .orElse(command.question()));
    String target = asked.length() > 400 ? asked.substring(0, 399) + "…" : asked;
    try {
      boolean queued =
          suggestions.list(source.name(), SuggestionStatus.PENDING).stream()
              .anyMatch(s -> s.kind() == SuggestionKind.UNANSWERED && s.target().equals(target));
      if (queued) {
        return;
      }
      suggestions.add(
          List.of(
              Suggestion.pending(
                  SuggestionKind.UNANSWERED,
                  target,
                  "staff asked \""
                      + SqlText.oneLine(asked)
                      + "\"; no view covers it (the model wrote "
                      + SqlText.oneLine(sql)
                      + ")",
                  Curation.empty(source.name()),
                  Instant.now())));
    } catch (RuntimeException e) {
      notes.add("the curation suggestion could not be stored: " + e.getMessage());
    }
  }

  private List<Reading> readings(List<Candidate> pool, ExecutionVote.Result vote, int skip) {
    List<Reading> out = new ArrayList<>();
    for (ExecutionVote.Group g :
        vote.groups().subList(Math.min(skip, vote.groups().size()), vote.groups().size())) {
      Candidate c = pool.get(g.first());
      QueryResult r = ((QueryOutcome.Ran) c.outcome).result();
      out.add(
          new Reading(
              c.draft.get().sql(),
              g.size(),
              (double) g.size() / Math.max(1, vote.total()),
              r.rowCount(),
              r.rows().subList(0, Math.min(PREVIEW_ROWS, r.rowCount())),
              r.columns().stream().map(dev.parlance.domain.governance.ResultColumn::name).toList(),
              c.draft
                  .flatMap(Strategy.Draft::explanation)
                  .map(ModelWords::said)
                  .filter(e -> !e.isEmpty())
                  .orElseGet(() -> ModelWords.describe(c.shape, r))));
    }
    return out;
  }

  private QueryResult capped(QueryResult r) {
    if (r.rowCount() <= settings.shownRows()) {
      return r;
    }
    // The rows shown are cut at shown-rows, whatever else cut the result: both are said.
    List<ResultCut> cuts = new ArrayList<>();
    cuts.add(new ResultCut(ResultCut.Reason.ROWS, settings.shownRows(), settings.shownRows()));
    r.cuts().stream().filter(c -> c.reason() != ResultCut.Reason.ROWS).forEach(cuts::add);
    return new QueryResult(
        r.columns(),
        r.rows().subList(0, settings.shownRows()),
        true,
        r.elapsedMs(),
        r.sqlAsked(),
        r.sqlRun(),
        cuts);
  }
}
