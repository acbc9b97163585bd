package dev.parlance.application.curation;

import dev.parlance.domain.curation.Suggestion;
import java.util.List;

/**
 * Assistants that propose curation, suggestions only: a steward accepts each (it is merged into the
 * draft) or rejects it.
 */
public interface SuggestCurationUseCase {

  /**
   * Friendly names and descriptions for the cryptic tables (all, or those named) and their columns,
   * from their names, types, samples and keys, each as a conceptual view. Needs an LLM.
   */
  List<Suggestion> suggestDescriptions(String source, List<String> tables);

  /**
   * Partially extended views: each conceptual view with the descriptive columns of the views its
   * table's foreign keys lead to, pre-joined. Needs conceptual views, no LLM.
   */
  List<Suggestion> suggestViews(String source);

  /** Value dictionaries for coded columns, from their distinct values. Needs an LLM. */
  List<Suggestion> suggestValues(String source, List<String> tables);

  List<Suggestion> pending(String source);

  /** Merges the suggestion into the source's draft. */
  Suggestion accept(String source, long id, String steward);

  Suggestion reject(String source, long id, String steward);
}
