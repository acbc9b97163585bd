package dev.parlance.domain.evaluation;

import java.math.BigDecimal;

/**
 * How Python writes and compares the values Python's {@code sqlite3} returns: {@code str(x)} and
 * {@code str(type(x))}, which Spider's test-suite evaluator uses as a sort key, and code-point
 * string order.
 */
final class PythonText {
  private PythonText() {}

  static boolean isLong(double d) {
    return d == Math.rint(d) && d >= -0x1p63 && d < 0x1p63;
  }

  /** Python's {@code int == float}: exact. */
  static boolean sameNumber(long l, double d) {
    return isLong(d) && (long) d == l;
  }

  /** Python's {@code str(value)}. */
  static String str(SqlValue value) {
    return switch (value) {
      case SqlValue.Null n -> "None";
      case SqlValue.Int i -> Long.toString(i.value());
      case SqlValue.Real r -> floatRepr(r.value());
      case SqlValue.Text t -> t.value();
      case SqlValue.Blob b -> bytesRepr(b.bytes());
    };
  }

  /** Python's {@code str(type(value))}. */
  static String typeName(SqlValue value) {
    return switch (value) {
      case SqlValue.Null n -> "<class 'NoneType'>";
      case SqlValue.Int i -> "<class 'int'>";
      case SqlValue.Real r -> "<class 'float'>";
      case SqlValue.Text t -> "<class 'str'>";
      case SqlValue.Blob b -> "<class 'bytes'>";
    };
  }

  /**
   * Python's {@code repr(float)}: the shortest digits that read back as the same double, written in
   * fixed notation when the decimal exponent is in [-4, 16), else as {@code 1e+16}, {@code
   * 1.5e-05}.
   */
  static String floatRepr(double d) {
    if (Double.isNaN(d)) {
      return "nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    String sign = (d < 0 || (d == 0.0 && 1 / d < 0)) ? "-" : "";
    if (d == 0.0) {
      return sign + "0.0";
    }
    // Since JDK 19 Double.toString gives the shortest uniquely identifying digits, as Python does.
    BigDecimal shortest = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
    String digits = shortest.unscaledValue().toString();
    // value = 0.digits × 10^point
    int point = digits.length() - shortest.scale();
    StringBuilder out = new StringBuilder(sign);
    if (point > 16 || point <= -4) {
      out.append(digits.charAt(0));
      if (digits.length() > 1) {
        out.append('.').append(digits, 1, digits.length());
      }
      int exponent = point - 1;
      out.append('e').append(exponent < 0 ? '-' : '+');
      String e = Integer.toString(Math.abs(exponent));
      out.append(e.length() < 2 ? "0" + e : e);
    } else if (point <= 0) {
      out.append("0.").append("0".repeat(-point)).append(digits);
    } else if (point >= digits.length()) {
      out.append(digits).append("0".repeat(point - digits.length())).append(".0");
    } else {
      out.append(digits, 0, point).append('.').append(digits, point, digits.length());
    }
    return out.toString();
  }

  /** Python's {@code repr(bytes)}, e.g. {@code b'a\xff'}. */
  static String bytesRepr(byte[] bytes) {
    boolean hasSingle = false;
    boolean hasDouble = false;
    for (byte b : bytes) {
      hasSingle |= b == '\'';
      hasDouble |= b == '"';
    }
    char quote = hasSingle && !hasDouble ? '"' : '\'';
    StringBuilder out = new StringBuilder("b").append(quote);
    for (byte b : bytes) {
      int c = b & 0xff;
      if (c == quote || c == '\\') {
        out.append('\\').append((char) c);
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c < 0x20 || c >= 0x7f) {
        out.append(String.format("\\x%02x", c));
      } else {
        out.append((char) c);
      }
    }
    return out.append(quote).toString();
  }

  /** Python's string order: by code point, not by UTF-16 unit as {@link String#compareTo}. */
  static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Boolean.compare(i < a.length(), j < b.length());
  }
}
