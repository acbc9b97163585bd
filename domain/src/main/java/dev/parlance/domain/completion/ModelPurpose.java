package dev.parlance.domain.completion;

import java.util.Locale;

/** What a language-model call was made for: the Spend page counts calls by it. */
public enum ModelPurpose {
  /** A user's question (ask, follow-up, the API, the command line's {@code ask}). */
  ANSWER("answers"),
  /** Asking the pipeline a curation's verified questions (the model-based regression run). */
  REGRESSION("regressions"),
  /** A benchmark or evaluation run ({@code bench e2e}, the admin's evaluation runs). */
  EVALUATION("evaluations"),
  /** The curation assistants' suggestions (descriptions, value labels). */
  SUGGESTION("suggestions"),
  /** An admin's check that a model profile answers. */
  CHECK("checks");

  private final String label;

  ModelPurpose(String label) {
    this.label = label;
  }

  /** The plural word a report uses, e.g. {@code regressions}. */
  public String label() {
    return label;
  }

  /** A purpose by its name or label, case-insensitively. */
  public static ModelPurpose parse(String text) {
    String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
    for (ModelPurpose p : values()) {
      if (p.label.equals(t) || p.name().toLowerCase(Locale.ROOT).equals(t)) {
        return p;
      }
    }
    throw new IllegalArgumentException("purpose: unknown purpose '" + text + "'");
  }
}
