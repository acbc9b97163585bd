package dev.parlance.domain.curation;

/** A word users say and the view or column it means ({@code "work order" → maintenance_order}). */
public record Synonym(String term, String target) {
  public Synonym {
    if (term == null || term.isBlank() || target == null || target.isBlank()) {
      throw new IllegalArgumentException("a synonym needs a term and a target");
    }
    term = term.strip();
    target = target.strip();
  }
}
