package dev.parlance.web.problem;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.answer.QuotaExceededException;
import dev.parlance.application.answer.TooManyAsksException;
import dev.parlance.application.answer.UnknownAnswerException;
import dev.parlance.application.curation.MissingBaseSqlException;
import dev.parlance.application.curation.UnknownCurationItemException;
import dev.parlance.application.evaluation.BenchmarkRunsUseCase;
import dev.parlance.application.evaluation.EvaluationJobsUseCase;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.application.source.SourceCheckFailedException;
import dev.parlance.application.source.SourceNotReadyException;
import dev.parlance.domain.completion.LanguageModelConfigurationException;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.failure.ComponentUnavailableException;
import dev.parlance.domain.identity.UnknownUserException;
import dev.parlance.domain.source.SourceUnavailableException;
import jakarta.json.bind.JsonbException;
import jakarta.json.stream.JsonParsingException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;

/**
 * The one table from failures to HTTP: which exception means which status, and the words a caller
 * sees. Application and domain failures carry facts; this is where the REST API words them.
 */
public final class ProblemTable {

  private static final Map<Integer, String> TITLES =
      Map.ofEntries(
          Map.entry(400, "Bad Request"),
          Map.entry(401, "Unauthorized"),
          Map.entry(403, "Forbidden"),
          Map.entry(404, "Not Found"),
          Map.entry(405, "Method Not Allowed"),
          Map.entry(406, "Not Acceptable"),
          Map.entry(409, "Conflict"),
          Map.entry(413, "Content Too Large"),
          Map.entry(415, "Unsupported Media Type"),
          Map.entry(422, "Unprocessable Content"),
          Map.entry(429, "Too Many Requests"),
          Map.entry(500, "Internal Server Error"),
          Map.entry(503, "Service Unavailable"));

  private ProblemTable() {}

  public static String title(int status) {
    return TITLES.getOrDefault(status, status >= 500 ? "Server Error" : "Client Error");
  }

  /**
   * The status and detail for an expected failure, or empty for one nobody expected (then the
   * caller answers 500 and logs it).
   */
  public static Optional<Problem> problemFor(Throwable failure, String instance) {
    BodyTooLargeException tooLarge = causeOf(failure, BodyTooLargeException.class);
    if (tooLarge != null) {
      return Optional.of(Problem.of(413, tooLarge.getMessage(), instance));
    }
    if (causeOf(failure, JsonParsingException.class) != null
        || causeOf(failure, JsonbException.class) != null) {
      return Optional.of(Problem.of(400, malformedJson(failure), instance));
    }
    return switch (failure) {
      case WebApplicationException web -> Optional.of(forStatus(web, instance));
      case ProcessingException processing ->
          Optional.of(Problem.of(400, "the request body cannot be read", instance));
      case UnknownUserException unknown ->
          Optional.of(Problem.of(404, unknown.getMessage(), instance));
      case UnknownSourceException unknown ->
          Optional.of(Problem.of(404, unknown.getMessage(), instance));
      case UnknownAnswerException unknown ->
          Optional.of(Problem.of(404, unknown.getMessage(), instance));
      case UnknownCurationItemException unknown ->
          Optional.of(Problem.of(404, unknown.getMessage(), instance));
      case BenchmarkRunsUseCase.UnknownRunException unknown ->
          Optional.of(Problem.of(404, unknown.getMessage(), instance));
      case EvaluationJobsUseCase.UnknownJobException unknown ->
          Optional.of(Problem.of(404, unknown.getMessage(), instance));
      case EvaluationJobsUseCase.AlreadyRunningException running ->
          Optional.of(Problem.of(409, running.getMessage(), instance));
      case AccessDeniedException denied ->
          Optional.of(Problem.of(403, denied.getMessage(), instance));
      case QuotaExceededException spent ->
          Optional.of(Problem.of(429, spent.getMessage(), instance));
      case TooManyAsksException busy ->
          Optional.of(Problem.of(busy.everyone() ? 503 : 429, busy.getMessage(), instance));
      case SourceNotReadyException notReady ->
          Optional.of(Problem.of(409, notReady.getMessage(), instance));
      case SourceCheckFailedException failed ->
          Optional.of(Problem.of(400, failed.getMessage(), instance));
      case MissingBaseSqlException missing ->
          Optional.of(Problem.of(400, missing.getMessage(), instance));
      case NoLanguageModelException none ->
          Optional.of(
              Problem.of(
                  503,
                  none.getMessage()
                      + ". Configure one: "
                      + none.howToConfigure().strip().replaceAll("\\s*\n\\s*", "; "),
                  instance));
      case LanguageModelConfigurationException misconfigured ->
          Optional.of(Problem.of(503, misconfigured.getMessage(), instance));
      case SourceUnavailableException unavailable ->
          Optional.of(Problem.of(503, unavailable.getMessage(), instance));
      case ComponentUnavailableException unavailable ->
          Optional.of(Problem.of(503, unavailable.getMessage(), instance));
      case RejectedExecutionException busy ->
          Optional.of(
              Problem.of(503, "the server is answering as many questions as it can", instance));
      case dev.parlance.domain.curation.CurationConflictException conflict ->
          Optional.of(Problem.of(409, conflict.getMessage(), instance));
      case IllegalArgumentException bad -> Optional.of(Problem.of(400, bad.getMessage(), instance));
      default -> Optional.empty();
    };
  }

  /** How long a caller should wait before trying again, for failures that pass with time. */
  public static Optional<Duration> retryAfter(Throwable failure) {
    return switch (failure) {
      case QuotaExceededException spent -> Optional.of(spent.retryAfter());
      case TooManyAsksException busy -> Optional.of(busy.retryAfter());
      case SourceNotReadyException notReady -> Optional.of(NOT_READY_RETRY);
      case RejectedExecutionException busy -> Optional.of(Duration.ofSeconds(2));
      default -> Optional.empty();
    };
  }

  /** A source being indexed is usually ready within seconds (the demo's full index: ~10 s). */
  private static final Duration NOT_READY_RETRY = Duration.ofSeconds(5);

  private static Problem forStatus(WebApplicationException web, String instance) {
    int status = web.getResponse() == null ? 500 : web.getResponse().getStatus();
    if (status < 400) {
      status = 500;
    }
    String detail =
        switch (status) {
          case 404 -> "no resource at " + instance;
          case 405 -> "this resource does not accept that method";
          case 406 -> "this resource cannot answer in the media types the request accepts";
          case 415 -> "send the body as application/json";
          case 401 -> "sign in first: send a bearer token from the identity provider";
          case 403 -> "your roles do not allow this";
          default ->
              web.getMessage() == null || web.getMessage().startsWith("RESTEASY")
                  ? title(status)
                  : web.getMessage();
        };
    return Problem.of(status, detail, instance);
  }

  private static String malformedJson(Throwable failure) {
    JsonParsingException parsing = causeOf(failure, JsonParsingException.class);
    if (parsing != null && parsing.getLocation() != null) {
      return "the request body is not valid JSON (line "
          + parsing.getLocation().getLineNumber()
          + ", column "
          + parsing.getLocation().getColumnNumber()
          + ")";
    }
    JsonbException binding = causeOf(failure, JsonbException.class);
    String message = binding == null ? null : binding.getMessage();
    if (message != null && message.contains("Unknown property")) {
      return "the request body has a field this resource does not know: " + message;
    }
    return "the request body is not valid JSON for this resource";
  }

  static <T extends Throwable> T causeOf(Throwable failure, Class<T> type) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }
}
