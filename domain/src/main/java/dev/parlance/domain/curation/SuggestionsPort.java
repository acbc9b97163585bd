package dev.parlance.domain.curation;

import java.util.List;
import java.util.Optional;

/** Keeps assistants' suggestions until a steward decides on each. */
public interface SuggestionsPort {

  /** Stores new suggestions and returns them numbered. */
  List<Suggestion> add(List<Suggestion> suggestions);

  /** The source's suggestions with the given status, oldest first. */
  List<Suggestion> list(String source, SuggestionStatus status);

  Optional<Suggestion> find(String source, long id);

  /** Records a steward's decision on a pending suggestion. */
  Suggestion decide(String source, long id, SuggestionStatus decision, String steward);
}
