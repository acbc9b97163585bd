package dev.parlance.application.ask;

/**
 * What became of one candidate.
 *
 * @param origin where it came from: {@code sample 3}, {@code sample 3, corrected once}, ...
 * @param outcome {@code 12 rows}, {@code failed: no such column ...}, {@code refused: ...}
 */
public record CandidateReport(String sql, String origin, String outcome) {}
