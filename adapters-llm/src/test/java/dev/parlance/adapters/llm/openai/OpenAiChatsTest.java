package dev.parlance.adapters.llm.openai;

import static dev.parlance.adapters.llm.testing.WireServer.recorded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.parlance.adapters.llm.chat.ChatOptions;
import dev.parlance.adapters.llm.chat.HttpTransport;
import dev.parlance.adapters.llm.chat.LlmConfigurationException;
import dev.parlance.adapters.llm.testing.VendorWireContract;
import dev.parlance.adapters.llm.testing.WireServer.Reply;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.FailureKind;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OpenAiChatsTest extends VendorWireContract {

  @Override
  protected CompleteChatPort port(Duration timeout) {
    return OpenAiChats.builder()
        .baseUrl(server.baseUrl() + "/v1")
        .apiKey("sk-test")
        .model("gpt-4o-mini")
        .timeout(timeout)
        .retry(retry())
        .price(PRICE)
        .build();
  }

  @Override
  protected RecordedAnswer recordedAnswer() {
    return new RecordedAnswer(
        "Maintenance_order(installation id, status)", 212, 17, "gpt-4o-mini-2024-07-18");
  }

  @Override
  protected Reply success() {
    return recorded(200, "openai/chat-success.json");
  }

  @Override
  protected Reply rateLimit() {
    return recorded(429, "openai/rate-limit.json").withHeader("retry-after", "20");
  }

  @Override
  protected Reply serverError() {
    return recorded(500, "openai/server-error.json");
  }

  @Override
  protected Optional<Reply> refusal() {
    return Optional.of(recorded(200, "openai/refusal.json"));
  }

  @Override
  protected Optional<Reply> invalidKey() {
    return Optional.of(recorded(401, "openai/invalid-key.json"));
  }

  @Test
  void should_send_model_messages_temperature_and_token_cap_in_openai_wire_format()
      throws IOException {
    server.replies(success());

    port(PATIENT).complete(QUESTION.withTemperature(0.7).withMaxTokens(300));

    var request = server.last();
    assertThat(request.method()).isEqualTo("POST");
    assertThat(request.path()).isEqualTo("/v1/chat/completions");
    assertThat(request.header("Authorization")).isEqualTo("Bearer sk-test");
    JsonNode body = new ObjectMapper().readTree(request.body());
    assertThat(body.path("model").asText()).isEqualTo("gpt-4o-mini");
    assertThat(body.path("temperature").asDouble()).isEqualTo(0.7);
    assertThat(body.path("max_tokens").asInt()).isEqualTo(300);
    assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("system");
    assertThat(body.path("messages").get(1).path("content").asText())
        .isEqualTo("Which installation has the most open maintenance orders?");
  }

  @Test
  void should_cost_the_recorded_tokens_at_the_configured_price_when_the_vendor_answers() {
    server.replies(success());

    Completion c = port(PATIENT).complete(QUESTION).first();

    // 212 × $2.50/M + 17 × $10/M = $0.00053 + $0.00017
    assertThat(c.cost().usd()).isEqualByComparingTo("0.0007");
    assertThat(c.usage().totalTokens()).isEqualTo(229);
  }

  @Test
  void should_keep_sql_wrapped_in_prose_and_fences_exactly_as_written() {
    server.replies(recorded(200, "openai/chat-sql-in-fences.json"));

    Completion c = port(PATIENT).complete(QUESTION).first();

    assertThat(c.text())
        .startsWith("Here is a query that answers it:\n\n```sql\nSELECT i.IN_NM")
        .contains("ORDER BY open_orders DESC\nLIMIT 1;\n```\n\nIt counts");
    assertThat(c.usage().promptTokens()).isEqualTo(388);
    assertThat(c.usage().completionTokens()).isEqualTo(74);
  }

  @Test
  void should_mark_the_answer_truncated_when_the_token_cap_cut_it() {
    server.replies(recorded(200, "openai/chat-truncated.json"));

    Completion c = port(PATIENT).complete(QUESTION.withMaxTokens(16)).first();

    assertThat(c.truncated()).isTrue();
  }

  @Test
  void should_wait_as_long_as_the_vendor_asks_when_rate_limited() {
    server.replies(rateLimit(), success());

    port(PATIENT).complete(QUESTION).first();

    assertThat(pauses).containsExactly(Duration.ofSeconds(20));
  }

  @Test
  void should_stop_retrying_when_the_vendor_asks_for_a_longer_wait_than_allowed() {
    server.replies(rateLimit().withHeader("retry-after", "3600"), success());

    Completions result = port(PATIENT).complete(QUESTION);

    CompletionFailure failure = result.firstFailure().orElseThrow();
    assertThat(failure.kind()).isEqualTo(FailureKind.RATE_LIMITED);
    assertThat(failure.message()).contains("Rate limit reached").contains("wait 3600 s");
    assertThat(pauses).isEmpty();
  }

  @Test
  void should_back_off_exponentially_when_the_vendor_sends_no_retry_after() {
    server.replies(serverError());

    port(PATIENT).complete(QUESTION);

    assertThat(pauses).hasSize(2);
    assertThat(pauses.get(0)).isBetween(Duration.ofMillis(500), Duration.ofSeconds(1));
    assertThat(pauses.get(1)).isBetween(Duration.ofSeconds(1), Duration.ofSeconds(2));
  }

  @Test
  void should_report_the_vendors_own_words_when_the_key_is_rejected() {
    server.replies(invalidKey().orElseThrow());

    CompletionFailure failure = port(PATIENT).complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.message())
        .isEqualTo(
            "HTTP 401: Incorrect API key provided: sk-bad***************************wxyz. You can"
                + " find your API key at https://platform.openai.com/account/api-keys.");
    assertThat(failure.describe()).startsWith("openai gpt-4o-mini: AUTHENTICATION: HTTP 401");
  }

  @Test
  void should_keep_the_refusal_and_its_tokens_when_the_model_refuses() {
    server.replies(refusal().orElseThrow());

    Completions result = port(PATIENT).complete(QUESTION);

    CompletionFailure failure = result.firstFailure().orElseThrow();
    assertThat(failure.message()).isEqualTo("I'm sorry, but I can't assist with that request.");
  }

  @Test
  void should_fail_as_bad_request_without_retrying_when_the_model_does_not_exist() {
    server.replies(recorded(404, "openai/model-not-found.json"));

    CompletionFailure failure = port(PATIENT).complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.kind()).isEqualTo(FailureKind.BAD_REQUEST);
    assertThat(failure.message()).contains("The model `gpt-9` does not exist");
    assertThat(server.received()).hasSize(1);
  }

  @Test
  void should_fail_as_unavailable_without_retrying_when_nothing_listens() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    CompleteChatPort port =
        OpenAiChats.builder()
            .baseUrl("http://127.0.0.1:" + closedPort + "/v1")
            .apiKey("sk-test")
            .model("gpt-4o-mini")
            .retry(retry())
            .build();

    CompletionFailure failure = port.complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.kind()).isEqualTo(FailureKind.UNAVAILABLE);
    assertThat(failure.message()).startsWith("could not reach http://127.0.0.1:" + closedPort);
    assertThat(failure.attempts()).isEqualTo(1);
  }

  @Test
  void should_report_the_cost_as_unknown_when_no_price_is_configured() {
    server.replies(success());
    CompleteChatPort unpriced =
        OpenAiChats.builder()
            .baseUrl(server.baseUrl() + "/v1")
            .apiKey("sk-test")
            .model("gpt-4o-mini")
            .build();

    Completion c = unpriced.complete(QUESTION).first();

    assertThat(c.cost().isKnown()).isFalse();
    assertThat(c.cost().display()).startsWith("unknown");
  }

  @Test
  void should_refuse_to_build_with_a_one_line_hint_when_the_key_is_missing() {
    assertThatThrownBy(() -> OpenAiChats.builder().model("gpt-4o-mini").build())
        .isInstanceOf(LlmConfigurationException.class)
        .hasMessage(
            "OpenAI needs an API key: set PARLANCE_LLM_API_KEY (parlance.llm.api-key) or"
                + " OPENAI_API_KEY");
  }

  @Test
  void should_answer_through_a_prebuilt_model_when_the_transport_is_swapped() {
    server.replies(success());
    OpenAiChatModel model =
        OpenAiChatModel.builder()
            .baseUrl(server.baseUrl() + "/v1")
            .apiKey("sk-prebuilt")
            .modelName("gpt-4o-mini")
            .httpClientBuilder(HttpTransport.builder())
            .maxRetries(0)
            .build();

    Completion c =
        OpenAiChats.wrap(model, ChatOptions.of("openai", "gpt-4o-mini").withPrice(PRICE))
            .complete(QUESTION)
            .first();

    assertThat(c.text()).contains("Installation(name, installation id)");
    assertThat(server.last().header("Authorization")).isEqualTo("Bearer sk-prebuilt");
  }
}
