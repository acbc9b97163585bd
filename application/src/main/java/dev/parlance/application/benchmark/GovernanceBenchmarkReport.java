package dev.parlance.application.benchmark;

import java.util.List;

/**
 * Governance overhead per statement: the same statements run raw (JDBC, no governance) and governed
 * (policy lookup, parse, allowlist, rewrite, execution, audit), each pair back to back.
 *
 * @param statements distinct statements measured
 * @param measurements raw/governed pairs measured (statements × rounds)
 * @param overheadP50Ms median of (governed − raw) over the pairs
 * @param ratioP50 overheadP50Ms / rawP50Ms
 */
public record GovernanceBenchmarkReport(
    String source,
    int statements,
    int measurements,
    double rawP50Ms,
    double rawP95Ms,
    double governedP50Ms,
    double governedP95Ms,
    double overheadP50Ms,
    double overheadP95Ms,
    double ratioP50,
    List<String> notes) {

  public GovernanceBenchmarkReport {
    notes = List.copyOf(notes);
  }
}
