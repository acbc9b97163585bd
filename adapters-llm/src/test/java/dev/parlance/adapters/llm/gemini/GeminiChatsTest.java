package dev.parlance.adapters.llm.gemini;

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
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GeminiChatsTest extends VendorWireContract {

  @Override
  protected CompleteChatPort port(Duration timeout) {
    return GeminiChats.builder()
        .baseUrl(server.baseUrl() + "/v1beta")
        .apiKey("AIza-test")
        .model("gemini-2.0-flash")
        .timeout(timeout)
        .retry(retry())
        .price(PRICE)
        .build();
  }

  @Override
  protected RecordedAnswer recordedAnswer() {
    return new RecordedAnswer(
        "Maintenance_order(installation id, status)", 212, 17, "gemini-2.0-flash");
  }

  @Override
  protected Reply success() {
    return recorded(200, "gemini/generate-success.json");
  }

  @Override
  protected Reply rateLimit() {
    return recorded(429, "gemini/resource-exhausted.json");
  }

  @Override
  protected Reply serverError() {
    return recorded(503, "gemini/overloaded.json");
  }

  @Override
  protected Optional<Reply> refusal() {
    return Optional.of(recorded(200, "gemini/blocked-safety.json"));
  }

  /** Gemini says 400 INVALID_ARGUMENT with reason API_KEY_INVALID, not 401. */
  @Override
  protected Optional<Reply> invalidKey() {
    return Optional.of(recorded(400, "gemini/invalid-key.json"));
  }

  @Test
  void should_send_the_key_header_system_instruction_and_generation_config() throws IOException {
    server.replies(success());

    port(PATIENT).complete(QUESTION.withTemperature(0.5).withMaxTokens(256));

    var request = server.last();
    assertThat(request.path()).isEqualTo("/v1beta/models/gemini-2.0-flash:generateContent");
    assertThat(request.header("x-goog-api-key")).isEqualTo("AIza-test");
    JsonNode body = new ObjectMapper().readTree(request.body());
    assertThat(body.path("generationConfig").path("temperature").asDouble()).isEqualTo(0.5);
    assertThat(body.path("generationConfig").path("maxOutputTokens").asInt()).isEqualTo(256);
    assertThat(body.path("systemInstruction").toString()).contains("You write SQL.");
    assertThat(body.path("contents").get(0).path("role").asText()).isEqualTo("user");
  }

  @Test
  void should_keep_sql_in_fences_exactly_as_written() {
    server.replies(recorded(200, "gemini/generate-sql-in-fences.json"));

    Completion c = port(PATIENT).complete(QUESTION).first();

    assertThat(c.text()).startsWith("```sql\nSELECT i.IN_NM").contains("LIMIT 1;\n```");
    // 395 × $2.50/M + 58 × $10/M = $0.0009875 + $0.00058
    assertThat(c.cost().usd()).isEqualByComparingTo("0.0015675");
  }

  @Test
  void should_back_off_when_gemini_sends_no_retry_after() {
    server.replies(rateLimit(), success());

    port(PATIENT).complete(QUESTION).first();

    assertThat(pauses).hasSize(1);
    assertThat(pauses.getFirst()).isBetween(Duration.ofMillis(500), Duration.ofSeconds(1));
  }

  @Test
  void should_name_the_safety_block_when_gemini_refuses() {
    server.replies(refusal().orElseThrow());

    CompletionFailure failure = port(PATIENT).complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.message()).contains("content filter");
    assertThat(failure.usage().promptTokens()).isEqualTo(31);
  }

  // langchain4j 1.18.1 reads a reply without candidates as broken and drops promptFeedback, so a
  // prompt Gemini blocks before answering shows as malformed, not as refused (docs/design/llm.md).
  @Test
  void should_fail_as_malformed_when_gemini_blocks_the_prompt_before_answering() {
    server.replies(recorded(200, "gemini/prompt-blocked.json"));

    CompletionFailure failure = port(PATIENT).complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.kind())
        .isEqualTo(dev.parlance.domain.completion.FailureKind.MALFORMED_ANSWER);
  }

  @Test
  void should_keep_googles_words_when_the_key_is_rejected() {
    server.replies(invalidKey().orElseThrow());

    CompletionFailure failure = port(PATIENT).complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.message())
        .isEqualTo("HTTP 400: API key not valid. Please pass a valid API key.");
  }

  @Test
  void should_refuse_to_build_when_the_key_is_missing() {
    assertThatThrownBy(() -> GeminiChats.builder().model("gemini-2.0-flash").build())
        .isInstanceOf(LlmConfigurationException.class)
        .hasMessageContaining("GEMINI_API_KEY");
  }
}
