package dev.parlance.domain.governance;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The rows a governed statement returned.
 *
 * @param rows values as the driver gave them (String, Long, Double, BigDecimal, Boolean, null;
 *     other types as text), each row as long as {@code columns}
 * @param truncated true when rows were left out: the row cap or the byte budget stopped the result
 *     before its end
 * @param sqlAsked the statement as the user wrote it
 * @param sqlRun the statement as Parlance ran it, after rewriting
 * @param cuts why the result is not whole, each limit it met (none when it is whole); a {@code
 *     truncated} result names at least the limit that stopped it
 */
public record QueryResult(
    List<ResultColumn> columns,
    List<List<Object>> rows,
    boolean truncated,
    long elapsedMs,
    String sqlAsked,
    String sqlRun,
    List<ResultCut> cuts) {

  /** A result whose only possible cut is the row cap (at the rows it holds). */
  public QueryResult(
      List<ResultColumn> columns,
      List<List<Object>> rows,
      boolean truncated,
      long elapsedMs,
      String sqlAsked,
      String sqlRun) {
    this(columns, rows, truncated, elapsedMs, sqlAsked, sqlRun, List.of());
  }

  public QueryResult {
    cuts = List.copyOf(Objects.requireNonNullElse(cuts, List.<ResultCut>of()));
    if (cuts.stream().anyMatch(c -> c.reason().dropsRows())) {
      truncated = true;
    } else if (truncated) {
      List<ResultCut> named = new ArrayList<>(cuts);
      named.add(0, new ResultCut(ResultCut.Reason.ROWS, rows.size(), rows.size()));
      cuts = List.copyOf(named);
    }
    columns = List.copyOf(columns);
    List<List<Object>> copy = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException(
            "a row has " + row.size() + " values for " + columns.size() + " columns");
      }
      // Values may be null, which List.copyOf refuses.
      copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
    }
    rows = Collections.unmodifiableList(copy);
    Objects.requireNonNull(sqlAsked, "sqlAsked");
    Objects.requireNonNull(sqlRun, "sqlRun");
  }

  public int rowCount() {
    return rows.size();
  }

  /** The cut of this reason, if the result met that limit. */
  public Optional<ResultCut> cut(ResultCut.Reason reason) {
    return cuts.stream().filter(c -> c.reason() == reason).findFirst();
  }

  /** The cuts in a user's words, joined: "cut at 1,000 rows (the row cap)"; empty when whole. */
  public String cutExplanation() {
    return String.join("; ", cuts.stream().map(ResultCut::explanation).toList());
  }
}
