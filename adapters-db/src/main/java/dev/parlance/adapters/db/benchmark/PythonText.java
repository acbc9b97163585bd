package dev.parlance.adapters.db.benchmark;

/**
 * Python's {@code str.strip()} without arguments, which the official evaluators apply to every
 * line: it removes the characters {@code str.isspace()} accepts, a wider set than Java's {@link
 * String#strip()} (e.g. the no-break space U+00A0, the separators U+001C–U+001F).
 */
final class PythonText {
  private PythonText() {}

  static String strip(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && isSpace(s.charAt(start))) {
      start++;
    }
    while (end > start && isSpace(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(start, end);
  }

  // CPython's _Py_ascii_whitespace and the Unicode characters of bidirectional class WS, B or S
  // (or category Zs), as str.isspace() defines them.
  static boolean isSpace(char c) {
    return switch (c) {
      case '\t', '\n', '\u000B', '\f', '\r', '\u001C', '\u001D', '\u001E', '\u001F', ' ' -> true;
      case '\u0085', '\u00A0', '\u1680', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000' -> true;
      default -> c >= '\u2000' && c <= '\u200A';
    };
  }
}
