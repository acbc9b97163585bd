package dev.parlance.application.curation;

import dev.parlance.domain.curation.Suggestion;
import java.util.List;
import java.util.Optional;

/**
 * Assistants that propose curation, suggestions only: a steward accepts each (it is merged into the
 * draft) or rejects it.
 */
public interface SuggestCurationUseCase {

  /**
   * Friendly names and descriptions for the cryptic tables (all, or those named) and their columns,
   * from their names, types, samples and keys, each as a conceptual view. Needs an LLM: the named
   * profile, else the source's, else the default.
   */
  List<Suggestion> suggestDescriptions(
      String source, List<String> tables, Optional<String> modelProfile);

  /**
   * Partially extended views: each conceptual view with the descriptive columns of the views its
   * table's foreign keys lead to, pre-joined. Needs conceptual views, no LLM.
   */
  List<Suggestion> suggestViews(String source);

  /** Value dictionaries for coded columns, from their distinct values. Needs an LLM. */
  List<Suggestion> suggestValues(String source, List<String> tables, Optional<String> modelProfile);

  List<Suggestion> pending(String source);

  /** Merges the suggestion into the source's draft. */
  Suggestion accept(String source, long id, String steward);

  Suggestion reject(String source, long id, String steward);
}
