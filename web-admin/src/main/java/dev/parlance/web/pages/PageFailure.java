package dev.parlance.web.pages;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.answer.QuotaExceededException;
import dev.parlance.application.answer.UnknownAnswerException;
import dev.parlance.application.curation.UnknownCurationItemException;
import dev.parlance.application.evaluation.BenchmarkRunsUseCase;
import dev.parlance.application.evaluation.EvaluationJobsUseCase;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.application.source.SourceNotReadyException;
import dev.parlance.domain.completion.LanguageModelConfigurationException;
import dev.parlance.domain.completion.NoLanguageModelException;
import java.util.Optional;

/**
 * How a page words an expected failure of a use case: the same statuses as the REST API
 * (docs/design/architecture.md), a sentence the user can act on, never a stack trace.
 *
 * @param inline whether the page that was used shows it next to the form (bad input, a spent
 *     budget, a source being indexed) rather than as an error page
 */
record PageFailure(int status, String message, boolean inline) {

  /** The page's wording of an expected failure; empty for an unexpected one (logged, 500). */
  static Optional<PageFailure> of(Throwable failure) {
    return Optional.ofNullable(
        switch (failure) {
          case AccessDeniedException denied ->
              new PageFailure(403, "Your roles do not allow this: " + denied.getMessage(), false);
          case UnknownSourceException unknown -> new PageFailure(404, unknown.getMessage(), false);
          case UnknownAnswerException unknown -> new PageFailure(404, unknown.getMessage(), false);
          case dev.parlance.domain.identity.UnknownUserException unknown ->
              new PageFailure(404, unknown.getMessage(), true);
          case BenchmarkRunsUseCase.UnknownRunException unknown ->
              new PageFailure(404, unknown.getMessage(), false);
          case EvaluationJobsUseCase.UnknownJobException unknown ->
              new PageFailure(404, unknown.getMessage(), false);
          case EvaluationJobsUseCase.AlreadyRunningException running ->
              new PageFailure(409, running.getMessage(), true);
          case dev.parlance.application.curation.CurationJobsUseCase.UnknownJobException unknown ->
              new PageFailure(404, unknown.getMessage(), true);
          case dev.parlance.application.curation.CurationJobsUseCase.AlreadyRunningException r ->
              new PageFailure(409, r.getMessage(), true);
          case dev.parlance.domain.curation.CurationConflictException conflict ->
              new PageFailure(409, conflict.getMessage(), true);
          case UnknownCurationItemException unknown ->
              new PageFailure(404, unknown.getMessage(), true);
          case QuotaExceededException spent -> new PageFailure(429, spent.getMessage(), true);
          case dev.parlance.application.answer.TooManyAsksException busy ->
              new PageFailure(
                  busy.everyone() ? 503 : 429,
                  "Not now: "
                      + busy.getMessage()
                      + " (in about "
                      + busy.retryAfter().toSeconds()
                      + " s).",
                  true);
          case SourceNotReadyException notReady ->
              new PageFailure(409, notReady.getMessage() + " Try again in a moment.", true);
          case NoLanguageModelException none ->
              new PageFailure(
                  503,
                  "No language model is configured for this portal; an administrator sets"
                      + " parlance.llm.* (docs/design/llm.md).",
                  true);
          case LanguageModelConfigurationException bad ->
              new PageFailure(503, bad.getMessage(), true);
          case dev.parlance.application.source.SourceCheckFailedException failed ->
              new PageFailure(400, failed.getMessage(), true);
          case dev.parlance.domain.source.SourceUnavailableException down ->
              new PageFailure(503, down.getMessage(), true);
          case dev.parlance.domain.failure.ComponentUnavailableException down ->
              new PageFailure(503, down.getMessage(), false);
          case java.util.concurrent.RejectedExecutionException busy ->
              new PageFailure(
                  503,
                  "Parlance is answering as many questions as it can; ask again in a moment.",
                  true);
          case IllegalArgumentException bad -> new PageFailure(400, bad.getMessage(), true);
          default -> null;
        });
  }
}
