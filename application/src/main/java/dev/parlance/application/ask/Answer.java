package dev.parlance.application.ask;

import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.values.ValueMatch;
import java.util.List;
import java.util.Optional;

/**
 * The answer record of one question: the chosen SQL and its rows, how sure Parlance is and which
 * other readings competed, what the prompts used, and what every stage cost.
 *
 * @param result the winning result, its rows capped to the settings' shown rows
 * @param schemaElements the columns put in the final prompt ({@code table.column})
 * @param values the literal values retrieval put in the prompt
 * @param explanation one paragraph saying what the SQL computes
 * @param problem why there is no answer, when there is none
 * @param wallMillis the question's wall time, first-use indexing excluded
 * @param llmWallMillis the part of it during which a model call was in flight
 */
public record Answer(
    Status status,
    String source,
    String question,
    StrategyName strategy,
    Optional<String> sql,
    Optional<QueryResult> result,
    double confidence,
    List<Reading> alternatives,
    List<CandidateReport> candidates,
    List<String> schemaElements,
    List<ValueMatch> values,
    List<StageReport> stages,
    String explanation,
    List<String> notes,
    Optional<String> problem,
    long wallMillis,
    long llmWallMillis) {

  /** How the question ended. */
  public enum Status {
    /** The winning reading reached the confidence threshold. */
    ANSWERED,
    /** Candidates disagreed too much: the answer shows the competing readings. */
    UNSURE,
    /** No candidate ran (all failed or were refused, or the model gave none). */
    NO_ANSWER,
    /** Offline batch mode: LLM requests are queued; run again when the batch is back. */
    QUEUED
  }

  public Answer {
    alternatives = List.copyOf(alternatives);
    candidates = List.copyOf(candidates);
    schemaElements = List.copyOf(schemaElements);
    values = List.copyOf(values);
    stages = List.copyOf(stages);
    notes = List.copyOf(notes);
  }

  public TokenUsage usage() {
    TokenUsage total = TokenUsage.NONE;
    for (StageReport s : stages) {
      total = total.plus(s.usage());
    }
    return total;
  }

  public Cost cost() {
    Cost total = Cost.ZERO;
    for (StageReport s : stages) {
      total = total.plus(s.cost());
    }
    return total;
  }

  public int llmCalls() {
    return stages.stream().mapToInt(StageReport::calls).sum();
  }

  /** Wall time during which the language model was working for the question. */
  public long llmMillis() {
    return llmWallMillis;
  }

  /**
   * Wall time the question took beyond the model's: Parlance's own latency per question (one-time
   * indexing excluded; work done while a model call is in flight costs no latency).
   */
  public long otherMillis() {
    return Math.max(0, wallMillis - llmWallMillis);
  }
}
