package dev.parlance.adapters.llm.chat;

import dev.langchain4j.exception.HttpException;
import java.time.Duration;
import java.util.Optional;

/** A vendor's non-2xx answer, with the body as message and the wait it asked for, if any. */
final class VendorHttpException extends HttpException {
  private final transient Optional<Duration> retryAfter;

  VendorHttpException(int statusCode, String body, Optional<Duration> retryAfter) {
    super(statusCode, body);
    this.retryAfter = retryAfter;
  }

  Optional<Duration> retryAfter() {
    return retryAfter;
  }
}
