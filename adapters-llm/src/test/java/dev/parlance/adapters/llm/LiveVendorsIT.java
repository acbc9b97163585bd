package dev.parlance.adapters.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.retrieval.HallucinateSchemaService;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.retrieval.HallucinatedSchema;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Real vendors, real keys: each test runs only when its vendor's key (or, for Ollama, a model name)
 * is in the environment. Models can be changed with {@code PARLANCE_IT_<VENDOR>_MODEL}.
 */
class LiveVendorsIT {

  private static final CompletionRequest TINY =
      CompletionRequest.of("Reply with the single word: ready").withMaxTokens(16);

  private static String env(String name, String fallback) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? fallback : v;
  }

  private static CompleteChatPort port(Provider provider, String model, String keyVariable) {
    LlmProfile profile =
        LlmProfile.of(
            "it", provider, model, keyVariable == null ? null : System.getenv(keyVariable));
    return LanguageModels.create(profile);
  }

  private static void assertAnswers(CompleteChatPort port) {
    Completion c = port.complete(TINY).first();
    assertThat(c.text()).isNotBlank();
    assertThat(c.usage().promptTokens()).isPositive();
    assertThat(c.usage().completionTokens()).isPositive();
    assertThat(c.latency()).isPositive();
  }

  @Test
  @EnabledIfEnvironmentVariable(named = "OPENAI_API_KEY", matches = ".+")
  void should_answer_and_hallucinate_a_schema_when_openai_is_reachable() {
    CompleteChatPort openai =
        port(Provider.OPENAI, env("PARLANCE_IT_OPENAI_MODEL", "gpt-4o-mini"), "OPENAI_API_KEY");

    assertAnswers(openai);
    HallucinatedSchema schema =
        new HallucinateSchemaService(openai)
            .hallucinate("Which installation has the most open maintenance orders?");
    assertThat(schema.probes()).isNotEmpty();
  }

  @Test
  @EnabledIfEnvironmentVariable(named = "ANTHROPIC_API_KEY", matches = ".+")
  void should_answer_when_anthropic_is_reachable() {
    assertAnswers(
        port(
            Provider.ANTHROPIC,
            env("PARLANCE_IT_ANTHROPIC_MODEL", "claude-3-5-haiku-latest"),
            "ANTHROPIC_API_KEY"));
  }

  @Test
  @EnabledIfEnvironmentVariable(named = "GEMINI_API_KEY", matches = ".+")
  void should_answer_when_gemini_is_reachable() {
    assertAnswers(
        port(
            Provider.GEMINI,
            env("PARLANCE_IT_GEMINI_MODEL", "gemini-2.0-flash"),
            "GEMINI_API_KEY"));
  }

  @Test
  @EnabledIfEnvironmentVariable(named = "MISTRAL_API_KEY", matches = ".+")
  void should_answer_when_mistral_is_reachable() {
    assertAnswers(
        port(
            Provider.MISTRAL,
            env("PARLANCE_IT_MISTRAL_MODEL", "mistral-small-latest"),
            "MISTRAL_API_KEY"));
  }

  @Test
  @EnabledIfEnvironmentVariable(named = "AZURE_OPENAI_API_KEY", matches = ".+")
  @EnabledIfEnvironmentVariable(named = "AZURE_OPENAI_ENDPOINT", matches = "https://.+")
  @EnabledIfEnvironmentVariable(named = "AZURE_OPENAI_DEPLOYMENT", matches = ".+")
  void should_answer_when_azure_openai_is_reachable() {
    LlmProfile profile =
        LlmProfile.of(
                "it",
                Provider.AZURE_OPENAI,
                System.getenv("AZURE_OPENAI_DEPLOYMENT"),
                System.getenv("AZURE_OPENAI_API_KEY"))
            .withBaseUrl(System.getenv("AZURE_OPENAI_ENDPOINT"));

    assertAnswers(LanguageModels.create(profile));
  }

  @Test
  @EnabledIfEnvironmentVariable(named = "PARLANCE_IT_OLLAMA_MODEL", matches = ".+")
  void should_answer_when_a_local_ollama_serves_the_model() {
    LlmProfile profile =
        LlmProfile.of("it", Provider.OLLAMA, System.getenv("PARLANCE_IT_OLLAMA_MODEL"), null)
            .withBaseUrl(Optional.ofNullable(System.getenv("OLLAMA_BASE_URL")).orElse(null));

    assertAnswers(LanguageModels.create(profile));
  }
}
