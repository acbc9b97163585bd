package dev.parlance.adapters.llm.azure;

import static dev.parlance.adapters.llm.testing.WireServer.recorded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.ai.openai.OpenAIClient;
import com.azure.ai.openai.OpenAIClientBuilder;
import com.azure.ai.openai.OpenAIServiceVersion;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.policy.AddHeadersPolicy;
import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import dev.langchain4j.model.azure.AzureOpenAiChatModel;
import dev.parlance.adapters.llm.chat.ChatOptions;
import dev.parlance.adapters.llm.chat.LlmConfigurationException;
import dev.parlance.adapters.llm.chat.RetryPolicy;
import dev.parlance.adapters.llm.testing.WireServer;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.completion.ModelPrice;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Azure's SDK refuses to send a key over plain HTTP, so these tests hand the adapter a model over a
 * pre-built client that adds the {@code api-key} header itself; the wire format is Azure's.
 */
class AzureOpenAiChatsTest {

  private final WireServer server = WireServer.start();
  private final List<Duration> pauses = new ArrayList<>();

  @AfterEach
  void stop() {
    server.close();
  }

  private CompleteChatPort port() {
    OpenAIClient client =
        new OpenAIClientBuilder()
            .endpoint(server.baseUrl())
            .serviceVersion(OpenAIServiceVersion.V2024_06_01)
            .addPolicy(
                new AddHeadersPolicy(
                    new HttpHeaders().set(HttpHeaderName.fromString("api-key"), "azure-test")))
            .retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ZERO)))
            .buildClient();
    AzureOpenAiChatModel model =
        AzureOpenAiChatModel.builder().openAIClient(client).deploymentName("gpt-4o-mini").build();
    return AzureOpenAiChats.wrap(
        model,
        ChatOptions.of("azure-openai", "gpt-4o-mini")
            .withPrice(ModelPrice.perMillion("0.165", "0.66"))
            .withRetry(RetryPolicy.defaults().withMaxRetries(2).withPause(pauses::add)));
  }

  @Test
  void should_return_text_tokens_and_cost_when_azure_answers() {
    server.replies(recorded(200, "azure/chat-success.json"));

    Completion c = port().complete(CompletionRequest.of("Open orders per site?")).first();

    assertThat(c.text()).contains("Maintenance_order(installation id, status)");
    assertThat(c.vendor()).isEqualTo("azure-openai");
    assertThat(c.usage().promptTokens()).isEqualTo(212);
    assertThat(c.usage().completionTokens()).isEqualTo(17);
    // 212 × $0.165/M + 17 × $0.66/M = $0.00003498 + $0.00001122
    assertThat(c.cost().usd()).isEqualByComparingTo("0.0000462");
    var request = server.last();
    assertThat(request.path()).isEqualTo("/openai/deployments/gpt-4o-mini/chat/completions");
    assertThat(request.query()).isEqualTo("api-version=2024-06-01");
    assertThat(request.header("api-key")).isEqualTo("azure-test");
  }

  /**
   * Azure's client (the Azure SDK's own HTTP stack, https only) cannot be pointed at a stand-in.
   */
  @Test
  void should_say_it_cannot_rehearse_and_send_nothing() {
    assertThat(port().rehearse()).isFalse();
    assertThat(server.received()).isEmpty();
  }

  @Test
  void should_honour_azures_retry_after_when_rate_limited() {
    server.replies(
        recorded(429, "azure/rate-limit.json").withHeader("retry-after", "7"),
        recorded(200, "azure/chat-success.json"));

    Completion c = port().complete(CompletionRequest.of("Open orders per site?")).first();

    assertThat(c.attempts()).isEqualTo(2);
    assertThat(pauses).containsExactly(Duration.ofSeconds(7));
  }

  @Test
  void should_keep_azures_words_when_rate_limited_for_too_long() {
    server.replies(recorded(429, "azure/rate-limit.json").withHeader("retry-after", "600"));

    CompletionFailure failure =
        port().complete(CompletionRequest.of("Open orders per site?")).firstFailure().orElseThrow();

    assertThat(failure.kind()).isEqualTo(FailureKind.RATE_LIMITED);
    assertThat(failure.message())
        .startsWith("HTTP 429: Requests to the ChatCompletions_Create Operation")
        .endsWith("(the vendor asks to wait 600 s)");
  }

  @Test
  void should_refuse_to_build_with_a_plain_http_endpoint() {
    assertThatThrownBy(
            () ->
                AzureOpenAiChats.builder()
                    .baseUrl("http://example.openai.azure.com/")
                    .apiKey("k")
                    .model("gpt-4o-mini")
                    .build())
        .isInstanceOf(LlmConfigurationException.class)
        .hasMessageContaining("https://");
  }

  @Test
  void should_refuse_to_build_without_a_key() {
    assertThatThrownBy(
            () ->
                AzureOpenAiChats.builder()
                    .baseUrl("https://example.openai.azure.com/")
                    .model("gpt-4o-mini")
                    .build())
        .isInstanceOf(LlmConfigurationException.class)
        .hasMessageContaining("AZURE_OPENAI_API_KEY");
  }

  @Test
  void should_build_from_endpoint_key_deployment_and_version() {
    CompleteChatPort port =
        AzureOpenAiChats.builder()
            .baseUrl("https://example.openai.azure.com/")
            .apiKey("k")
            .model("gpt-4o-mini")
            .apiVersion("2024-06-01")
            .build();

    assertThat(port).isNotNull();
  }
}
