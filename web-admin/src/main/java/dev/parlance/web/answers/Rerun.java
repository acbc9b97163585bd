package dev.parlance.web.answers;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;

/**
 * An answer's SQL run again (a download, a chosen reading): its rows, or why there are none now.
 */
public final class Rerun {
  private Rerun() {}

  /**
   * The rows of an outcome that ran; otherwise the exception the portal answers with: the policy's
   * refusal as a denial (403), a failure as a bad request (400).
   */
  public static QueryResult rows(QueryOutcome outcome) {
    return switch (outcome) {
      case QueryOutcome.Ran ran -> ran.result();
      case QueryOutcome.Refused refused ->
          throw new AccessDeniedException(
              "the policy refuses this answer's SQL now: " + refused.refusal().reason());
      case QueryOutcome.Failed failed ->
          throw new IllegalArgumentException(
              "this answer's SQL does not run now (" + failed.message() + ")");
    };
  }
}
