package dev.parlance.adapters.db.governance;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.parser.TokenMgrException;

/**
 * The parser's failures in a user's words: where the statement stops making sense and the word
 * found there, without the grammar's jargon (token lists, lexical states).
 */
final class ParseErrors {
  private ParseErrors() {}

  private static final Pattern LINE_COLUMN = Pattern.compile("line (\\d+), column (\\d+)");

  static String describe(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ParseException p) {
        return parse(p);
      }
      if (t instanceof TokenMgrException m) {
        return lexical(m);
      }
      if (t.getCause() == t) {
        break;
      }
    }
    String m = failure.getMessage();
    if (m != null && m.toLowerCase(Locale.ROOT).contains("time")) {
      return "the statement took too long to read; write it more plainly";
    }
    return "the statement is not SQL Parlance can read";
  }

  private static String parse(ParseException p) {
    Token at = p.currentToken == null ? null : p.currentToken.next;
    if (at == null || at.image == null) {
      return "the statement is not SQL Parlance can read";
    }
    if (at.kind == 0) {
      return "the statement ends too early (after line "
          + p.currentToken.endLine
          + ", column "
          + p.currentToken.endColumn
          + ")";
    }
    return "unexpected "
        + shown(at.image)
        + " at line "
        + at.beginLine
        + ", column "
        + at.beginColumn;
  }

  private static String lexical(TokenMgrException m) {
    String message = m.getMessage() == null ? "" : m.getMessage();
    Matcher lc = LINE_COLUMN.matcher(message);
    String where = lc.find() ? " at line " + lc.group(1) + ", column " + lc.group(2) : "";
    return "an unexpected character" + where;
  }

  private static String shown(String image) {
    String s = image.length() > 40 ? image.substring(0, 40) + "…" : image;
    StringBuilder out = new StringBuilder();
    s.codePoints()
        .forEach(
            cp -> {
              if (Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT) {
                out.append(String.format(Locale.ROOT, "U+%04X", cp));
              } else {
                out.appendCodePoint(cp);
              }
            });
    return "'" + out + "'";
  }
}
