package dev.parlance.adapters.llm.compatible;

import static dev.parlance.adapters.llm.testing.WireServer.recorded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.adapters.llm.chat.LlmConfigurationException;
import dev.parlance.adapters.llm.testing.WireServer;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenAiCompatibleChatsTest {

  private final WireServer server = WireServer.start();

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void should_answer_from_a_vllm_server_without_a_key() {
    server.replies(recorded(200, "vllm/chat-success.json"));

    Completion c =
        OpenAiCompatibleChats.builder()
            .baseUrl(server.baseUrl() + "/v1")
            .model("Qwen/Qwen2.5-7B-Instruct")
            .build()
            .complete(CompletionRequest.of("Open orders per site?"))
            .first();

    assertThat(c.text()).contains("Maintenance_order(installation id, status)");
    assertThat(c.vendor()).isEqualTo("openai-compatible");
    assertThat(c.model()).isEqualTo("Qwen/Qwen2.5-7B-Instruct");
    assertThat(c.usage().totalTokens()).isEqualTo(229);
    assertThat(c.cost().isKnown()).isFalse();
    assertThat(server.last().path()).isEqualTo("/v1/chat/completions");
    assertThat(server.last().header("Authorization")).isNull();
  }

  @Test
  void should_rehearse_the_whole_call_without_a_request_to_the_server() {
    CompleteChatPort port =
        OpenAiCompatibleChats.builder()
            .baseUrl(server.baseUrl() + "/v1")
            .model("Qwen/Qwen2.5-7B-Instruct")
            .build();

    assertThat(port.rehearse()).isTrue();
    assertThat(server.received()).isEmpty();
  }

  @Test
  void should_send_the_key_when_the_server_wants_one() {
    server.replies(recorded(200, "vllm/chat-success.json"));

    OpenAiCompatibleChats.builder()
        .baseUrl(server.baseUrl() + "/v1")
        .model("Qwen/Qwen2.5-7B-Instruct")
        .apiKey("lm-studio")
        .build()
        .complete(CompletionRequest.of("Open orders per site?"))
        .first();

    assertThat(server.last().header("Authorization")).isEqualTo("Bearer lm-studio");
  }

  @Test
  void should_refuse_to_build_without_a_base_url() {
    assertThatThrownBy(() -> OpenAiCompatibleChats.builder().model("qwen").build())
        .isInstanceOf(LlmConfigurationException.class)
        .hasMessage("An OpenAI-compatible server needs a base URL (parlance.llm.base-url)");
  }

  @Test
  void should_refuse_to_build_with_a_base_url_that_is_not_http() {
    assertThatThrownBy(
            () ->
                OpenAiCompatibleChats.builder().model("qwen").baseUrl("localhost:8000/v1").build())
        .isInstanceOf(LlmConfigurationException.class)
        .hasMessageContaining("is not an http(s) URL");
  }
}
