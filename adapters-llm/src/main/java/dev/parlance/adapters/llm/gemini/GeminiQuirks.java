package dev.parlance.adapters.llm.gemini;

import dev.langchain4j.exception.HttpException;
import dev.parlance.adapters.llm.chat.VendorQuirks;
import dev.parlance.domain.completion.FailureKind;
import java.util.Optional;

/** Gemini answers a wrong key with 400 INVALID_ARGUMENT and reason API_KEY_INVALID, not 401. */
final class GeminiQuirks implements VendorQuirks {

  @Override
  public Optional<FailureKind> classify(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof HttpException http
          && http.statusCode() == 400
          && http.getMessage() != null
          && http.getMessage().contains("API_KEY_INVALID")) {
        return Optional.of(FailureKind.AUTHENTICATION);
      }
    }
    return Optional.empty();
  }
}
