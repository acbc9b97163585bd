package dev.parlance.domain.governance;

import java.util.Objects;

/** A statement refused before it ran, with the rule and a reason a user can act on. */
public record Refusal(RefusalKind kind, String reason) {
  public Refusal {
    Objects.requireNonNull(kind, "kind");
    if (reason == null || reason.isBlank()) {
      throw new IllegalArgumentException("a refusal must say why");
    }
    reason = reason.replaceAll("\\s+", " ").strip();
  }
}
