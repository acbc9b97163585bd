package dev.parlance.domain.evaluation;

import java.util.Locale;

/** How one benchmark question ended. Only {@link #CORRECT} counts toward accuracy. */
public enum Verdict {
  /** The prediction's result equals the gold result under the chosen semantics. */
  CORRECT,
  /** Both ran, and the results differ. */
  WRONG,
  /** The prediction (or the gold query) failed to run, or there was no prediction. */
  ERROR,
  /** The prediction (or the gold query) ran out of time. */
  TIMEOUT,
  /** Not scored: the question's database is missing. Counted, never silently dropped. */
  SKIPPED;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
