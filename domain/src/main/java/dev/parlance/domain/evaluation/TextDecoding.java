package dev.parlance.domain.evaluation;

/** How TEXT values are turned into strings. */
public enum TextDecoding {
  /**
   * UTF-8, and a value that is not valid UTF-8 fails the query: Python's {@code sqlite3} default,
   * which the BIRD script keeps.
   */
  STRICT,
  /**
   * UTF-8 with invalid bytes dropped: Spider's test-suite evaluator sets {@code text_factory =
   * lambda b: b.decode(errors="ignore")}.
   */
  IGNORE_INVALID_BYTES
}
