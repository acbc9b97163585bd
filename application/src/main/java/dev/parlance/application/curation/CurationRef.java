package dev.parlance.application.curation;

import java.util.Locale;

/** Which curation of a source a command means: the draft, the published one, or a version. */
public sealed interface CurationRef {
  record Draft() implements CurationRef {}

  record Published() implements CurationRef {}

  record Version(int number) implements CurationRef {}

  /** {@code draft}, {@code published} (or {@code current}), or a version number. */
  static CurationRef parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    return switch (t) {
      case "draft" -> new Draft();
      case "published", "current" -> new Published();
      default -> {
        try {
          int n = Integer.parseInt(t.startsWith("v") ? t.substring(1) : t);
          if (n < 1) {
            throw new NumberFormatException();
          }
          yield new Version(n);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(
              "'" + text + "' is not draft, published or a version number");
        }
      }
    };
  }
}
