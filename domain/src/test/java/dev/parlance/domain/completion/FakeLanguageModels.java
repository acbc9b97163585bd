package dev.parlance.domain.completion;

import java.util.Optional;

/** Language models for tests: one chat port for every request, or none configured. */
public final class FakeLanguageModels implements LanguageModelsPort {

  public static final String HOW_TO_CONFIGURE = "set parlance.llm.provider and parlance.llm.model";

  private final Optional<CompleteChatPort> chat;

  private FakeLanguageModels(Optional<CompleteChatPort> chat) {
    this.chat = chat;
  }

  public static FakeLanguageModels of(CompleteChatPort chat) {
    return new FakeLanguageModels(Optional.of(chat));
  }

  public static FakeLanguageModels of(Optional<CompleteChatPort> chat) {
    return new FakeLanguageModels(chat);
  }

  public static FakeLanguageModels none() {
    return new FakeLanguageModels(Optional.empty());
  }

  @Override
  public Optional<LanguageModel> choose(ModelRequest request) {
    return chat.map(
        c ->
            new LanguageModel(
                request.profile().orElse("default"),
                "default: fake",
                "fake",
                c,
                c instanceof BatchCompletionPort b ? Optional.of(b) : Optional.empty()));
  }

  @Override
  public String howToConfigure() {
    return HOW_TO_CONFIGURE;
  }

  @Override
  public String remedy(LanguageModel model, CompletionFailure failure) {
    return "";
  }

  @Override
  public String priceHint(LanguageModel model) {
    return "";
  }
}
