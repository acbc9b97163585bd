package dev.parlance.domain.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PythonTextTest {

  // Expected strings are what CPython's repr(float) prints.
  @ParameterizedTest
  @CsvSource({
    "1.0, 1.0",
    "0.1, 0.1",
    "2.5, 2.5",
    "-2.5, -2.5",
    "0.30000000000000004, 0.30000000000000004",
    "123456789.0, 123456789.0",
    "1e15, 1000000000000000.0",
    "1e16, 1e+16",
    "1.5e16, 1.5e+16",
    "0.0001, 0.0001",
    "0.00001, 1e-05",
    "0.000015, 1.5e-05",
    "1e300, 1e+300",
    "-0.0, -0.0",
    "0.0, 0.0",
    "66.66666666666667, 66.66666666666667"
  })
  void should_write_a_float_as_python_repr_does_when_given_a_double(double d, String expected) {
    assertThat(PythonText.floatRepr(d)).isEqualTo(expected);
  }

  @Test
  void should_write_non_finite_floats_as_python_does() {
    assertThat(PythonText.floatRepr(Double.NaN)).isEqualTo("nan");
    assertThat(PythonText.floatRepr(Double.POSITIVE_INFINITY)).isEqualTo("inf");
    assertThat(PythonText.floatRepr(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
  }

  @Test
  void should_write_bytes_as_python_repr_does() {
    assertThat(PythonText.bytesRepr(new byte[] {'a', '\\', '\n', 0, (byte) 0xff}))
        .isEqualTo("b'a\\\\\\n\\x00\\xff'");
    assertThat(PythonText.bytesRepr(new byte[] {'\''})).isEqualTo("b\"'\"");
    assertThat(PythonText.bytesRepr(new byte[] {'\'', '"'})).isEqualTo("b'\\'\"'");
  }

  @Test
  void should_name_types_as_python_str_of_type_does() {
    assertThat(PythonText.typeName(SqlValue.of(1))).isEqualTo("<class 'int'>");
    assertThat(PythonText.typeName(SqlValue.of(1.0))).isEqualTo("<class 'float'>");
    assertThat(PythonText.typeName(SqlValue.of("x"))).isEqualTo("<class 'str'>");
    assertThat(PythonText.typeName(SqlValue.NULL)).isEqualTo("<class 'NoneType'>");
    assertThat(PythonText.str(SqlValue.NULL)).isEqualTo("None");
  }

  @Test
  void should_order_strings_by_code_point_when_utf16_order_differs() {
    String supplementary = new String(Character.toChars(0x1F600)); // above U+FFFF
    String bmpHigh = "\uFF01";
    assertThat(supplementary.compareTo(bmpHigh)).isNegative(); // UTF-16: surrogate < U+FF01
    assertThat(PythonText.compareCodePoints(supplementary, bmpHigh)).isPositive(); // Python
    assertThat(PythonText.compareCodePoints("ab", "abc")).isNegative();
    assertThat(PythonText.compareCodePoints("abc", "abc")).isZero();
  }
}
