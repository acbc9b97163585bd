package dev.parlance.application.curation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * What trying one view's SQL found: the problems (with the line of the view's SQL where the parser
 * stopped, when it did), else the columns it returns, how many rows it has under the steward's
 * policy and its first rows.
 *
 * @param line the line of the view's SQL the first problem is on, when the parser knows it
 */
public record ViewTrial(
    String view,
    List<String> problems,
    Optional<Integer> line,
    List<String> columns,
    long rowCount,
    List<List<Object>> sample) {

  public ViewTrial {
    problems = List.copyOf(problems);
    line = line == null ? Optional.empty() : line;
    columns = List.copyOf(columns);
    sample =
        sample.stream().map(row -> Collections.unmodifiableList(new ArrayList<>(row))).toList();
  }

  static ViewTrial failed(String view, String problem, Optional<Integer> line) {
    return new ViewTrial(view, List.of(problem), line, List.of(), 0, List.of());
  }

  public boolean passed() {
    return problems.isEmpty();
  }
}
