package dev.parlance.domain.curation;

/** One entry of a value dictionary: a stored code and what it means ({@code 1 → open}). */
public record ValueLabel(String code, String label) {
  public ValueLabel {
    if (code == null || code.isEmpty()) {
      throw new IllegalArgumentException("a value dictionary entry needs a code");
    }
    if (label == null || label.isBlank()) {
      throw new IllegalArgumentException("value '" + code + "' needs a label");
    }
    label = label.strip();
  }
}
