package dev.parlance.adapters.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.adapters.llm.chat.LlmConfigurationException;
import dev.parlance.domain.completion.ModelPrice;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LlmSettingsTest {

  // As MicroProfile Config reads them: a key through its environment name, a variable by its name.
  private static LlmSettings settings(Map<String, String> env) {
    return new LlmSettings(
        key ->
            Optional.ofNullable(env.get(LlmSettings.environmentName(key)))
                .or(() -> Optional.ofNullable(env.get(key))));
  }

  private static final Optional<String> NONE = Optional.empty();

  @Test
  void should_choose_nothing_when_no_provider_is_configured() {
    assertThat(settings(Map.of("OPENAI_API_KEY", "sk-x")).choose(NONE, NONE)).isEmpty();
  }

  @Test
  void should_read_the_default_profile_from_environment_variables_and_the_vendors_key() {
    LlmProfile p =
        settings(
                Map.of(
                    "PARLANCE_LLM_PROVIDER", "openai",
                    "PARLANCE_LLM_MODEL", "gpt-4o-mini",
                    "OPENAI_API_KEY", "sk-vendor",
                    "PARLANCE_LLM_TIMEOUT", "90s",
                    "PARLANCE_LLM_MAX_RETRIES", "5",
                    "PARLANCE_LLM_PRICE_INPUT", "0.15",
                    "PARLANCE_LLM_PRICE_OUTPUT", "0.60"))
            .choose(NONE, NONE)
            .orElseThrow()
            .primary();

    assertThat(p.name()).isEqualTo("default");
    assertThat(p.provider()).isEqualTo(Provider.OPENAI);
    assertThat(p.model()).isEqualTo("gpt-4o-mini");
    assertThat(p.apiKey()).contains("sk-vendor");
    assertThat(p.timeout()).isEqualTo(Duration.ofSeconds(90));
    assertThat(p.maxRetries()).isEqualTo(5);
    assertThat(p.price()).contains(ModelPrice.perMillion("0.15", "0.60"));
  }

  @Test
  void should_prefer_parlances_own_key_over_the_vendors_variable() {
    LlmProfile p =
        settings(
                Map.of(
                    "PARLANCE_LLM_PROVIDER", "anthropic",
                    "PARLANCE_LLM_MODEL", "claude-3-5-haiku-latest",
                    "PARLANCE_LLM_API_KEY", "sk-parlance",
                    "ANTHROPIC_API_KEY", "sk-vendor"))
            .choose(NONE, NONE)
            .orElseThrow()
            .primary();

    assertThat(p.apiKey()).contains("sk-parlance");
  }

  @Test
  void should_choose_the_command_lines_profile_then_the_sources_then_the_configured_one() {
    LlmSettings s =
        settings(
            Map.of(
                "PARLANCE_LLM_PROVIDER", "openai",
                "PARLANCE_LLM_MODEL", "gpt-4o-mini",
                "PARLANCE_LLM_PROFILE", "local",
                "PARLANCE_LLM_PROFILES_LOCAL_PROVIDER", "ollama",
                "PARLANCE_LLM_PROFILES_LOCAL_MODEL", "llama3.2",
                "PARLANCE_LLM_PROFILES_CLAUDE_PROVIDER", "anthropic",
                "PARLANCE_LLM_PROFILES_CLAUDE_MODEL", "claude-3-5-haiku-latest",
                "PARLANCE_SOURCES_DEMO_LLM", "claude"));

    assertThat(s.choose(Optional.of("default"), Optional.of("demo")).orElseThrow().profile())
        .isEqualTo("default");
    assertThat(s.choose(NONE, Optional.of("demo")).orElseThrow().profile()).isEqualTo("claude");
    assertThat(s.choose(NONE, Optional.of("spider")).orElseThrow().profile()).isEqualTo("local");
    assertThat(s.choose(NONE, NONE).orElseThrow().primary().baseUrl()).isEmpty();
  }

  @Test
  void should_follow_the_fallback_list_in_order_and_stop_at_loops() {
    LlmSettings s =
        settings(
            Map.of(
                "PARLANCE_LLM_PROVIDER", "openai",
                "PARLANCE_LLM_MODEL", "gpt-4o-mini",
                "PARLANCE_LLM_FALLBACK", "claude, local",
                "PARLANCE_LLM_PROFILES_CLAUDE_PROVIDER", "anthropic",
                "PARLANCE_LLM_PROFILES_CLAUDE_MODEL", "claude-3-5-haiku-latest",
                "PARLANCE_LLM_PROFILES_CLAUDE_FALLBACK", "default",
                "PARLANCE_LLM_PROFILES_LOCAL_PROVIDER", "ollama",
                "PARLANCE_LLM_PROFILES_LOCAL_MODEL", "llama3.2",
                "PARLANCE_LLM_PROFILES_LOCAL_BASE_URL", "http://gpu-box:11434"));

    var chain = s.choose(NONE, NONE).orElseThrow().chain();

    assertThat(chain).extracting(LlmProfile::name).containsExactly("default", "claude", "local");
    assertThat(chain.get(2).describe()).isEqualTo("ollama llama3.2 at http://gpu-box:11434");
  }

  @Test
  void should_say_which_key_to_set_when_a_named_profile_does_not_exist() {
    assertThatThrownBy(() -> settings(Map.of()).choose(Optional.of("gpu"), NONE))
        .isInstanceOf(LlmConfigurationException.class)
        .hasMessage(
            "no LLM profile 'gpu': set parlance.llm.profiles.gpu.provider (or"
                + " PARLANCE_LLM_PROFILES_GPU_PROVIDER)");
  }

  @Test
  void should_say_which_key_to_set_when_the_model_is_missing() {
    assertThatThrownBy(() -> settings(Map.of("PARLANCE_LLM_PROVIDER", "gemini")).choose(NONE, NONE))
        .isInstanceOf(LlmConfigurationException.class)
        .hasMessageContaining("needs a model: set parlance.llm.model (or PARLANCE_LLM_MODEL)");
  }

  @Test
  void should_name_the_known_providers_when_the_provider_is_unknown() {
    assertThatThrownBy(
            () ->
                settings(Map.of("PARLANCE_LLM_PROVIDER", "openia", "PARLANCE_LLM_MODEL", "x"))
                    .choose(NONE, NONE))
        .hasMessageContaining("unknown LLM provider 'openia'")
        .hasMessageContaining("openai, azure-openai, anthropic, gemini, mistral, ollama");
  }

  @Test
  void should_price_a_model_from_the_price_table_when_its_profile_has_no_price() {
    LlmProfile p =
        settings(
                Map.of(
                    "PARLANCE_LLM_PROVIDER", "mistral",
                    "PARLANCE_LLM_MODEL", "mistral-small-latest",
                    "PARLANCE_LLM_PRICES_MISTRAL_SMALL_LATEST_INPUT", "0.10",
                    "PARLANCE_LLM_PRICES_MISTRAL_SMALL_LATEST_OUTPUT", "0.30"))
            .choose(NONE, NONE)
            .orElseThrow()
            .primary();

    assertThat(p.price()).contains(ModelPrice.perMillion("0.10", "0.30"));
  }

  @Test
  void should_take_azures_endpoint_from_its_usual_variable() {
    LlmProfile p =
        settings(
                Map.of(
                    "PARLANCE_LLM_PROVIDER", "azure-openai",
                    "PARLANCE_LLM_MODEL", "my-gpt4o-deployment",
                    "AZURE_OPENAI_ENDPOINT", "https://acme.openai.azure.com/",
                    "AZURE_OPENAI_API_KEY", "azure-key",
                    "PARLANCE_LLM_API_VERSION", "2024-10-21"))
            .choose(NONE, NONE)
            .orElseThrow()
            .primary();

    assertThat(p.baseUrl()).contains("https://acme.openai.azure.com/");
    assertThat(p.apiKey()).contains("azure-key");
    assertThat(p.apiVersion()).contains("2024-10-21");
  }

  @Test
  void should_read_durations_in_seconds_milliseconds_minutes_and_iso() {
    assertThat(LlmSettings.duration("k", "60")).isEqualTo(Duration.ofSeconds(60));
    assertThat(LlmSettings.duration("k", "500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(LlmSettings.duration("k", "2m")).isEqualTo(Duration.ofMinutes(2));
    assertThat(LlmSettings.duration("k", "PT1M30S")).isEqualTo(Duration.ofSeconds(90));
    assertThatThrownBy(() -> LlmSettings.duration("k", "soon"))
        .hasMessageContaining("k must be a duration");
  }
}
