package dev.parlance.domain.governance;

import java.util.Locale;
import java.util.Objects;

/**
 * Why a result is not whole: what was left out and the limit that left it out. A result may carry
 * several (rows stopped by the byte budget, and some values shortened).
 *
 * @param reason which limit
 * @param limit the limit's value: rows for {@link Reason#ROWS}, bytes for {@link Reason#BYTES} and
 *     {@link Reason#VALUE_BYTES}, columns for {@link Reason#COLUMNS}
 * @param count how many were left out or shortened, when known: rows kept for {@code ROWS} and
 *     {@code BYTES}, values shortened for {@code VALUE_BYTES}, columns left out for {@code COLUMNS}
 */
public record ResultCut(Reason reason, long limit, long count) {

  /** The limits a result can meet. */
  public enum Reason {
    /** The row cap (the policy's, or the rows an answer shows). */
    ROWS,
    /** The byte budget of a result: rows after it were not copied. */
    BYTES,
    /** Values longer than the longest kept were shortened (their end replaced by "…"). */
    VALUE_BYTES,
    /** Columns beyond the most copied were left out. */
    COLUMNS;

    /** The name the JSON and the pages use: {@code rows}, {@code bytes}, … */
    public String wire() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** Whether this cut leaves rows out (the result is {@code truncated}). */
    public boolean dropsRows() {
      return this == ROWS || this == BYTES;
    }
  }

  public ResultCut {
    Objects.requireNonNull(reason, "reason");
  }

  /** One line in a user's words, e.g. "cut at 16 MiB of values (the result's memory budget)". */
  public String explanation() {
    return switch (reason) {
      case ROWS -> "cut at " + String.format(Locale.ROOT, "%,d", limit) + " rows (the row cap)";
      case BYTES ->
          "cut after "
              + String.format(Locale.ROOT, "%,d", count)
              + (count == 1 ? " row at " : " rows at ")
              + size(limit)
              + " of values (the result's memory budget)";
      case VALUE_BYTES ->
          String.format(Locale.ROOT, "%,d", count)
              + (count == 1 ? " value" : " values")
              + " longer than "
              + size(limit)
              + " shortened (ending in …)";
      case COLUMNS ->
          String.format(Locale.ROOT, "%,d", count)
              + (count == 1 ? " column" : " columns")
              + " left out: at most "
              + String.format(Locale.ROOT, "%,d", limit)
              + " columns are shown";
    };
  }

  static String size(long bytes) {
    if (bytes >= 1024L * 1024 && bytes % (1024L * 1024) == 0) {
      return bytes / (1024L * 1024) + " MiB";
    }
    if (bytes >= 1024 && bytes % 1024 == 0) {
      return bytes / 1024 + " KiB";
    }
    return String.format(Locale.ROOT, "%,d bytes", bytes);
  }
}
