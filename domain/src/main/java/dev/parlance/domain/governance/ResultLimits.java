package dev.parlance.domain.governance;

/**
 * How much of one statement's result Parlance copies from the database into memory: a budget of
 * bytes for all its values, the longest single value, and the most columns. Enforced while the rows
 * are copied, so a result never costs more than the budget; what was left out is said in the result
 * ({@link ResultCut}).
 *
 * @param maxBytes the values' size in all (text counted as UTF-8, every value 16 bytes more)
 * @param maxValueBytes the longest value kept whole, in UTF-8 bytes; a longer one is shortened
 * @param maxColumns the most columns copied; further columns are left out
 */
public record ResultLimits(long maxBytes, int maxValueBytes, int maxColumns) {

  /** What a value costs besides its text: the reference and the object around it. */
  public static final int VALUE_OVERHEAD = 16;

  public ResultLimits {
    if (maxBytes < 1024) {
      throw new IllegalArgumentException("a result's byte budget must be at least 1024 bytes");
    }
    if (maxValueBytes < 16) {
      throw new IllegalArgumentException("a result's longest value must be at least 16 bytes");
    }
    if (maxColumns < 1) {
      throw new IllegalArgumentException("a result must be allowed at least one column");
    }
  }

  /**
   * 16 MiB a statement, values up to 32,767 bytes (the most a spreadsheet cell holds), 500 columns.
   */
  public static ResultLimits defaults() {
    return new ResultLimits(16L * 1024 * 1024, 32_767, 500);
  }

  /** Parlance's own statements (catalogs, relations): large enough never to cut them. */
  public static ResultLimits generous() {
    return new ResultLimits(Long.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);
  }
}
