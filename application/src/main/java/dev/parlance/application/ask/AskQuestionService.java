package dev.parlance.application.ask;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.application.source.SourceNotReadyException;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.LanguageModelsPort.LanguageModel;
import dev.parlance.domain.completion.LanguageModelsPort.ModelRequest;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.Optional;
import java.util.function.Function;

/**
 * Asking a question: a known source whose indexes are ready, the model the command names (else the
 * source's, else the default), then the question pipeline.
 */
public final class AskQuestionService implements AskQuestionUseCase {

  private final DataSourcesPort sources;
  private final LanguageModelsPort models;
  private final IndexSourceUseCase indexing;
  private final QuestionPipeline pipeline;
  private final Function<String, Optional<StrategyName>> sourceStrategies;

  /**
   * @param sourceStrategies the strategy a source is configured with, if any (a command's own
   *     strategy wins)
   */
  public AskQuestionService(
      DataSourcesPort sources,
      LanguageModelsPort models,
      IndexSourceUseCase indexing,
      QuestionPipeline pipeline,
      Function<String, Optional<StrategyName>> sourceStrategies) {
    this.sources = sources;
    this.models = models;
    this.indexing = indexing;
    this.pipeline = pipeline;
    this.sourceStrategies = sourceStrategies;
  }

  @Override
  public void prepare(String source, Optional<String> modelProfile, Progress progress) {
    model(source, modelProfile);
    indexing.awaitReady(source, progress);
    sources.find(source).ifPresent(pipeline::prepare);
  }

  private LanguageModel model(String source, Optional<String> profile) {
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
    return models
        .choose(new ModelRequest(profile, Optional.of(source), Optional.empty(), Optional.empty()))
        .orElseThrow(
            () -> new NoLanguageModelException("answering a question", models.howToConfigure()));
  }

  @Override
  public Answer ask(Command command, Progress progress) {
    LanguageModel model = model(command.source(), command.modelProfile());
    IndexSourceUseCase.IndexState state = indexing.state(command.source());
    // A source searchable by its words while its vectors are computed answers already.
    boolean searchable =
        state instanceof IndexSourceUseCase.Indexing building && building.searchable();
    if (!(state instanceof IndexSourceUseCase.Ready) && !searchable) {
      if (state instanceof IndexSourceUseCase.NotReady) {
        indexing.start(command.source());
      }
      throw new SourceNotReadyException(command.source(), state);
    }
    // A vote across strategies names its strategies: the source's own one does not join it.
    Optional<StrategyName> strategy =
        command.voteAcross().isEmpty()
            ? command.strategy().or(() -> sourceStrategies.apply(command.source()))
            : command.strategy();
    return pipeline.ask(
        new Command(
            command.source(),
            command.question(),
            command.user(),
            strategy,
            command.candidates(),
            command.modelProfile(),
            command.baseline(),
            command.ownExampleHidden(),
            command.previous(),
            command.voteAcross(),
            command.examples()),
        model.chat(),
        progress);
  }
}
