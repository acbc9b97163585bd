package dev.parlance.adapters.llm.mistral;

import static dev.parlance.adapters.llm.testing.WireServer.recorded;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.adapters.llm.chat.RetryPolicy;
import dev.parlance.adapters.llm.testing.WireServer;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.ModelPrice;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MistralChatsTest {

  private final WireServer server = WireServer.start();
  private final List<Duration> pauses = new ArrayList<>();

  @AfterEach
  void stop() {
    server.close();
  }

  private CompleteChatPort port() {
    return MistralChats.builder()
        .baseUrl(server.baseUrl() + "/v1")
        .apiKey("mistral-test")
        .model("mistral-small-latest")
        .price(ModelPrice.perMillion("0.10", "0.30"))
        .retry(RetryPolicy.defaults().withMaxRetries(2).withPause(pauses::add))
        .build();
  }

  @Test
  void should_return_text_tokens_and_cost_when_mistral_answers() throws IOException {
    server.replies(recorded(200, "mistral/chat-success.json"));

    Completion c =
        port().complete(CompletionRequest.of("You write SQL.", "Open orders per site?")).first();

    assertThat(c.text())
        .isEqualTo(
            "Installation(name, installation id), Maintenance_order(installation id, status)");
    assertThat(c.vendor()).isEqualTo("mistral");
    assertThat(c.model()).isEqualTo("mistral-small-latest");
    assertThat(c.usage().promptTokens()).isEqualTo(212);
    assertThat(c.usage().completionTokens()).isEqualTo(17);
    // 212 × $0.10/M + 17 × $0.30/M = $0.0000212 + $0.0000051
    assertThat(c.cost().usd()).isEqualByComparingTo("0.0000263");
    var request = server.last();
    assertThat(request.path()).isEqualTo("/v1/chat/completions");
    assertThat(request.header("Authorization")).isEqualTo("Bearer mistral-test");
    JsonNode body = new ObjectMapper().readTree(request.body());
    assertThat(body.path("model").asText()).isEqualTo("mistral-small-latest");
  }

  @Test
  void should_rehearse_the_whole_call_without_a_request_to_mistral() {
    assertThat(port().rehearse()).isTrue();
    assertThat(server.received()).isEmpty();
  }

  @Test
  void should_answer_after_a_retry_when_mistral_rate_limits() {
    server.replies(
        recorded(429, "mistral/rate-limit.json"), recorded(200, "mistral/chat-success.json"));

    Completion c = port().complete(CompletionRequest.of("Open orders per site?")).first();

    assertThat(c.attempts()).isEqualTo(2);
    assertThat(pauses).hasSize(1);
  }
}
