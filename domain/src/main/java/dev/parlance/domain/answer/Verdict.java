package dev.parlance.domain.answer;

import java.util.Locale;

/** What a user says of an answer: it was right, or it was wrong. */
public enum Verdict {
  RIGHT,
  WRONG;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** {@code right} or {@code wrong}, in any case. */
  public static Verdict parse(String text) {
    if (text != null) {
      for (Verdict v : values()) {
        if (v.name().equalsIgnoreCase(text.strip())) {
          return v;
        }
      }
    }
    throw new IllegalArgumentException("verdict must be right or wrong, got '" + text + "'");
  }
}
