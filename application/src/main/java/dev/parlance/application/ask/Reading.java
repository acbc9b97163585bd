package dev.parlance.application.ask;

import java.util.List;

/**
 * One reading of the question: a group of candidates whose results agreed.
 *
 * @param sql the SQL of the group's first member
 * @param votes how many candidates gave this result
 * @param share votes over all candidates
 * @param rowCount rows the result has
 * @param preview its first rows
 */
public record Reading(
    String sql, int votes, double share, int rowCount, List<List<Object>> preview) {
  public Reading {
    preview =
        List.copyOf(
            preview.stream().map(r -> (List<Object>) new java.util.ArrayList<>(r)).toList());
  }
}
