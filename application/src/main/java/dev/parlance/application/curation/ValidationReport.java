package dev.parlance.application.curation;

import java.util.List;

/** Validation of a curation's views: one check per view, in dependency order. */
public record ValidationReport(String source, List<ViewCheck> checks) {
  public ValidationReport {
    checks = List.copyOf(checks);
  }

  public boolean passed() {
    return checks.stream().allMatch(ViewCheck::passed);
  }

  public List<ViewCheck> failures() {
    return checks.stream().filter(c -> !c.passed()).toList();
  }
}
