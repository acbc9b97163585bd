package dev.parlance.domain.curation;

import java.util.Locale;

/** Where a verified question stands: only approved ones are examples and regression checks. */
public enum VerifiedStatus {
  PROPOSED,
  APPROVED,
  RETIRED;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static VerifiedStatus parse(String text) {
    try {
      return valueOf(text.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException(
          "unknown status '" + text + "' (use proposed, approved or retired)", e);
    }
  }
}
