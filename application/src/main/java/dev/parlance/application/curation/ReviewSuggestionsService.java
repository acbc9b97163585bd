package dev.parlance.application.curation;

import static dev.parlance.application.access.SourceAccess.requireStewardship;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.List;

/** The stewards' review queue over the suggestions store and the curation assistants. */
public final class ReviewSuggestionsService implements ReviewSuggestionsUseCase {

  private final DataSourcesPort sources;
  private final SuggestionsPort suggestions;
  private final SuggestCurationUseCase assistants;

  public ReviewSuggestionsService(
      DataSourcesPort sources, SuggestionsPort suggestions, SuggestCurationUseCase assistants) {
    this.sources = sources;
    this.suggestions = suggestions;
    this.assistants = assistants;
  }

  @Override
  public List<Suggestion> suggestions(UserIdentity user, String source, SuggestionStatus status) {
    requireStewardship(user, source);
    known(source);
    return suggestions.list(source, status);
  }

  @Override
  public Suggestion accept(UserIdentity user, String source, long id) {
    requireStewardship(user, source);
    exists(source, id);
    return assistants.accept(source, id, user.name());
  }

  @Override
  public Suggestion reject(UserIdentity user, String source, long id) {
    requireStewardship(user, source);
    exists(source, id);
    return assistants.reject(source, id, user.name());
  }

  private void known(String source) {
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
  }

  private void exists(String source, long id) {
    known(source);
    if (suggestions.find(source, id).isEmpty()) {
      throw new UnknownCurationItemException("source " + source + " has no suggestion " + id);
    }
  }
}
