package dev.parlance.application.answer;

import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.answer.Feedback;
import dev.parlance.domain.answer.Verdict;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionKind;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Turns feedback on an answer into a suggestion for the source's stewards. */
public final class GiveFeedbackService implements GiveFeedbackUseCase {

  // What the store keeps of a suggestion's summary.
  private static final int MAX_SUMMARY = 4000;

  private final AnswerHistoryPort history;
  private final SuggestionsPort suggestions;
  private final Clock clock;

  public GiveFeedbackService(AnswerHistoryPort history, SuggestionsPort suggestions, Clock clock) {
    this.history = history;
    this.suggestions = suggestions;
    this.clock = clock;
  }

  @Override
  public FeedbackGiven give(Command command) {
    AnswerRecord answer =
        history
            .find(command.answer())
            .filter(a -> a.user().equals(command.user().name()))
            .orElseThrow(() -> new UnknownAnswerException(command.answer()));
    Instant now = clock.instant();
    // Validated before anything is stored.
    new Feedback(command.verdict(), command.comment(), now, 0, command.reading());
    Optional<String> judged = judgedSql(answer, command.reading());
    Suggestion proposed =
        suggestions.add(List.of(suggestion(answer, judged, command, now))).getFirst();
    AnswerRecord kept =
        history.giveFeedback(
            answer.id(),
            new Feedback(
                command.verdict(), command.comment(), now, proposed.id(), command.reading()));
    return new FeedbackGiven(kept, proposed);
  }

  /** The SQL a verdict is about: the answer's own, or that of the reading it names. */
  private static Optional<String> judgedSql(AnswerRecord answer, int reading) {
    if (reading == 0) {
      return answer.sql();
    }
    return Optional.of(answer.readingSql(reading));
  }

  private static Suggestion suggestion(
      AnswerRecord answer, Optional<String> judged, Command command, Instant now) {
    String on =
        command.reading() == 0 ? "" : " (reading " + command.reading() + ", chosen by the user)";
    String by =
        " (from " + command.user().name() + "'s feedback on answer " + answer.id() + ")" + on;
    String comment = command.comment().isEmpty() ? "" : ": " + command.comment();
    if (command.verdict() == Verdict.RIGHT && judged.isPresent()) {
      VerifiedQuery proposed =
          new VerifiedQuery(
              "answer-" + answer.id(),
              answer.standalone(),
              judged.get(),
              command.user().name(),
              VerifiedStatus.PROPOSED,
              "");
      return Suggestion.pending(
          SuggestionKind.VERIFIED,
          proposed.id(),
          ("marked right" + comment + by)
              .substring(0, Math.min(MAX_SUMMARY, ("marked right" + comment + by).length())),
          Curation.empty(answer.source()).withVerified(proposed),
          now);
    }
    String verdict = command.verdict() == Verdict.RIGHT ? "marked right" : "marked wrong";
    String summary =
        verdict
            + comment
            + by
            + ". Question: "
            + answer.standalone()
            + judged.map(sql -> " SQL: " + sql).orElse(" (no SQL)");
    return Suggestion.pending(
        SuggestionKind.FEEDBACK,
        "answer-" + answer.id(),
        summary.length() <= MAX_SUMMARY ? summary : summary.substring(0, MAX_SUMMARY - 1) + "…",
        Curation.empty(answer.source()),
        now);
  }
}
