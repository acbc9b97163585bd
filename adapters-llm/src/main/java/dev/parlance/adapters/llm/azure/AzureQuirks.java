package dev.parlance.adapters.llm.azure;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpResponse;
import dev.parlance.adapters.llm.chat.HttpTransport;
import dev.parlance.adapters.llm.chat.VendorMessages;
import dev.parlance.adapters.llm.chat.VendorQuirks;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** Azure's SDK reports errors as its own {@link HttpResponseException}; its headers and body. */
final class AzureQuirks implements VendorQuirks {

  private static final HttpHeaderName RETRY_AFTER_MS = HttpHeaderName.fromString("retry-after-ms");

  @Override
  public Optional<String> message(Throwable error) {
    return azureError(error)
        .map(
            e -> {
              String status =
                  e.getResponse() == null ? "" : "HTTP " + e.getResponse().getStatusCode() + ": ";
              if (e.getValue() instanceof Map<?, ?> body
                  && body.get("error") instanceof Map<?, ?> inner
                  && inner.get("message") instanceof String message) {
                return status + VendorMessages.oneLine(message);
              }
              return status + VendorMessages.oneLine(String.valueOf(e.getMessage()));
            });
  }

  @Override
  public Optional<Duration> retryAfter(Throwable error) {
    return azureError(error)
        .map(HttpResponseException::getResponse)
        .flatMap(AzureQuirks::retryAfter);
  }

  private static Optional<Duration> retryAfter(HttpResponse response) {
    String millis = response.getHeaderValue(RETRY_AFTER_MS);
    if (millis != null) {
      try {
        return Optional.of(Duration.ofMillis((long) Double.parseDouble(millis.strip())));
      } catch (NumberFormatException ignored) {
        // fall through to Retry-After
      }
    }
    String value = response.getHeaderValue(HttpHeaderName.RETRY_AFTER);
    return value == null ? Optional.empty() : HttpTransport.parseRetryAfter(value);
  }

  private static Optional<HttpResponseException> azureError(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof HttpResponseException e) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }
}
