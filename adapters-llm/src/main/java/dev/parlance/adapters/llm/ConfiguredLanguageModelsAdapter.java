package dev.parlance.adapters.llm;

import dev.parlance.domain.completion.BatchCompletionPort;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.LanguageModelsPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The language models of this installation's configuration (keys in docs/design/llm.md): profiles
 * with their fallbacks, and offline batch folders that write OpenAI Batch files.
 */
final class ConfiguredLanguageModelsAdapter implements LanguageModelsPort {

  private static final Pattern PROFILE_KEY =
      Pattern.compile("parlance\\.llm\\.profiles\\.([^.]+)\\.provider");
  private static final Pattern PROFILE_VARIABLE =
      Pattern.compile("PARLANCE_LLM_PROFILES_([A-Za-z0-9]+)_PROVIDER");

  private final LlmSettings settings;
  private final Function<String, Optional<String>> values;
  private final Supplier<? extends Iterable<String>> settingNames;

  ConfiguredLanguageModelsAdapter(
      Function<String, Optional<String>> settings,
      Supplier<? extends Iterable<String>> settingNames) {
    this.settings = new LlmSettings(settings);
    this.values = settings;
    this.settingNames = settingNames;
  }

  @Override
  public List<ProfileSummary> profiles() {
    TreeSet<String> names = new TreeSet<>();
    for (String key : settingNames.get()) {
      Matcher m = PROFILE_KEY.matcher(key);
      if (m.matches()) {
        names.add(m.group(1));
      }
      Matcher v = PROFILE_VARIABLE.matcher(key);
      if (v.matches()) {
        names.add(v.group(1).toLowerCase(Locale.ROOT));
      }
    }
    names.remove(LlmSettings.DEFAULT);
    String chosen =
        values
            .apply("parlance.llm.profile")
            .map(String::strip)
            .filter(p -> !p.isEmpty())
            .orElse(LlmSettings.DEFAULT);
    List<ProfileSummary> out = new ArrayList<>();
    List<String> ordered = new ArrayList<>();
    if (settings.isConfigured(LlmSettings.DEFAULT)) {
      ordered.add(LlmSettings.DEFAULT);
    }
    ordered.addAll(names);
    for (String name : ordered) {
      boolean isDefault = name.equals(chosen);
      try {
        LlmSettings.LlmChoice choice =
            settings.choose(Optional.of(name), Optional.empty()).orElseThrow();
        out.add(new ProfileSummary(name, describe(choice), isDefault, Optional.empty()));
      } catch (RuntimeException e) {
        out.add(
            new ProfileSummary(
                name, "", isDefault, Optional.of(String.valueOf(e.getMessage()).strip())));
      }
    }
    return out;
  }

  // Vendor, model and address of the profile and its fallbacks; a URL's user part is left out.
  private static String describe(LlmSettings.LlmChoice choice) {
    StringBuilder text = new StringBuilder();
    for (LlmProfile p : choice.chain()) {
      if (!text.isEmpty()) {
        text.append(", then ").append(p.name()).append(": ");
      }
      text.append(p.describe().replaceAll("//[^/@\\s]*@", "//"));
    }
    return text.toString();
  }

  @Override
  public Optional<LanguageModel> choose(ModelRequest request) {
    Optional<LlmSettings.LlmChoice> choice = settings.choose(request.profile(), request.source());
    if (request.batchFolder().isEmpty()) {
      return choice.map(ConfiguredLanguageModelsAdapter::model);
    }
    LlmProfile base =
        choice
            .map(LlmSettings.LlmChoice::primary)
            .orElseGet(
                () ->
                    LlmProfile.of(
                        "batch",
                        Provider.OPENAI,
                        request
                            .batchModel()
                            .orElseThrow(
                                () ->
                                    new dev.parlance.adapters.llm.chat.LlmConfigurationException(
                                        "an offline batch folder needs the model its requests"
                                            + " name, or a configured profile"
                                            + " (PARLANCE_LLM_PROVIDER=openai"
                                            + " PARLANCE_LLM_MODEL=…)")),
                        null));
    // Batch files follow OpenAI's Batch API; Azure and compatible servers read the same files.
    Provider provider =
        base.provider() == Provider.AZURE_OPENAI || base.provider() == Provider.OPENAI_COMPATIBLE
            ? base.provider()
            : Provider.OPENAI;
    String modelName = request.batchModel().orElse(base.model());
    LlmProfile batch =
        new LlmProfile(
            base.name(),
            provider,
            modelName,
            base.apiKey(),
            base.baseUrl(),
            base.apiVersion(),
            base.timeout(),
            base.maxRetries(),
            modelName.equals(base.model()) ? base.price() : Optional.empty(),
            base.parallelism(),
            request.batchFolder());
    return Optional.of(model(new LlmSettings.LlmChoice(batch.name(), List.of(batch))));
  }

  private static LanguageModel model(LlmSettings.LlmChoice choice) {
    CompleteChatPort chat = LanguageModels.create(choice.chain());
    StringBuilder description =
        new StringBuilder(choice.profile() + ": " + choice.primary().describe());
    for (LlmProfile fallback : choice.chain().subList(1, choice.chain().size())) {
      description
          .append(", then ")
          .append(fallback.name())
          .append(": ")
          .append(fallback.describe());
    }
    String models =
        String.join(">", choice.chain().stream().map(LlmProfile::model).distinct().toList());
    return new LanguageModel(
        choice.profile(),
        description.toString(),
        models,
        chat,
        // A profile may itself be configured to answer from a batch folder (batch-dir).
        chat instanceof BatchCompletionPort batch ? Optional.of(batch) : Optional.empty());
  }

  @Override
  public String howToConfigure() {
    return LlmSettings.howToConfigure();
  }

  @Override
  public String remedy(LanguageModel model, CompletionFailure failure) {
    LlmSettings.LlmChoice choice =
        settings.choose(Optional.of(model.profile()), Optional.empty()).orElse(null);
    if (choice == null) {
      return "";
    }
    LlmProfile p =
        choice.chain().stream()
            .filter(x -> x.provider().id().equals(failure.vendor()))
            .findFirst()
            .orElse(choice.primary());
    String apiKey = LlmSettings.key(p.name(), "api-key");
    return switch (failure.kind()) {
      case AUTHENTICATION ->
          "check the key in "
              + apiKey
              + " ("
              + LlmSettings.environmentName(apiKey)
              + p.provider().keyVariable().map(v -> " or " + v).orElse("")
              + ")";
      case UNAVAILABLE ->
          p.provider() == Provider.OLLAMA ? "is Ollama running (ollama serve)?" : "";
      case BAD_REQUEST -> "check the model name in " + LlmSettings.key(p.name(), "model");
      default -> "";
    };
  }

  @Override
  public String priceHint(LanguageModel model) {
    return "set "
        + LlmSettings.key(model.profile(), "price.input")
        + " and price.output (US$ per million tokens)";
  }
}
