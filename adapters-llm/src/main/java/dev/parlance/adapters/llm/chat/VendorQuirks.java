package dev.parlance.adapters.llm.chat;

import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.parlance.domain.completion.FailureKind;
import java.time.Duration;
import java.util.Optional;

/**
 * What differs between vendors once langchain4j has done its part: how a refusal shows, which
 * errors mean more than their HTTP status, and where a {@code Retry-After} hides.
 */
public interface VendorQuirks {

  VendorQuirks NONE = new VendorQuirks() {};

  /** The model's refusal, if this answer is one. By default: the vendor's content filter. */
  default Optional<String> refusal(ChatResponse response) {
    if (response.metadata() != null
        && response.metadata().finishReason() == FinishReason.CONTENT_FILTER) {
      String text = response.aiMessage() == null ? null : response.aiMessage().text();
      return Optional.of(
          text == null || text.isBlank() ? "the vendor's content filter stopped the answer" : text);
    }
    return Optional.empty();
  }

  /** A kind that overrides the one the HTTP status implies, e.g. Gemini's 400 for a bad key. */
  default Optional<FailureKind> classify(Throwable error) {
    return Optional.empty();
  }

  /** The vendor's own words for an error, for transports that are not {@link HttpTransport}. */
  default Optional<String> message(Throwable error) {
    return Optional.empty();
  }

  /** The vendor's {@code Retry-After}, for transports that are not {@link HttpTransport}. */
  default Optional<Duration> retryAfter(Throwable error) {
    return Optional.empty();
  }
}
