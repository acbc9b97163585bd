package dev.parlance.application.evaluation;

import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.Verdict;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * One pipeline answer scored against its gold query.
 *
 * @param result the verdict under the run's semantics, with its detail and diff
 * @param verdicts the verdict under each semantics reported (the run's one included), by label
 * @param goldReadable whether the gold query could be read against the source's catalog
 * @param goldColumns the catalog columns the gold query reads ({@code table.column}, lower-case)
 * @param goldTables the catalog tables it reads (lower-case)
 */
public record ScoredAnswer(
    String strategy,
    PipelineAnswer answer,
    QuestionResult result,
    Map<String, Verdict> verdicts,
    boolean goldReadable,
    Set<String> goldColumns,
    Set<String> goldTables,
    Map<String, Set<String>> lineage) {

  /** Without views to map: the prompt's columns are compared as they are. */
  public ScoredAnswer(
      String strategy,
      PipelineAnswer answer,
      QuestionResult result,
      Map<String, Verdict> verdicts,
      boolean goldReadable,
      Set<String> goldColumns,
      Set<String> goldTables) {
    this(strategy, answer, result, verdicts, goldReadable, goldColumns, goldTables, Map.of());
  }

  public ScoredAnswer {
    lineage = Map.copyOf(Objects.requireNonNullElse(lineage, Map.of()));
    Objects.requireNonNull(strategy, "strategy");
    Objects.requireNonNull(answer, "answer");
    Objects.requireNonNull(result, "result");
    verdicts = Collections.unmodifiableMap(new LinkedHashMap<>(verdicts));
    goldColumns = Set.copyOf(goldColumns);
    goldTables = Set.copyOf(goldTables);
  }

  public boolean correct() {
    return result.verdict() == Verdict.CORRECT;
  }

  /**
   * Schema-retrieval recall: the share of the gold query's columns that the final prompt showed;
   * empty when the gold query could not be read or reads no column ({@code count(*)}).
   */
  public OptionalDouble recall() {
    if (!goldReadable || goldColumns.isEmpty()) {
      return OptionalDouble.empty();
    }
    Set<String> shown = shown();
    long found = goldColumns.stream().filter(shown::contains).count();
    return OptionalDouble.of((double) found / goldColumns.size());
  }

  /** The share of the gold query's tables that the final prompt showed (some of their columns). */
  public OptionalDouble tableRecall() {
    if (!goldReadable || goldTables.isEmpty()) {
      return OptionalDouble.empty();
    }
    Set<String> shown =
        shown().stream()
            .map(c -> c.substring(0, Math.max(0, c.lastIndexOf('.'))))
            .collect(java.util.stream.Collectors.toSet());
    long found = goldTables.stream().filter(shown::contains).count();
    return OptionalDouble.of((double) found / goldTables.size());
  }

  /**
   * The columns the prompt showed, a view's column standing for the base columns it reads (view
   * lineage) beside itself: so recall means the same on a curated source as on its raw tables.
   */
  public Set<String> shown() {
    Set<String> shown = new java.util.HashSet<>(answer.promptColumns());
    for (String c : answer.promptColumns()) {
      shown.addAll(lineage.getOrDefault(c, Set.of()));
    }
    return shown;
  }

  /** Gold columns the prompt did not show. */
  public Set<String> missedColumns() {
    Set<String> shown = shown();
    return goldColumns.stream()
        .filter(c -> !shown.contains(c))
        .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
  }
}
