package dev.parlance.domain.sql;

import java.util.Optional;
import java.util.Set;

/**
 * What a parser reads from one statement: whether it is a query, the catalog tables and columns it
 * reads (ids as {@code table} and {@code table.column}, lower-case), and whether its result is
 * ordered at the top level (so row order is part of its answer).
 *
 * @param problem why the statement could not be read, when it could not
 * @param constantAnswer the query reads no table, or selects only constants or NULL ({@code SELECT
 *     NULL AS count}): a model's way of saying it cannot answer from the source
 */
public record SqlShape(
    boolean query,
    Set<String> tables,
    Set<String> columns,
    boolean orderedAtTop,
    Optional<String> problem,
    boolean constantAnswer) {

  public SqlShape {
    tables = Set.copyOf(tables);
    columns = Set.copyOf(columns);
    problem = problem == null ? Optional.empty() : problem;
  }

  public SqlShape(
      boolean query,
      Set<String> tables,
      Set<String> columns,
      boolean orderedAtTop,
      Optional<String> problem) {
    this(query, tables, columns, orderedAtTop, problem, false);
  }

  public static SqlShape unreadable(String why) {
    return new SqlShape(false, Set.of(), Set.of(), false, Optional.of(why));
  }

  public boolean readable() {
    return problem.isEmpty();
  }
}
