package dev.parlance.domain.question;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What two executions must share to vote together (METHODS §4): the same multiset of rows, and the
 * same row order when both statements order their result at the top level. Values are normalised so
 * that the drivers' types do not split a vote: integers and integral decimals are one number, other
 * numbers compare to 12 significant digits (two ways of computing an average differ in the last
 * bits), booleans are 1/0, bytes are hex.
 */
public final class ResultKey {

  private static final MathContext DIGITS = new MathContext(12);

  private final Map<List<Object>, Integer> bag;
  private final List<List<Object>> sequence;
  private final boolean ordered;
  private final int hash;

  private ResultKey(List<List<Object>> rows, boolean ordered) {
    this.sequence = rows;
    this.ordered = ordered;
    Map<List<Object>, Integer> counts = new HashMap<>();
    rows.forEach(r -> counts.merge(r, 1, Integer::sum));
    this.bag = Collections.unmodifiableMap(counts);
    this.hash = bag.hashCode();
  }

  /**
   * @param rows the rows as the driver returned them (any of String, Long, Integer, Double,
   *     BigDecimal, Boolean, byte[], null)
   * @param ordered whether the statement has a top-level ORDER BY, so its row order is meant
   */
  public static ResultKey of(List<List<Object>> rows, boolean ordered) {
    List<List<Object>> normal = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      List<Object> values = new ArrayList<>(row.size());
      for (Object v : row) {
        values.add(normalise(v));
      }
      normal.add(Collections.unmodifiableList(values));
    }
    return new ResultKey(Collections.unmodifiableList(normal), ordered);
  }

  static Object normalise(Object v) {
    return switch (v) {
      case null -> Null.NULL;
      case Boolean b -> BigDecimal.valueOf(b ? 1 : 0);
      case Long l -> BigDecimal.valueOf(l);
      case Integer i -> BigDecimal.valueOf(i);
      case Short s -> BigDecimal.valueOf(s);
      case Byte b -> BigDecimal.valueOf(b);
      case BigDecimal d -> number(d);
      case Double d -> Double.isFinite(d) ? number(BigDecimal.valueOf(d)) : d.toString();
      case Float f -> Float.isFinite(f) ? number(BigDecimal.valueOf(f)) : f.toString();
      case Number n -> number(new BigDecimal(n.toString()));
      case byte[] bytes -> "0x" + HexFormat.of().formatHex(bytes);
      default -> v.toString();
    };
  }

  private static BigDecimal number(BigDecimal d) {
    BigDecimal rounded = d.round(DIGITS).stripTrailingZeros();
    // 0E-12 and 0 are one zero.
    return rounded.signum() == 0 ? BigDecimal.ZERO : rounded;
  }

  /** A NULL that equals NULL, as both official evaluators read results. */
  private enum Null {
    NULL
  }

  public boolean ordered() {
    return ordered;
  }

  public int rowCount() {
    return sequence.size();
  }

  /** Same rows as a multiset, whatever their order. */
  public boolean sameRows(ResultKey other) {
    return hash == other.hash && bag.equals(other.bag);
  }

  /** Same rows in the same order. */
  public boolean sameSequence(ResultKey other) {
    return sequence.equals(other.sequence);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ResultKey k
        && ordered == k.ordered
        && (ordered ? sequence.equals(k.sequence) : bag.equals(k.bag));
  }

  @Override
  public int hashCode() {
    return Objects.hash(hash, ordered);
  }
}
