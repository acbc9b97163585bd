package dev.parlance.application.ask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.application.source.SourceNotReadyException;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.FakeLanguageModels;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Asking as entry points do: the source, the model and the indexes checked before the pipeline. */
class AskQuestionUseCaseTest {

  private static final UserIdentity RITA = UserIdentity.of("rita");
  private static final CompleteChatPort MODEL = request -> Completions.of();

  private final List<AskQuestionUseCase.Command> asked = new ArrayList<>();
  private final List<CompleteChatPort> models = new ArrayList<>();
  private final List<String> started = new ArrayList<>();
  private IndexSourceUseCase.IndexState state = new IndexSourceUseCase.Ready();

  private final DataSourcesPort sources =
      new DataSourcesPort() {
        @Override
        public Optional<DataSource> find(String name) {
          return name.equals("plant")
              ? Optional.of(DataSource.of("plant", "jdbc:sqlite:p.sqlite", Credentials.none()))
              : Optional.empty();
        }

        @Override
        public List<DataSource> all() {
          return List.of();
        }

        @Override
        public void save(DataSource source) {}

        @Override
        public boolean remove(String name) {
          return false;
        }
      };

  private final IndexSourceUseCase indexing =
      new IndexSourceUseCase() {
        @Override
        public IndexState state(String source) {
          return state;
        }

        @Override
        public void start(String source) {
          started.add(source);
        }

        @Override
        public void awaitReady(String source, Progress progress) {
          state = new Ready();
        }
      };

  private AskQuestionService service(FakeLanguageModels languageModels) {
    return new AskQuestionService(
        sources,
        languageModels,
        indexing,
        (command, llm, progress) -> {
          asked.add(command);
          models.add(llm);
          return null;
        },
        source -> Optional.of(StrategyName.C3));
  }

  @Test
  void should_ask_the_pipeline_with_the_chosen_model_and_the_sources_strategy() {
    service(FakeLanguageModels.of(MODEL))
        .ask(AskQuestionUseCase.Command.of("plant", "how many?", RITA));

    assertThat(asked)
        .extracting(AskQuestionUseCase.Command::strategy)
        .containsExactly(Optional.of(StrategyName.C3));
    assertThat(models).containsExactly(MODEL);
  }

  @Test
  void should_keep_the_commands_own_strategy() {
    service(FakeLanguageModels.of(MODEL))
        .ask(
            new AskQuestionUseCase.Command(
                "plant", "how many?", RITA, Optional.of(StrategyName.DIN), OptionalInt.of(3)));

    assertThat(asked.getFirst().strategy()).contains(StrategyName.DIN);
    assertThat(asked.getFirst().candidates()).hasValue(3);
  }

  @Test
  void should_pass_a_vote_across_strategies_and_a_declared_example_pool_to_the_pipeline() {
    ExamplePool pool = ExamplePool.verified(List.of());
    service(FakeLanguageModels.of(MODEL))
        .ask(
            AskQuestionUseCase.Command.of("plant", "how many?", RITA)
                .votingAcross(List.of(StrategyName.DIRECT, StrategyName.TA_SQL))
                .withExamples(pool));

    assertThat(asked.getFirst().voteAcross())
        .containsExactly(StrategyName.DIRECT, StrategyName.TA_SQL);
    assertThat(asked.getFirst().examples()).containsSame(pool);
    // The source's own strategy (C3 here) does not join the vote nor replace it.
    assertThat(asked.getFirst().strategy()).isEmpty();
  }

  @Test
  void should_start_indexing_and_say_so_instead_of_indexing_inside_the_question() {
    state = new IndexSourceUseCase.NotReady("no schema index");

    assertThatThrownBy(
            () ->
                service(FakeLanguageModels.of(MODEL))
                    .ask(AskQuestionUseCase.Command.of("plant", "how many?", RITA)))
        .isInstanceOf(SourceNotReadyException.class)
        .hasMessageContaining("not indexed yet");
    assertThat(started).containsExactly("plant");
    assertThat(asked).isEmpty();
  }

  @Test
  void should_say_how_far_a_build_under_way_is() {
    state = new IndexSourceUseCase.Indexing("embedding", 1, 4);

    assertThatThrownBy(
            () ->
                service(FakeLanguageModels.of(MODEL))
                    .ask(AskQuestionUseCase.Command.of("plant", "how many?", RITA)))
        .hasMessage("source plant is being indexed (embedding, 25%); ask again when it is ready");
    assertThat(started).isEmpty();
  }

  @Test
  void should_answer_while_the_vectors_are_built_once_the_source_is_searchable_by_words() {
    state = new IndexSourceUseCase.Indexing("embedding", 1, 4, true);

    service(FakeLanguageModels.of(MODEL))
        .ask(AskQuestionUseCase.Command.of("plant", "how many?", RITA));

    assertThat(asked).hasSize(1);
    assertThat(started).isEmpty();
  }

  @Test
  void should_wait_for_the_indexes_when_preparing_then_answer() {
    state = new IndexSourceUseCase.NotReady("no schema index");
    AskQuestionService service = service(FakeLanguageModels.of(MODEL));

    service.prepare("plant", Optional.empty(), Progress.silent());
    service.ask(AskQuestionUseCase.Command.of("plant", "how many?", RITA));

    assertThat(asked).hasSize(1);
  }

  @Test
  void should_name_an_unknown_source_or_a_missing_model_before_touching_the_indexes() {
    state = new IndexSourceUseCase.NotReady("no schema index");

    assertThatThrownBy(
            () ->
                service(FakeLanguageModels.of(MODEL))
                    .ask(AskQuestionUseCase.Command.of("nope", "how many?", RITA)))
        .isInstanceOf(UnknownSourceException.class);
    assertThatThrownBy(
            () ->
                service(FakeLanguageModels.none())
                    .prepare("plant", Optional.empty(), Progress.silent()))
        .isInstanceOf(NoLanguageModelException.class);
    assertThat(started).isEmpty();
  }
}
