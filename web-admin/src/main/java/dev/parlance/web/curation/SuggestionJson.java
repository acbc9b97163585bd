package dev.parlance.web.curation;

import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionKind;
import dev.parlance.domain.curation.SuggestionStatus;
import java.time.Instant;
import java.util.List;

/**
 * A suggestion as the API lists it: its own fields, and {@code promptText}, exactly the lines that
 * accepting it (once published) puts into every user's prompt (issue 24).
 */
public record SuggestionJson(
    long id,
    String source,
    SuggestionKind kind,
    String target,
    String summary,
    Curation proposal,
    SuggestionStatus status,
    String decidedBy,
    Instant createdAt,
    List<String> promptText) {

  static SuggestionJson of(Suggestion s, List<String> promptText) {
    return new SuggestionJson(
        s.id(),
        s.source(),
        s.kind(),
        s.target(),
        s.summary(),
        s.proposal(),
        s.status(),
        s.decidedBy(),
        s.createdAt(),
        promptText);
  }
}
