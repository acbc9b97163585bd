package dev.parlance.domain.completion;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The language models this installation is configured with: which one answers a request, and how a
 * user fixes a model that is missing or failing. The configuration's own words (setting names) stay
 * with the implementation.
 */
public interface LanguageModelsPort {

  /**
   * The model for a request: the named profile, else the source's, else the default profile; with
   * an offline batch folder, a model that answers from (and queues into) that folder. Empty when
   * nothing asked for a profile and none is configured.
   *
   * @throws LanguageModelConfigurationException when the named or configured profile cannot work
   */
  Optional<LanguageModel> choose(ModelRequest request);

  /** The settings that configure a model, several lines, for a user who has none. */
  String howToConfigure();

  /** What to change when {@code model} failed this way (e.g. the key's setting), or "". */
  String remedy(LanguageModel model, CompletionFailure failure);

  /** How to give a model without a known price one, or "". */
  String priceHint(LanguageModel model);

  /**
   * The configured profiles by name, the default first: what each is (vendor, model, address and
   * fallbacks, never a key) and what keeps it from working, if its settings cannot.
   */
  default List<ProfileSummary> profiles() {
    return List.of();
  }

  /**
   * One configured profile as an admin sees it.
   *
   * @param isDefault whether questions use it when nothing names another
   * @param problem why its settings cannot work, when they cannot
   */
  record ProfileSummary(
      String name, String description, boolean isDefault, Optional<String> problem) {
    public ProfileSummary {
      Objects.requireNonNull(name, "name");
      description = Objects.requireNonNullElse(description, "");
      problem = Objects.requireNonNullElse(problem, Optional.empty());
    }
  }

  /**
   * Which model to use: a profile and a source (both optional), an offline batch folder; and what
   * the calls are for, which the ledger of model calls records ({@link ModelPurpose#ANSWER} unless
   * said).
   */
  record ModelRequest(
      Optional<String> profile,
      Optional<String> source,
      Optional<Path> batchFolder,
      Optional<String> batchModel,
      ModelPurpose purpose) {
    public ModelRequest {
      profile = Objects.requireNonNullElse(profile, Optional.empty());
      source = Objects.requireNonNullElse(source, Optional.empty());
      batchFolder = Objects.requireNonNullElse(batchFolder, Optional.empty());
      batchModel = Objects.requireNonNullElse(batchModel, Optional.empty());
      purpose = Objects.requireNonNullElse(purpose, ModelPurpose.ANSWER);
    }

    /** A request for answers. */
    public ModelRequest(
        Optional<String> profile,
        Optional<String> source,
        Optional<Path> batchFolder,
        Optional<String> batchModel) {
      this(profile, source, batchFolder, batchModel, ModelPurpose.ANSWER);
    }

    public static ModelRequest of(Optional<String> profile, Optional<String> source) {
      return new ModelRequest(profile, source, Optional.empty(), Optional.empty());
    }

    public static ModelRequest forSource(String source) {
      return of(Optional.empty(), Optional.of(source));
    }

    /** The same request, its calls made for {@code newPurpose}. */
    public ModelRequest forPurpose(ModelPurpose newPurpose) {
      return new ModelRequest(profile, source, batchFolder, batchModel, newPurpose);
    }
  }

  /**
   * A usable model.
   *
   * @param profile the profile's name ({@code default} for the top-level settings)
   * @param description the profile and its fallbacks, e.g. {@code default: openai gpt-4o-mini}
   * @param models the model names in fallback order joined by {@code >}, e.g. for run names
   * @param batch present when the model answers from an offline batch folder
   */
  record LanguageModel(
      String profile,
      String description,
      String models,
      CompleteChatPort chat,
      Optional<BatchCompletionPort> batch) {
    public LanguageModel {
      Objects.requireNonNull(profile, "profile");
      Objects.requireNonNull(description, "description");
      Objects.requireNonNull(models, "models");
      Objects.requireNonNull(chat, "chat");
      batch = Objects.requireNonNullElse(batch, Optional.empty());
    }
  }
}
