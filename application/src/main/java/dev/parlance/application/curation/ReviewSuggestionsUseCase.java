package dev.parlance.application.curation;

import dev.parlance.application.ask.PromptQuoting;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;

/**
 * A steward reviews the suggestions for a source they steward (from the assistants and from users'
 * feedback): accepting one merges it into the draft, rejecting one keeps it out. Each method throws
 * {@link dev.parlance.application.access.AccessDeniedException} for a source the user does not
 * steward.
 */
public interface ReviewSuggestionsUseCase {

  List<Suggestion> suggestions(UserIdentity user, String source, SuggestionStatus status);

  /**
   * @throws UnknownCurationItemException when the source has no suggestion of that number
   */
  Suggestion accept(UserIdentity user, String source, long id);

  /**
   * @throws UnknownCurationItemException when the source has no suggestion of that number
   */
  Suggestion reject(UserIdentity user, String source, long id);

  /**
   * Exactly what accepting {@code suggestion} (once published) puts into every user's prompt: its
   * descriptions, hints and verified examples as the prompts quote them, a verified example's SQL
   * without comments. Empty when it adds nothing to prompts.
   */
  default List<String> promptText(Suggestion suggestion) {
    return PromptQuoting.lines(suggestion.proposal());
  }
}
