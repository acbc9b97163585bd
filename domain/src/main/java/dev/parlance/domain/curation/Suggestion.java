package dev.parlance.domain.curation;

import java.time.Instant;
import java.util.Objects;

/**
 * An assistant's proposal for a source's curation, never applied by itself: a steward accepts it
 * (it is merged into the draft) or rejects it.
 *
 * @param id 0 until the store numbers it
 * @param target what it is about, e.g. {@code TB_MO} or {@code TB_MO.MO_ST}
 * @param proposal the proposed curation items (a view, a table description, a value dictionary),
 *     merged into the draft by {@link CurationMerge}
 */
public record Suggestion(
    long id,
    String source,
    SuggestionKind kind,
    String target,
    String summary,
    Curation proposal,
    SuggestionStatus status,
    String decidedBy,
    Instant createdAt) {

  public Suggestion {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(proposal, "proposal");
    if (!proposal.source().equals(source)) {
      throw new IllegalArgumentException("a suggestion's proposal belongs to its source");
    }
    target = target == null ? "" : target.strip();
    summary = summary == null ? "" : summary.strip();
    status = Objects.requireNonNullElse(status, SuggestionStatus.PENDING);
    decidedBy = decidedBy == null ? "" : decidedBy.strip();
    Objects.requireNonNull(createdAt, "createdAt");
  }

  public static Suggestion pending(
      SuggestionKind kind, String target, String summary, Curation proposal, Instant at) {
    return new Suggestion(
        0, proposal.source(), kind, target, summary, proposal, SuggestionStatus.PENDING, "", at);
  }
}
