package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.SqlNames.unquote;

import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.source.DataSource;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.Function;

/**
 * The functions a governed query may call: none that reads the database's own catalog or has side
 * effects, and SQLite's printf() only with a literal format of bounded widths.
 */
final class FunctionScreen {

  private static final java.util.regex.Pattern FORMAT_WIDTH =
      java.util.regex.Pattern.compile("%[-+ 0#!,]*(\\*|\\d*)(?:\\.(\\*|\\d*))?");

  /** Widths and precisions above this are refused in printf-style formats. */
  static final int MAX_FORMAT_WIDTH = 1000;

  private final DataSource source;
  private final DialectRules rules;

  FunctionScreen(DataSource source, DialectRules rules) {
    this.source = source;
    this.rules = rules;
  }

  // SQLite's printf() builds a width or precision in one call that no deadline interrupts (a 1e9
  // precision runs for seconds even though the result is cut at the length limit): the format
  // must be a literal whose widths the walk can read, each at most MAX_FORMAT_WIDTH.
  void boundedFormat(Function function) {
    if (source.dialect() != dev.parlance.domain.source.Dialect.SQLITE) {
      return;
    }
    String name = functionName(function);
    if (name == null
        || !(unquote(name).equalsIgnoreCase("printf")
            || unquote(name).equalsIgnoreCase("format"))) {
      return;
    }
    Deny refusal =
        new Deny(
            RefusalKind.FORBIDDEN_FUNCTION,
            unquote(name).toLowerCase(Locale.ROOT)
                + "() needs a literal format whose widths and precisions are numbers up to "
                + MAX_FORMAT_WIDTH
                + ": one call with a larger or computed one runs past any timeout");
    if (!(function.getParameters() != null
        && !function.getParameters().isEmpty()
        && function.getParameters().get(0) instanceof net.sf.jsqlparser.expression.StringValue f)) {
      throw refusal;
    }
    java.util.regex.Matcher m = FORMAT_WIDTH.matcher(f.getValue());
    while (m.find()) {
      for (String part : new String[] {m.group(1), m.group(2)}) {
        if (part == null || part.isEmpty()) {
          continue;
        }
        if (part.equals("*") || part.length() > 4 || Integer.parseInt(part) > MAX_FORMAT_WIDTH) {
          throw refusal;
        }
      }
    }
  }

  static String functionName(Function function) {
    List<String> parts = function.getMultipartName();
    return parts == null || parts.isEmpty() ? function.getName() : parts.get(parts.size() - 1);
  }

  void check(String name) {
    if (name != null && rules.isSystemRelation(null, unquote(name))) {
      throw new Deny(
          RefusalKind.FORBIDDEN_FUNCTION,
          unquote(name)
              + "() reads the database's own catalog, storage or settings, which Parlance does"
              + " not expose; ask about the data instead");
    }
    if (name != null && rules.forbidsFunction(unquote(name))) {
      throw new Deny(
          RefusalKind.FORBIDDEN_FUNCTION,
          "function "
              + unquote(name)
              + "() is refused: it has side effects or reaches files, the network or other"
              + " sessions");
    }
  }
}
