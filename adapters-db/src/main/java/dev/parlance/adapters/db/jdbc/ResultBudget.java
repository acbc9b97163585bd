package dev.parlance.adapters.db.jdbc;

import dev.parlance.domain.governance.ResultCut;
import dev.parlance.domain.governance.ResultLimits;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The budget of one statement's result while its rows are copied from the engine into Java: the row
 * cap, the byte budget, the longest value and the most columns ({@link ResultLimits}), and the
 * statement's deadline. Every copy loop (SQLite's and JDBC's) asks it before each row and shortens
 * each value through it, so a result never holds more than the budget, however large the values the
 * engine produces. Used by one thread.
 */
public final class ResultBudget {

  /** The ending of a shortened value. */
  public static final String ELLIPSIS = "…";

  private final ResultLimits limits;
  private final int rowCap;
  private final long deadlineNanos;
  private long bytes;
  private long shortened;
  private int columnsLeftOut;
  private ResultCut stop;
  private boolean stoppedByDriver;

  /**
   * @param rowCap the most rows copied
   * @param deadlineNanos the {@link System#nanoTime()} after which copying stops as a timeout
   */
  public ResultBudget(ResultLimits limits, int rowCap, long deadlineNanos) {
    this.limits = limits;
    this.rowCap = rowCap;
    this.deadlineNanos = deadlineNanos;
  }

  /** A budget that only Parlance's own statements get: no cut, no deadline but the engine's. */
  public static ResultBudget unlimited(int rowCap) {
    return new ResultBudget(ResultLimits.generous(), rowCap, Long.MAX_VALUE);
  }

  /** How many of the statement's {@code n} columns are copied (the others are left out). */
  public int columns(int n) {
    if (n > limits.maxColumns()) {
      columnsLeftOut = n - limits.maxColumns();
      return limits.maxColumns();
    }
    return n;
  }

  /** The most UTF-8 bytes of one value to read from the engine. */
  public int maxValueBytes() {
    return limits.maxValueBytes();
  }

  /** The deadline passed: the copy ends as the statement's timeout. */
  public boolean expired() {
    return System.nanoTime() - deadlineNanos > 0;
  }

  /**
   * Whether one more row may be copied, {@code rowsSoFar} being copied; false at the row cap (the
   * result is then truncated by it).
   */
  public boolean roomForRow(int rowsSoFar) {
    if (stop != null) {
      return false;
    }
    if (rowsSoFar >= rowCap) {
      stop = new ResultCut(ResultCut.Reason.ROWS, rowCap, rowsSoFar);
      return false;
    }
    return true;
  }

  /**
   * Counts a copied row; false when it does not fit the byte budget (it is then not kept, and the
   * result ends before it).
   */
  public boolean fits(List<Object> row, int rowsSoFar) {
    long size = 0;
    for (Object v : row) {
      size += size(v);
    }
    if (bytes + size > limits.maxBytes()) {
      stop = new ResultCut(ResultCut.Reason.BYTES, limits.maxBytes(), rowsSoFar);
      return false;
    }
    bytes += size;
    return true;
  }

  /** A text value, shortened to the longest kept when it is longer. */
  public String text(String value) {
    if (value == null) {
      return null;
    }
    // Fast path: even at 3 bytes a char (a char of a surrogate pair is 2 of 4) it fits.
    if ((long) value.length() * 3 <= limits.maxValueBytes()) {
      return value;
    }
    if (utf8Length(value) <= limits.maxValueBytes()) {
      return value;
    }
    shortened++;
    return value.substring(0, prefixFitting(value, limits.maxValueBytes() - ELLIPSIS_BYTES))
        + ELLIPSIS;
  }

  /**
   * Text read from the engine as UTF-8, of which only {@code bytes} (at most {@link
   * #maxValueBytes()}) were read out of {@code fullLength}: shortened (at a character's boundary)
   * when the value was longer.
   */
  public String utf8(byte[] bytes, long fullLength) {
    if (fullLength <= limits.maxValueBytes()) {
      return new String(bytes, StandardCharsets.UTF_8);
    }
    int end = Math.min(bytes.length, limits.maxValueBytes() - ELLIPSIS_BYTES);
    // Back to the start of a character: never cut a multi-byte sequence.
    while (end > 0 && end < bytes.length && (bytes[end] & 0xC0) == 0x80) {
      end--;
    }
    shortened++;
    return new String(bytes, 0, end, StandardCharsets.UTF_8) + ELLIPSIS;
  }

  /** The engine's driver refused to buffer more: the result ends here, cut by the byte budget. */
  public void stopAtBytes(int rowsSoFar) {
    stoppedByDriver = true;
    if (stop == null) {
      stop = new ResultCut(ResultCut.Reason.BYTES, limits.maxBytes(), rowsSoFar);
    }
  }

  /** Each limit the result met, in the order a user reads them (rows first). */
  public List<ResultCut> cuts() {
    List<ResultCut> cuts = new ArrayList<>();
    if (stop != null) {
      cuts.add(stop);
    }
    if (columnsLeftOut > 0) {
      cuts.add(new ResultCut(ResultCut.Reason.COLUMNS, limits.maxColumns(), columnsLeftOut));
    }
    if (shortened > 0) {
      cuts.add(new ResultCut(ResultCut.Reason.VALUE_BYTES, limits.maxValueBytes(), shortened));
    }
    return cuts;
  }

  /** Whether the driver, not this budget, stopped the copy ({@link #stopAtBytes}). */
  public boolean stoppedByDriver() {
    return stoppedByDriver;
  }

  /** Whether rows were left out (row cap or byte budget). */
  public boolean truncated() {
    return stop != null;
  }

  /** The bytes counted so far. */
  public long bytes() {
    return bytes;
  }

  private static final int ELLIPSIS_BYTES = ELLIPSIS.getBytes(StandardCharsets.UTF_8).length;

  static long size(Object v) {
    return switch (v) {
      case null -> ResultLimits.VALUE_OVERHEAD;
      case String s -> ResultLimits.VALUE_OVERHEAD + utf8Length(s);
      default -> ResultLimits.VALUE_OVERHEAD + 16;
    };
  }

  static long utf8Length(String s) {
    long n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n++;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c)) {
        n += 4;
        i++;
      } else {
        n += 3;
      }
    }
    return n;
  }

  // The most characters of s whose UTF-8 takes at most maxBytes (a surrogate pair kept whole).
  private static int prefixFitting(String s, int maxBytes) {
    long n = 0;
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      int bytes;
      int chars = 1;
      if (c < 0x80) {
        bytes = 1;
      } else if (c < 0x800) {
        bytes = 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
        bytes = 4;
        chars = 2;
      } else {
        bytes = 3;
      }
      if (n + bytes > maxBytes) {
        break;
      }
      n += bytes;
      i += chars;
    }
    return i;
  }
}
