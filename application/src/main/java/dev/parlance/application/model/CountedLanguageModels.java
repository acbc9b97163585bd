package dev.parlance.application.model;

import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.ModelCall;
import dev.parlance.domain.completion.ModelCallsPort;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The configured language models, each request they answer written to the ledger of model calls
 * with what it was for ({@link LanguageModelsPort.ModelRequest#purpose()}), its source, its calls,
 * tokens and cost. Every model Parlance uses is chosen here, so the ledger misses none; a ledger
 * that cannot write never costs the user the answer.
 */
public final class CountedLanguageModels implements LanguageModelsPort {

  private static final System.Logger LOG = System.getLogger(CountedLanguageModels.class.getName());

  private final LanguageModelsPort models;
  private final ModelCallsPort ledger;
  private final Clock clock;

  public CountedLanguageModels(LanguageModelsPort models, ModelCallsPort ledger, Clock clock) {
    this.models = models;
    this.ledger = ledger;
    this.clock = clock;
  }

  @Override
  public Optional<LanguageModel> choose(ModelRequest request) {
    return models
        .choose(request)
        .map(
            m ->
                new LanguageModel(
                    m.profile(),
                    m.description(),
                    m.models(),
                    counted(m.chat(), request, m.profile()),
                    m.batch()));
  }

  // Each request the model answers is written to the ledger; a rehearsal reaches no vendor and is
  // not counted.
  private CompleteChatPort counted(CompleteChatPort chat, ModelRequest request, String profile) {
    return new CompleteChatPort() {
      @Override
      public boolean rehearse() {
        return chat.rehearse();
      }

      @Override
      public Completions complete(CompletionRequest completion) {
        return countedAnswer(chat, completion, request, profile);
      }
    };
  }

  private Completions countedAnswer(
      CompleteChatPort chat, CompletionRequest completion, ModelRequest request, String profile) {
    Completions answered = chat.complete(completion);
    int calls = answered.completions().size() + answered.failures().size();
    if (calls > 0) {
      try {
        ledger.record(
            new ModelCall(
                clock.instant(),
                request.purpose(),
                request.source().orElse(""),
                profile,
                calls,
                answered.usage(),
                answered.cost()));
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.WARNING, "the ledger of model calls missed one", e);
      }
    }
    return answered;
  }

  @Override
  public String howToConfigure() {
    return models.howToConfigure();
  }

  @Override
  public String remedy(LanguageModel model, dev.parlance.domain.completion.CompletionFailure f) {
    return models.remedy(model, f);
  }

  @Override
  public String priceHint(LanguageModel model) {
    return models.priceHint(model);
  }

  @Override
  public List<ProfileSummary> profiles() {
    return models.profiles();
  }
}
