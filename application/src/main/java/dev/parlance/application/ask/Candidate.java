package dev.parlance.application.ask;

import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.sql.SqlShape;
import java.util.Optional;

/** One of the m candidates and what became of it; mutable while corrections replace its draft. */
final class Candidate {
  final int index;
  Optional<Strategy.Draft> draft;
  QueryOutcome outcome;
  SqlShape shape;
  int corrections;
  // The model answered a correction with the same statement: no further rounds for it.
  boolean insisted;

  // The strategy that drafted it, named in its origin when strategies vote together.
  final Strategy strategy;
  final boolean named;

  Candidate(int index, Optional<Strategy.Draft> draft) {
    this(index, draft, null, false);
  }

  Candidate(int index, Optional<Strategy.Draft> draft, Strategy strategy, boolean named) {
    this.index = index;
    this.draft = draft;
    this.strategy = strategy;
    this.named = named;
  }

  /** The model's way of saying it cannot answer: reads no table, selects only constants. */
  boolean answerless() {
    return shape != null && shape.constantAnswer();
  }

  boolean ran() {
    return outcome instanceof QueryOutcome.Ran;
  }

  boolean hasRows() {
    return outcome instanceof QueryOutcome.Ran r && r.result().rowCount() > 0;
  }

  CandidateReport report() {
    String origin =
        (named ? strategy.name().label() : "sample " + (index + 1))
            + (corrections == 0 ? "" : ", corrected in round " + corrections);
    if (draft.isEmpty()) {
      return new CandidateReport("", origin, "no SQL in the model's answer");
    }
    String outcomeText =
        switch (outcome) {
          case null -> "not run";
          case QueryOutcome.Ran r ->
              r.result().rowCount() + (r.result().rowCount() == 1 ? " row" : " rows");
          case QueryOutcome.Refused r -> "refused: " + r.refusal().reason();
          case QueryOutcome.Failed f -> "failed: " + f.message();
        };
    return new CandidateReport(draft.get().sql(), origin, outcomeText);
  }

  /** What a correction round tells the model went wrong. */
  static String problem(QueryOutcome outcome) {
    return switch (outcome) {
      case null -> "it was not run";
      case QueryOutcome.Ran r ->
          "it ran but returned no rows; check the filter values against the values and sample rows"
              + " given";
      case QueryOutcome.Refused r ->
          "Parlance refused it ("
              + r.refusal().kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
              + "): "
              + r.refusal().reason();
      case QueryOutcome.Failed f -> "the database said: " + f.message();
    };
  }
}
