package dev.parlance.web.pages;

import dev.parlance.application.explore.ResultWordsUseCase.ColumnWords;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.Locale;

/**
 * A result's value as a reader reads it, in their locale: numbers with the locale's separators and
 * never an exponent ({@code 2.02139426E8} is {@code 202,139,426}), two decimals for a currency, no
 * separators for numbers that name things (ids, order numbers, codes, years); text and dates as
 * they came. The downloads keep the values themselves.
 */
final class ValueText {

  private ValueText() {}

  static String of(Object value, ColumnWords words, Locale locale) {
    if (value == null) {
      return "";
    }
    if (!(value instanceof Number number)) {
      return value.toString();
    }
    if (words != null && words.identifier() && whole(number)) {
      return plain(number);
    }
    BigDecimal exact = decimal(number);
    if (exact == null) {
      return value.toString();
    }
    DecimalFormat format = (DecimalFormat) NumberFormat.getNumberInstance(locale);
    format.setDecimalFormatSymbols(DecimalFormatSymbols.getInstance(locale));
    format.setGroupingUsed(true);
    boolean currency = words != null && words.currency();
    if (currency) {
      format.setMinimumFractionDigits(2);
      format.setMaximumFractionDigits(2);
    } else if (exact.abs().compareTo(BigDecimal.ONE) >= 0 || exact.signum() == 0) {
      format.setMaximumFractionDigits(2);
    } else {
      format.setMaximumFractionDigits(4);
    }
    return format.format(exact);
  }

  private static boolean whole(Number n) {
    BigDecimal d = decimal(n);
    return d != null && d.stripTrailingZeros().scale() <= 0;
  }

  private static String plain(Number n) {
    BigDecimal d = decimal(n);
    return d == null ? n.toString() : d.stripTrailingZeros().toPlainString();
  }

  private static BigDecimal decimal(Number n) {
    return switch (n) {
      case BigDecimal b -> b;
      case BigInteger b -> new BigDecimal(b);
      case Long l -> BigDecimal.valueOf(l);
      case Integer i -> BigDecimal.valueOf(i);
      case Short s -> BigDecimal.valueOf(s);
      case Byte b -> BigDecimal.valueOf(b);
      default -> {
        double d = n.doubleValue();
        yield Double.isFinite(d) ? BigDecimal.valueOf(d) : null;
      }
    };
  }
}
