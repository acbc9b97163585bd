package dev.parlance.adapters.llm.chat;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.ContentFilteredException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.exception.UnresolvedModelServerException;
import dev.parlance.domain.completion.FailureKind;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Optional;

/** Turns whatever a langchain4j model threw into a failure kind and the vendor's own words. */
final class FailureClassifier {

  /** What went wrong, whether retrying may help, and the wait the vendor asked for. */
  record Classified(
      FailureKind kind, String message, boolean retriable, Optional<Duration> retryAfter) {}

  private final VendorQuirks quirks;

  FailureClassifier(VendorQuirks quirks) {
    this.quirks = quirks;
  }

  Classified classify(Throwable error) {
    Optional<HttpException> http = find(error, HttpException.class);
    Optional<Duration> retryAfter =
        find(error, VendorHttpException.class)
            .flatMap(VendorHttpException::retryAfter)
            .or(() -> quirks.retryAfter(error));
    FailureKind kind = quirks.classify(error).orElseGet(() -> kindOf(error, http));
    boolean retriable = kind == FailureKind.RATE_LIMITED || isServerError(kind, error, http);
    return new Classified(
        kind, quirks.message(error).orElseGet(() -> message(error, http)), retriable, retryAfter);
  }

  private static FailureKind kindOf(Throwable error, Optional<HttpException> http) {
    if (error instanceof ContentFilteredException
        || find(error, ContentFilteredException.class).isPresent()) {
      return FailureKind.REFUSED;
    }
    if (error instanceof AuthenticationException) {
      return FailureKind.AUTHENTICATION;
    }
    if (error instanceof RateLimitException) {
      return FailureKind.RATE_LIMITED;
    }
    if (error instanceof InternalServerException) {
      return FailureKind.UNAVAILABLE;
    }
    if (error instanceof TimeoutException || find(error, TimeoutException.class).isPresent()) {
      return FailureKind.TIMEOUT;
    }
    if (error instanceof ModelNotFoundException || error instanceof InvalidRequestException) {
      return FailureKind.BAD_REQUEST;
    }
    if (error instanceof UnresolvedModelServerException
        || find(error, VendorUnreachableException.class).isPresent()) {
      return FailureKind.UNAVAILABLE;
    }
    if (http.isPresent()) {
      return byStatus(http.get().statusCode());
    }
    if (find(error, JsonProcessingException.class).isPresent()
        || find(error, UncheckedIOException.class).isPresent()
        || error instanceof NullPointerException
        || error instanceof IndexOutOfBoundsException
        || error instanceof ClassCastException) {
      return FailureKind.MALFORMED_ANSWER;
    }
    return FailureKind.OTHER;
  }

  static FailureKind byStatus(int status) {
    if (status == 401 || status == 403) {
      return FailureKind.AUTHENTICATION;
    }
    if (status == 429) {
      return FailureKind.RATE_LIMITED;
    }
    if (status == 408) {
      return FailureKind.TIMEOUT;
    }
    if (status >= 500) {
      return FailureKind.UNAVAILABLE;
    }
    return FailureKind.BAD_REQUEST;
  }

  // 5xx and overload answers are worth a retry; an unreachable server (nothing listening) is not.
  private static boolean isServerError(
      FailureKind kind, Throwable error, Optional<HttpException> http) {
    if (kind != FailureKind.UNAVAILABLE) {
      return false;
    }
    return http.isPresent() || error instanceof InternalServerException;
  }

  private static String message(Throwable error, Optional<HttpException> http) {
    if (http.isPresent()) {
      return "HTTP "
          + http.get().statusCode()
          + ": "
          + VendorMessages.fromBody(http.get().getMessage());
    }
    Optional<VendorUnreachableException> unreachable =
        find(error, VendorUnreachableException.class);
    if (unreachable.isPresent()) {
      return unreachable.get().getMessage();
    }
    String message = error.getMessage();
    if (message == null || message.isBlank()) {
      Throwable root = error;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      message = root.getMessage() == null ? error.getClass().getSimpleName() : root.getMessage();
    }
    return VendorMessages.oneLine(message);
  }

  static <T extends Throwable> Optional<T> find(Throwable error, Class<T> type) {
    Throwable t = error;
    for (int depth = 0; t != null && depth < 20; depth++) {
      if (type.isInstance(t)) {
        return Optional.of(type.cast(t));
      }
      if (t.getCause() == t) {
        break;
      }
      t = t.getCause();
    }
    return Optional.empty();
  }
}
