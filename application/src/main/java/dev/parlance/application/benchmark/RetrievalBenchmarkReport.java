package dev.parlance.application.benchmark;

import dev.parlance.domain.benchmark.RetrievalDataset;
import dev.parlance.domain.retrieval.RetrievalMode;
import java.util.List;
import java.util.SortedMap;

/**
 * What a retrieval benchmark run measured.
 *
 * @param recall mean column recall by budget (empty for datasets without gold)
 * @param latencyP50Ms median retrieval time per question, no LLM call included
 */
public record RetrievalBenchmarkReport(
    RetrievalDataset dataset,
    RetrievalMode mode,
    int questions,
    int tables,
    int columns,
    String model,
    SortedMap<Integer, Double> recall,
    double indexSeconds,
    double latencyP50Ms,
    double latencyP95Ms,
    List<String> notes) {

  public RetrievalBenchmarkReport {
    recall = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(recall));
    notes = List.copyOf(notes);
  }
}
