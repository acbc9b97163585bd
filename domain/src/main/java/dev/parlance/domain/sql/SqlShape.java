package dev.parlance.domain.sql;

import java.util.Optional;
import java.util.Set;

/**
 * What a parser reads from one statement: whether it is a query, the catalog tables and columns it
 * reads (ids as {@code table} and {@code table.column}, lower-case), and whether its result is
 * ordered at the top level (so row order is part of its answer).
 *
 * @param problem why the statement could not be read, when it could not
 */
public record SqlShape(
    boolean query,
    Set<String> tables,
    Set<String> columns,
    boolean orderedAtTop,
    Optional<String> problem) {

  public SqlShape {
    tables = Set.copyOf(tables);
    columns = Set.copyOf(columns);
    problem = problem == null ? Optional.empty() : problem;
  }

  public static SqlShape unreadable(String why) {
    return new SqlShape(false, Set.of(), Set.of(), false, Optional.of(why));
  }

  public boolean readable() {
    return problem.isEmpty();
  }
}
