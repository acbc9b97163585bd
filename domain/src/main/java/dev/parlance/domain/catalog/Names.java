package dev.parlance.domain.catalog;

import java.util.Locale;

/** Identifier rules shared by the catalog: SQL names compare case-insensitively. */
public final class Names {
  private Names() {}

  static String requireName(String name, String what) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank");
    }
    return name;
  }

  /** The form under which two identifiers are the same name. */
  public static String key(String name) {
    return name.strip().toLowerCase(Locale.ROOT);
  }
}
