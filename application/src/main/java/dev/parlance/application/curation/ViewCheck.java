package dev.parlance.application.curation;

import java.util.List;

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
}
