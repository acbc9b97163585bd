package dev.parlance.application.ask;

import java.util.List;
import java.util.Objects;

/**
 * One reading of the question: a group of candidates whose results agreed.
 *
 * @param sql the SQL of the group's first member
 * @param votes how many candidates gave this result
 * @param share votes over all candidates
 * @param rowCount rows the result has
 * @param preview its first rows
 * @param columns the names of the preview's columns (empty when not known)
 * @param explanation what the reading computes, in words: the model's explanation of its SQL, or
 *     what the parse of the SQL says it reads (empty when not known)
 */
public record Reading(
    String sql,
    int votes,
    double share,
    int rowCount,
    List<List<Object>> preview,
    List<String> columns,
    String explanation) {
  public Reading {
    preview =
        List.copyOf(
            preview.stream().map(r -> (List<Object>) new java.util.ArrayList<>(r)).toList());
    columns = List.copyOf(Objects.requireNonNullElse(columns, List.of()));
    explanation = Objects.requireNonNullElse(explanation, "").strip();
  }

  /** A reading known by its SQL, votes and rows only. */
  public Reading(String sql, int votes, double share, int rowCount, List<List<Object>> preview) {
    this(sql, votes, share, rowCount, preview, List.of(), "");
  }
}
