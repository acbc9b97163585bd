package dev.parlance.domain.evaluation;

import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.TokenUsage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the question pipeline answered to one benchmark question: one line of a run's log. It holds
 * the expensive part only (what the language model's work produced and cost); scoring is recomputed
 * from {@link #sql} whenever a report is made, which takes seconds.
 *
 * @param questionId the question's id in its benchmark
 * @param database the benchmark's database id (or the source, for an organisation's questions)
 * @param status how the question ended: {@code answered}, {@code unsure} or {@code no_answer}
 * @param sql the chosen SQL (for an unsure answer, its top reading), empty when none ran
 * @param confidence the winning reading's share of the candidates, 0 when none ran
 * @param candidates how many candidates voted
 * @param promptColumns the columns the final prompt showed ({@code table.column}, lower-case)
 * @param stages what each stage cost, in the order the stages ran
 * @param wallMillis the question's wall time, first-use indexing excluded
 * @param llmMillis the part of it during which a model call was in flight
 * @param problem why there is no answer, when there is none
 * @param context how the final prompt got its schema ({@code whole schema}, {@code retrieval},
 *     {@code whole-schema baseline}); empty in logs written before Parlance said so
 */
public record PipelineAnswer(
    String questionId,
    String database,
    String status,
    Optional<String> sql,
    double confidence,
    int candidates,
    List<String> promptColumns,
    List<StageUsage> stages,
    long wallMillis,
    long llmMillis,
    Optional<String> problem,
    Optional<String> context) {

  public PipelineAnswer {
    Objects.requireNonNull(questionId, "questionId");
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(status, "status");
    sql = Objects.requireNonNullElse(sql, Optional.empty());
    if (!(confidence >= 0 && confidence <= 1)) {
      throw new IllegalArgumentException("confidence must be within [0, 1], got " + confidence);
    }
    promptColumns = List.copyOf(promptColumns);
    stages = List.copyOf(stages);
    problem = Objects.requireNonNullElse(problem, Optional.empty());
    context = Objects.requireNonNullElse(context, Optional.empty());
  }

  /** An answer whose log line does not say how its prompt got its schema. */
  public PipelineAnswer(
      String questionId,
      String database,
      String status,
      Optional<String> sql,
      double confidence,
      int candidates,
      List<String> promptColumns,
      List<StageUsage> stages,
      long wallMillis,
      long llmMillis,
      Optional<String> problem) {
    this(
        questionId,
        database,
        status,
        sql,
        confidence,
        candidates,
        promptColumns,
        stages,
        wallMillis,
        llmMillis,
        problem,
        Optional.empty());
  }

  /** Tokens of every stage, one-time indexing included (it makes no model calls). */
  public TokenUsage usage() {
    TokenUsage total = TokenUsage.NONE;
    for (StageUsage s : stages) {
      total = total.plus(s.usage());
    }
    return total;
  }

  public Cost cost() {
    Cost total = Cost.ZERO;
    for (StageUsage s : stages) {
      total = total.plus(s.cost());
    }
    return total;
  }

  public int llmCalls() {
    return stages.stream().mapToInt(StageUsage::calls).sum();
  }

  /**
   * What one stage of a question's way cost.
   *
   * @param calls model calls (one per sample)
   * @param llmMillis time spent waiting for the model
   * @param otherMillis time spent in Parlance itself
   * @param oneTime work done once per source (first indexing), not per question
   */
  public record StageUsage(
      String name,
      int calls,
      TokenUsage usage,
      Cost cost,
      long llmMillis,
      long otherMillis,
      boolean oneTime) {
    public StageUsage {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(usage, "usage");
      Objects.requireNonNull(cost, "cost");
    }
  }
}
