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
 * @param schemaView which way the prompt's schema was chosen: whole, or by retrieval
 * @param allRows the winning SQL's whole result as governed execution returned it (up to the
 *     policy's row cap, {@code truncated} when the cap stopped it), of which {@code result} holds
 *     the first rows; empty when {@code result} is the whole result (or there is none)
 * @param standaloneQuestion a follow-up restated by the model as a question of its own
 * @param access what the user's access did to the result, in their words ("only the rows of your
 *     region"), one sentence a row filter that bound the statement; never a value the user may not
 *     see
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
    long llmWallMillis,
    SchemaView schemaView,
    Optional<QueryResult> allRows,
    List<String> access,
    Optional<String> standaloneQuestion) {

  /** How the question ended. */
  public enum Status {
    /** The winning reading reached the confidence threshold. */
    ANSWERED,
    /** Candidates disagreed too much: the answer shows the competing readings. */
    UNSURE,
    /** No candidate ran (all failed or were refused, or the model gave none). */
    NO_ANSWER,
    /**
     * The model said it cannot answer from this source: its candidates read no table or select only
     * constants or NULL. The question goes to the stewards as a curation suggestion.
     */
    CANNOT_ANSWER,
    /** Offline batch mode: LLM requests are queued; run again when the batch is back. */
    QUEUED
  }

  /**
   * What every answer carries however the question ended: who asked what with which strategy, the
   * candidates and what the final prompt used, the notes, and what each stage cost.
   */
  public record Trace(
      String source,
      String question,
      StrategyName strategy,
      List<CandidateReport> candidates,
      List<String> schemaElements,
      List<ValueMatch> values,
      List<StageReport> stages,
      List<String> notes,
      long wallMillis,
      long llmWallMillis,
      SchemaView schemaView) {
    public Trace {
      candidates = List.copyOf(candidates);
      schemaElements = List.copyOf(schemaElements);
      values = List.copyOf(values);
      stages = List.copyOf(stages);
      notes = List.copyOf(notes);
      schemaView = schemaView == null ? SchemaView.unknown() : schemaView;
    }
  }

  /** The winning reading reached the confidence threshold. */
  public static Answer answered(
      Trace trace,
      String sql,
      QueryResult shown,
      double confidence,
      List<Reading> alternatives,
      String explanation) {
    return chosen(Status.ANSWERED, trace, sql, shown, confidence, alternatives, explanation);
  }

  /**
   * The candidates disagreed too much: the top reading, with every competing reading.
   *
   * @param readings every reading, the top one first
   */
  public static Answer unsure(
      Trace trace,
      String sql,
      QueryResult shown,
      double confidence,
      List<Reading> readings,
      String explanation) {
    return chosen(Status.UNSURE, trace, sql, shown, confidence, readings, explanation);
  }

  /** No candidate ran: {@code why} says what went wrong first. */
  public static Answer noAnswer(Trace trace, List<Reading> readings, String why) {
    return new Answer(
        Status.NO_ANSWER,
        trace.source(),
        trace.question(),
        trace.strategy(),
        Optional.empty(),
        Optional.empty(),
        0,
        readings,
        trace.candidates(),
        trace.schemaElements(),
        trace.values(),
        trace.stages(),
        "",
        trace.notes(),
        Optional.of(why),
        trace.wallMillis(),
        trace.llmWallMillis(),
        trace.schemaView(),
        Optional.empty(),
        List.of(),
        Optional.empty());
  }

  /**
   * The candidates read no table or select only constants or NULL: the model cannot answer from
   * this source, which is no wrong answer shown as right.
   */
  public static Answer cannotAnswer(Trace trace, String why) {
    return new Answer(
        Status.CANNOT_ANSWER,
        trace.source(),
        trace.question(),
        trace.strategy(),
        Optional.empty(),
        Optional.empty(),
        0,
        List.of(),
        trace.candidates(),
        trace.schemaElements(),
        trace.values(),
        trace.stages(),
        "",
        trace.notes(),
        Optional.of(why),
        trace.wallMillis(),
        trace.llmWallMillis(),
        trace.schemaView(),
        Optional.empty(),
        List.of(),
        Optional.empty());
  }

  /** Offline batch mode: the model's requests wait for the next batch; nothing ran. */
  public static Answer queued(Trace trace) {
    return new Answer(
        Status.QUEUED,
        trace.source(),
        trace.question(),
        trace.strategy(),
        Optional.empty(),
        Optional.empty(),
        0,
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        trace.stages(),
        "",
        trace.notes(),
        Optional.of("the language model's requests are queued for the next offline batch"),
        trace.wallMillis(),
        trace.llmWallMillis(),
        trace.schemaView(),
        Optional.empty(),
        List.of(),
        Optional.empty());
  }

  private static Answer chosen(
      Status status,
      Trace trace,
      String sql,
      QueryResult shown,
      double confidence,
      List<Reading> alternatives,
      String explanation) {
    return new Answer(
        status,
        trace.source(),
        trace.question(),
        trace.strategy(),
        Optional.of(sql),
        Optional.of(shown),
        confidence,
        alternatives,
        trace.candidates(),
        trace.schemaElements(),
        trace.values(),
        trace.stages(),
        explanation,
        trace.notes(),
        Optional.empty(),
        trace.wallMillis(),
        trace.llmWallMillis(),
        trace.schemaView(),
        Optional.empty(),
        List.of(),
        Optional.empty());
  }

  /**
   * Built by the named factories ({@link #answered}, {@link #unsure}, {@link #noAnswer}, {@link
   * #queued}).
   */
  public Answer {
    alternatives = List.copyOf(alternatives);
    candidates = List.copyOf(candidates);
    schemaElements = List.copyOf(schemaElements);
    values = List.copyOf(values);
    stages = List.copyOf(stages);
    notes = List.copyOf(notes);
    schemaView = schemaView == null ? SchemaView.unknown() : schemaView;
    allRows = java.util.Objects.requireNonNullElse(allRows, Optional.empty());
    access = List.copyOf(java.util.Objects.requireNonNullElse(access, List.of()));
    standaloneQuestion =
        java.util.Objects.requireNonNullElse(standaloneQuestion, Optional.<String>empty());
  }

  /** The same answer, its follow-up question restated as a question of its own. */
  public Answer withStandaloneQuestion(String restated) {
    return new Answer(
        status,
        source,
        question,
        strategy,
        sql,
        result,
        confidence,
        alternatives,
        candidates,
        schemaElements,
        values,
        stages,
        explanation,
        notes,
        problem,
        wallMillis,
        llmWallMillis,
        schemaView,
        allRows,
        access,
        Optional.of(restated));
  }

  /**
   * The same answer, with the whole result its shown rows were cut from and what the user's access
   * did to it.
   */
  public Answer withAllRows(QueryResult all, List<String> accessNotes) {
    return new Answer(
        status,
        source,
        question,
        strategy,
        sql,
        result,
        confidence,
        alternatives,
        candidates,
        schemaElements,
        values,
        stages,
        explanation,
        notes,
        problem,
        wallMillis,
        llmWallMillis,
        schemaView,
        Optional.of(all),
        accessNotes,
        standaloneQuestion);
  }

  /**
   * How many rows the winning SQL returned (up to the policy's row cap): more than {@code result}
   * holds when the answer keeps only its first rows.
   */
  public int totalRows() {
    return allRows.map(QueryResult::rowCount).orElse(result.map(QueryResult::rowCount).orElse(0));
  }

  /** Whether a limit of the engine (the policy's row cap, the memory budget) left rows out. */
  public boolean cappedByPolicy() {
    return allRows.map(QueryResult::truncated).orElse(false);
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
