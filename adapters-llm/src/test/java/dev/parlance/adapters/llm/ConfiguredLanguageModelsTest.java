package dev.parlance.adapters.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.completion.LanguageModelConfigurationException;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.LanguageModelsPort.ModelRequest;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfiguredLanguageModelsTest {

  @TempDir Path folder;

  private static LanguageModelsPort models(Map<String, String> env) {
    return LanguageModels.configured(
        key ->
            Optional.ofNullable(env.get(LlmSettings.environmentName(key)))
                .or(() -> Optional.ofNullable(env.get(key))));
  }

  private static final Map<String, String> OPENAI =
      Map.of(
          "PARLANCE_LLM_PROVIDER", "openai",
          "PARLANCE_LLM_MODEL", "gpt-4o-mini",
          "PARLANCE_LLM_API_KEY", "sk-test",
          "PARLANCE_LLM_PROFILES_BACKUP_PROVIDER", "ollama",
          "PARLANCE_LLM_PROFILES_BACKUP_MODEL", "llama3.2",
          "PARLANCE_LLM_FALLBACK", "backup");

  @Test
  void should_describe_a_profile_with_its_fallbacks() {
    var model = models(OPENAI).choose(ModelRequest.of(Optional.empty(), Optional.empty()));

    assertThat(model).isPresent();
    assertThat(model.get().profile()).isEqualTo("default");
    assertThat(model.get().description())
        .isEqualTo("default: openai gpt-4o-mini, then backup: ollama llama3.2");
    assertThat(model.get().models()).isEqualTo("gpt-4o-mini>llama3.2");
    assertThat(model.get().batch()).isEmpty();
  }

  @Test
  void should_choose_nothing_when_nothing_is_configured() {
    assertThat(models(Map.of()).choose(ModelRequest.forSource("demo"))).isEmpty();
  }

  @Test
  void should_answer_from_a_batch_folder_with_the_model_its_requests_name() {
    var model =
        models(Map.of())
            .choose(
                new ModelRequest(
                    Optional.empty(),
                    Optional.empty(),
                    Optional.of(folder),
                    Optional.of("gpt-4.1-mini")));

    assertThat(model).isPresent();
    assertThat(model.get().models()).isEqualTo("gpt-4.1-mini");
    assertThat(model.get().batch()).isPresent();
    assertThat(model.get().batch().get().status().pendingFile().getParent()).isEqualTo(folder);
  }

  @Test
  void should_need_a_model_name_for_a_batch_folder_without_a_profile() {
    assertThatThrownBy(
            () ->
                models(Map.of())
                    .choose(
                        new ModelRequest(
                            Optional.empty(),
                            Optional.empty(),
                            Optional.of(folder),
                            Optional.empty())))
        .isInstanceOf(LanguageModelConfigurationException.class)
        .hasMessageContaining("needs the model its requests name");
  }

  @Test
  void should_name_the_key_to_check_when_the_vendor_refuses_the_key() {
    LanguageModelsPort models = models(OPENAI);
    var model = models.choose(ModelRequest.of(Optional.empty(), Optional.empty())).orElseThrow();
    var failure =
        new dev.parlance.domain.completion.CompletionFailure(
            dev.parlance.domain.completion.FailureKind.AUTHENTICATION,
            "openai",
            "gpt-4o-mini",
            "Incorrect API key provided",
            dev.parlance.domain.completion.TokenUsage.NONE,
            dev.parlance.domain.completion.Cost.ZERO,
            java.time.Duration.ZERO,
            1);

    assertThat(models.remedy(model, failure))
        .isEqualTo(
            "check the key in parlance.llm.api-key (PARLANCE_LLM_API_KEY or OPENAI_API_KEY)");
  }
}
