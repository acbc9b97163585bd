package dev.parlance.adapters.llm.chat;

import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The HTTP transport under every langchain4j vendor model Parlance builds: the JDK's client over
 * HTTP/1.1 (local servers such as vLLM dislike the h2c upgrade), which, unlike langchain4j's own,
 * keeps a refused call's {@code Retry-After} so the retry can honour it.
 */
public final class HttpTransport implements HttpClientBuilder {

  private Duration connectTimeout = Duration.ofSeconds(10);
  private Duration readTimeout = Duration.ofSeconds(60);

  public static HttpTransport builder() {
    return new HttpTransport();
  }

  @Override
  public Duration connectTimeout() {
    return connectTimeout;
  }

  @Override
  public HttpTransport connectTimeout(Duration timeout) {
    if (timeout != null) {
      this.connectTimeout = timeout;
    }
    return this;
  }

  @Override
  public Duration readTimeout() {
    return readTimeout;
  }

  @Override
  public HttpTransport readTimeout(Duration timeout) {
    if (timeout != null) {
      this.readTimeout = timeout;
    }
    return this;
  }

  @Override
  public HttpClient build() {
    return new Client(
        java.net.http.HttpClient.newBuilder()
            .version(java.net.http.HttpClient.Version.HTTP_1_1)
            .connectTimeout(connectTimeout)
            .build(),
        readTimeout);
  }

  private record Client(java.net.http.HttpClient http, Duration readTimeout) implements HttpClient {

    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
      java.net.http.HttpRequest.Builder builder =
          java.net.http.HttpRequest.newBuilder(URI.create(request.url())).timeout(readTimeout);
      request
          .headers()
          .forEach(
              (name, values) -> {
                if (values != null) {
                  values.forEach(v -> builder.header(name, v));
                }
              });
      if (!request.formDataFields().isEmpty() || !request.formDataFiles().isEmpty()) {
        throw new UnsupportedOperationException("Parlance sends no multipart requests");
      }
      builder.method(
          request.method().name(),
          request.body() == null
              ? java.net.http.HttpRequest.BodyPublishers.noBody()
              : java.net.http.HttpRequest.BodyPublishers.ofString(
                  request.body(), StandardCharsets.UTF_8));
      HttpResponse<byte[]> response;
      try {
        response = http.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
      } catch (HttpTimeoutException e) {
        throw new TimeoutException("no answer within " + readTimeout.toMillis() + " ms", e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new VendorUnreachableException(request.url(), e);
      } catch (IOException e) {
        throw new VendorUnreachableException(request.url(), e);
      }
      int status = response.statusCode();
      if (status < 200 || status >= 300) {
        throw new VendorHttpException(
            status,
            new String(response.body(), StandardCharsets.UTF_8),
            retryAfter(response.headers()));
      }
      return SuccessfulHttpResponse.builder()
          .statusCode(status)
          .headers(response.headers().map())
          .body(response.body())
          .build();
    }

    @Override
    public void execute(
        HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
      throw new UnsupportedOperationException("Parlance does not stream answers");
    }
  }

  /** {@code retry-after-ms} (OpenAI), else {@code retry-after} in seconds or as an HTTP date. */
  static Optional<Duration> retryAfter(HttpHeaders headers) {
    Optional<String> millis = headers.firstValue("retry-after-ms");
    if (millis.isPresent()) {
      try {
        return Optional.of(Duration.ofMillis((long) Double.parseDouble(millis.get().strip())));
      } catch (NumberFormatException ignored) {
        // fall through to retry-after
      }
    }
    return headers.firstValue("retry-after").flatMap(HttpTransport::parseRetryAfter);
  }

  /** A {@code Retry-After} value: seconds, or an HTTP date. */
  public static Optional<Duration> parseRetryAfter(String value) {
    String v = value.strip();
    try {
      return Optional.of(Duration.ofMillis((long) (Double.parseDouble(v) * 1000)));
    } catch (NumberFormatException notSeconds) {
      try {
        ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
        Duration wait = Duration.between(ZonedDateTime.now(at.getZone()), at);
        return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
      } catch (DateTimeParseException notADate) {
        return Optional.empty();
      }
    }
  }
}
