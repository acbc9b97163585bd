package dev.parlance.adapters.llm.anthropic;

import static dev.parlance.adapters.llm.testing.WireServer.recorded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.adapters.llm.chat.LlmConfigurationException;
import dev.parlance.adapters.llm.testing.VendorWireContract;
import dev.parlance.adapters.llm.testing.WireServer.Reply;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.completion.TokenUsage;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AnthropicChatsTest extends VendorWireContract {

  @Override
  protected CompleteChatPort port(Duration timeout) {
    return AnthropicChats.builder()
        .baseUrl(server.baseUrl() + "/v1/")
        .apiKey("sk-ant-test")
        .model("claude-3-5-haiku-latest")
        .timeout(timeout)
        .retry(retry())
        .price(PRICE)
        .build();
  }

  @Override
  protected RecordedAnswer recordedAnswer() {
    return new RecordedAnswer(
        "Maintenance_order(installation id, status)", 212, 17, "claude-3-5-haiku-20241022");
  }

  @Override
  protected Reply success() {
    return recorded(200, "anthropic/messages-success.json");
  }

  @Override
  protected Reply rateLimit() {
    return recorded(429, "anthropic/rate-limit.json").withHeader("retry-after", "7");
  }

  /** Anthropic's own overload status, 529. */
  @Override
  protected Reply serverError() {
    return recorded(529, "anthropic/overloaded.json");
  }

  @Override
  protected Optional<Reply> refusal() {
    return Optional.of(recorded(200, "anthropic/refusal.json"));
  }

  @Override
  protected Optional<Reply> invalidKey() {
    return Optional.of(recorded(401, "anthropic/invalid-key.json"));
  }

  @Test
  void should_send_the_system_prompt_key_and_version_in_anthropic_wire_format() throws IOException {
    server.replies(success());

    port(PATIENT).complete(QUESTION.withTemperature(0.5).withMaxTokens(256));

    var request = server.last();
    assertThat(request.path()).isEqualTo("/v1/messages");
    assertThat(request.header("x-api-key")).isEqualTo("sk-ant-test");
    assertThat(request.header("anthropic-version")).isNotBlank();
    JsonNode body = new ObjectMapper().readTree(request.body());
    assertThat(body.path("model").asText()).isEqualTo("claude-3-5-haiku-latest");
    assertThat(body.path("max_tokens").asInt()).isEqualTo(256);
    assertThat(body.path("temperature").asDouble()).isEqualTo(0.5);
    assertThat(body.path("system").toString()).contains("You write SQL.");
    assertThat(body.path("messages")).hasSize(1);
    assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("user");
  }

  @Test
  void should_keep_sql_wrapped_in_prose_and_fences_exactly_as_written() {
    server.replies(recorded(200, "anthropic/messages-sql-in-fences.json"));

    Completion c = port(PATIENT).complete(QUESTION).first();

    assertThat(c.text())
        .startsWith("I'll count the open maintenance orders per installation.\n\n```sql\n")
        .endsWith("LIMIT 1;\n```");
    // 401 × $2.50/M + 66 × $10/M = $0.0010025 + $0.00066
    assertThat(c.cost().usd()).isEqualByComparingTo("0.0016625");
  }

  @Test
  void should_honour_the_retry_after_of_a_rate_limit() {
    server.replies(rateLimit(), success());

    port(PATIENT).complete(QUESTION).first();

    assertThat(pauses).containsExactly(Duration.ofSeconds(7));
  }

  @Test
  void should_count_the_billed_tokens_of_a_refusal() {
    server.replies(refusal().orElseThrow());

    CompletionFailure failure = port(PATIENT).complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.kind()).isEqualTo(FailureKind.REFUSED);
    assertThat(failure.message()).contains("stop_reason refusal");
    assertThat(failure.usage()).isEqualTo(new TokenUsage(54, 3));
    assertThat(failure.model()).isEqualTo("claude-sonnet-4-20250514");
  }

  @Test
  void should_report_anthropics_words_when_the_key_is_rejected() {
    server.replies(invalidKey().orElseThrow());

    CompletionFailure failure = port(PATIENT).complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.message()).isEqualTo("HTTP 401: invalid x-api-key");
  }

  @Test
  void should_retry_when_anthropic_is_overloaded() {
    server.replies(serverError(), success());

    Completion c = port(PATIENT).complete(QUESTION).first();

    assertThat(c.attempts()).isEqualTo(2);
  }

  @Test
  void should_refuse_to_build_when_the_key_is_missing() {
    assertThatThrownBy(() -> AnthropicChats.builder().model("claude-3-5-haiku-latest").build())
        .isInstanceOf(LlmConfigurationException.class)
        .hasMessageContaining("ANTHROPIC_API_KEY");
  }
}
