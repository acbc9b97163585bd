package dev.parlance.adapters.llm.ollama;

import static dev.parlance.adapters.llm.testing.WireServer.recorded;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.adapters.llm.testing.VendorWireContract;
import dev.parlance.adapters.llm.testing.WireServer.Reply;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.FailureKind;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OllamaChatsTest extends VendorWireContract {

  @Override
  protected CompleteChatPort port(Duration timeout) {
    return OllamaChats.builder()
        .baseUrl(server.baseUrl())
        .model("llama3.2")
        .timeout(timeout)
        .retry(retry())
        .price(PRICE)
        .build();
  }

  @Override
  protected RecordedAnswer recordedAnswer() {
    return new RecordedAnswer("Maintenance_order(installation id, status)", 212, 17, "llama3.2");
  }

  @Override
  protected Reply success() {
    return recorded(200, "ollama/chat-success.json");
  }

  /** Ollama's own overload answer is 503 "server busy" (OLLAMA_MAX_QUEUE exceeded). */
  @Override
  protected Reply rateLimit() {
    return recorded(503, "ollama/busy.json");
  }

  @Override
  protected Reply serverError() {
    return recorded(500, "ollama/runner-terminated.json");
  }

  /** A local model declines in prose; there is no refusal signal on the wire. */
  @Override
  protected Optional<Reply> refusal() {
    return Optional.empty();
  }

  @Override
  protected Optional<Reply> invalidKey() {
    return Optional.empty();
  }

  @Test
  void should_send_options_and_no_streaming_in_ollama_wire_format() throws IOException {
    server.replies(success());

    port(PATIENT).complete(QUESTION.withTemperature(0.5).withMaxTokens(256));

    var request = server.last();
    assertThat(request.path()).isEqualTo("/api/chat");
    assertThat(request.header("Authorization")).isNull();
    JsonNode body = new ObjectMapper().readTree(request.body());
    assertThat(body.path("model").asText()).isEqualTo("llama3.2");
    assertThat(body.path("stream").asBoolean(true)).isFalse();
    assertThat(body.path("options").path("temperature").asDouble()).isEqualTo(0.5);
    assertThat(body.path("options").path("num_predict").asInt()).isEqualTo(256);
    assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("system");
  }

  @Test
  void should_keep_sql_wrapped_in_prose_and_fences_exactly_as_written() {
    server.replies(recorded(200, "ollama/chat-sql-in-fences.json"));

    Completion c = port(PATIENT).complete(QUESTION).first();

    assertThat(c.text())
        .startsWith("Sure! Here's the SQL query:\n\n```\nSELECT")
        .endsWith("Let me know if you need anything else.");
    assertThat(c.usage().promptTokens()).isEqualTo(401);
    assertThat(c.usage().completionTokens()).isEqualTo(81);
  }

  @Test
  void should_return_a_prose_refusal_as_text_for_the_parser_to_reject() {
    server.replies(recorded(200, "ollama/chat-prose-refusal.json"));

    Completion c = port(PATIENT).complete(QUESTION).first();

    assertThat(c.text()).isEqualTo("I can't help with that request.");
  }

  @Test
  void should_say_to_pull_the_model_when_ollama_does_not_have_it() {
    server.replies(recorded(404, "ollama/model-not-found.json"));

    CompletionFailure failure = port(PATIENT).complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.kind()).isEqualTo(FailureKind.BAD_REQUEST);
    assertThat(failure.message())
        .isEqualTo("HTTP 404: model \"llama9\" not found, try pulling it first");
    assertThat(server.received()).hasSize(1);
  }

  @Test
  void should_send_a_bearer_token_when_ollama_sits_behind_a_proxy_with_a_key() {
    server.replies(success());

    OllamaChats.builder()
        .baseUrl(server.baseUrl())
        .model("llama3.2")
        .apiKey("proxy-token")
        .build()
        .complete(QUESTION)
        .first();

    assertThat(server.last().header("Authorization")).isEqualTo("Bearer proxy-token");
  }
}
