package dev.parlance.adapters.db.governance;

import dev.parlance.domain.governance.Refusal;
import dev.parlance.domain.governance.RefusalKind;

/** A refusal raised from deep inside the screen, the walk or the checks. */
final class Deny extends RuntimeException {
  private final transient Refusal refusal;

  Deny(RefusalKind kind, String reason) {
    super(reason, null, false, false);
    this.refusal = new Refusal(kind, reason);
  }

  Refusal refusal() {
    return refusal;
  }
}
