package dev.parlance.application.curation;

import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.DataDescription;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What validation found for one view: the columns it returns when it compiles, and a clear message
 * per problem when it does not.
 */
public record ViewCheck(String view, List<String> columns, List<String> problems) {
  public ViewCheck {
    columns = List.copyOf(columns);
    problems = List.copyOf(problems);
  }

  public boolean passed() {
    return problems.isEmpty();
  }

  /** What the columns a view returns say against it: each name once, each described one there. */
  static List<String> columnProblems(List<String> returned, CuratedView view) {
    List<String> problems = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String c : returned) {
      if (!seen.add(Names.key(c))) {
        problems.add("returns column " + c + " more than once; give each column its own name");
      }
    }
    for (DataDescription d : view.columns()) {
      if (!seen.contains(Names.key(d.column()))) {
        problems.add("describes column " + d.column() + ", which the view does not return");
      }
    }
    return problems;
  }
}
