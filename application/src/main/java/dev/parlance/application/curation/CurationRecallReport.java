package dev.parlance.application.curation;

import java.util.List;
import java.util.SortedMap;

/**
 * Schema-retrieval recall on a source's verified questions, with the curated vocabulary and on the
 * raw schema: mean share of each question's gold columns among the first B retrieved.
 */
public record CurationRecallReport(
    String source, int questions, String model, List<Row> rows, List<String> notes) {

  public CurationRecallReport {
    rows = List.copyOf(rows);
    notes = List.copyOf(notes);
  }

  /**
   * @param schema {@code raw} or {@code curated}
   * @param goldColumns mean number of gold columns per question
   */
  public record Row(
      String schema,
      String mode,
      int tables,
      int columns,
      double goldColumns,
      SortedMap<Integer, Double> recall) {}
}
