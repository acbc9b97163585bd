package dev.parlance.domain.governance;

import dev.parlance.domain.source.DataSource;
import java.util.List;

/**
 * Runs a statement with no governance at all, on a read-only connection: the baseline that
 * benchmarks compare the governed pipeline against. Never wire it to a user-facing path.
 */
@FunctionalInterface
public interface RunRawQueryPort {
  /** Up to {@code maxRows} rows of {@code sql}, each value as the driver gave it. */
  List<List<Object>> run(DataSource source, String sql, int maxRows);
}
