package dev.parlance.application.ask;

import dev.parlance.domain.completion.CompletionRequest;
import java.util.List;
import java.util.Optional;

/**
 * A follow-up restated by the model as one question that needs no conversation to be understood:
 * the stewards read the restatement, never the fragment.
 */
final class Restatement {

  static final String RESTATE_SYSTEM =
      "You rewrite the follow-up of a conversation about a database as one stand-alone question"
          + " that says everything the follow-up means, in the user's own language and words."
          + " Answer with the question only: no SQL, no explanation.";

  private Restatement() {}

  /**
   * The follow-up restated by the model as one question that needs no conversation to be
   * understood; empty when the model gave nothing usable (then stewards read the fragment with the
   * earlier question beside it).
   */
  static Optional<String> restate(
      AskQuestionUseCase.Exchange earlier, String followUp, Ledger ledger, List<String> notes) {
    try {
      var completions =
          ledger.complete(
              "restatement",
              CompletionRequest.of(RESTATE_SYSTEM, restatePrompt(earlier, followUp))
                  .withTemperature(0)
                  .withMaxTokens(120));
      if (completions.isEmpty()) {
        return Optional.empty();
      }
      String text =
          ModelWords.said(completions.first().text())
              .replaceAll("^(?i)stand-alone question:\\s*", "");
      boolean usable =
          !text.isBlank()
              && text.length() <= 2000
              && !text.regionMatches(true, 0, "SELECT", 0, 6)
              && !text.regionMatches(true, 0, "WITH ", 0, 5);
      return usable ? Optional.of(text) : Optional.empty();
    } catch (RuntimeException e) {
      notes.add("the follow-up could not be restated: " + e.getMessage());
      return Optional.empty();
    }
  }

  /** The restatement's prompt: the earlier question and the follow-up. */
  static String restatePrompt(AskQuestionUseCase.Exchange earlier, String followUp) {
    return "Earlier question: "
        + earlier.question()
        + earlier.sql().map(sql -> "\nEarlier SQL: " + SqlText.oneLine(sql)).orElse("")
        + "\nFollow-up: "
        + followUp
        + "\nStand-alone question:";
  }
}
