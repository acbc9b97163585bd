package dev.parlance.domain.evaluation;

import java.util.Arrays;
import java.util.Objects;

/**
 * One value of a query result, typed by SQLite's storage class. Equality is Python's, because both
 * official evaluators compare the tuples Python's {@code sqlite3} returns: an integer equals a real
 * of the same exact value ({@code 2 == 2.0}), {@code -0.0 == 0.0}, text never equals a number, and
 * NULL equals NULL (Python's {@code None == None}).
 */
public sealed interface SqlValue {

  SqlValue NULL = new Null();

  static SqlValue of(long value) {
    return new Int(value);
  }

  static SqlValue of(double value) {
    return new Real(value);
  }

  static SqlValue of(String value) {
    return new Text(value);
  }

  static SqlValue of(byte[] value) {
    return new Blob(value);
  }

  /** How the value reads in a report: text quoted, NULL as {@code NULL}. */
  String display();

  /** SQL NULL ({@code None} in Python). */
  record Null() implements SqlValue {
    @Override
    public String display() {
      return "NULL";
    }
  }

  /** An INTEGER (Python {@code int}); equals a {@link Real} of exactly the same value. */
  record Int(long value) implements SqlValue {
    @Override
    public boolean equals(Object o) {
      return o instanceof Int i
          ? i.value == value
          : o instanceof Real r && PythonText.sameNumber(value, r.value());
    }

    @Override
    public int hashCode() {
      return Long.hashCode(value);
    }

    @Override
    public String display() {
      return Long.toString(value);
    }
  }

  /** A REAL (Python {@code float}). */
  record Real(double value) implements SqlValue {
    @Override
    public boolean equals(Object o) {
      if (o instanceof Real r) {
        // Python compares floats with ==, so -0.0 == 0.0; NaN (which SQLite never returns, it
        // stores NULL instead) is made equal to itself to keep equals reflexive.
        return r.value == value || (Double.isNaN(r.value) && Double.isNaN(value));
      }
      return o instanceof Int i && PythonText.sameNumber(i.value(), value);
    }

    @Override
    public int hashCode() {
      if (PythonText.isLong(value)) {
        return Long.hashCode((long) value);
      }
      return Double.hashCode(value == 0.0 ? 0.0 : value);
    }

    @Override
    public String display() {
      return PythonText.str(this);
    }
  }

  /** TEXT (Python {@code str}). */
  record Text(String value) implements SqlValue {
    public Text {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public String display() {
      return "'" + value.replace("'", "''") + "'";
    }
  }

  /** A BLOB (Python {@code bytes}), compared by content. */
  record Blob(byte[] value) implements SqlValue {
    public Blob {
      value = value.clone();
    }

    @Override
    public byte[] value() {
      return value.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Blob b && Arrays.equals(b.value, value);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(value);
    }

    @Override
    public String toString() {
      return "Blob[" + PythonText.str(this) + "]";
    }

    @Override
    public String display() {
      return PythonText.str(this);
    }

    byte[] bytes() {
      return value;
    }
  }
}
