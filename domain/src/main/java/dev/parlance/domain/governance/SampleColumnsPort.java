package dev.parlance.domain.governance;

import dev.parlance.domain.source.DataSource;
import java.util.List;

/**
 * Reads a sample of rows of some columns of a table, with the source's own credentials and no
 * governance: for stewards' checks of a policy ({@link PolicyLint}), never for a user's question.
 */
@FunctionalInterface
public interface SampleColumnsPort {
  /** Up to {@code rows} rows, each value as text (null stays null). */
  List<List<String>> sample(DataSource source, String table, List<String> columns, int rows);
}
