package dev.parlance.domain.curation;

import java.util.Locale;

/** A suggestion waits for a steward, who accepts it (into the draft) or rejects it. */
public enum SuggestionStatus {
  PENDING,
  ACCEPTED,
  REJECTED;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
