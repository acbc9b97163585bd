package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.PromptSizeUseCase;
import dev.parlance.application.benchmark.GovernanceBenchmarkUseCase;
import dev.parlance.application.benchmark.RetrievalBenchmarkUseCase;
import dev.parlance.application.curation.CurationRecallUseCase;
import dev.parlance.application.curation.EditCurationUseCase;
import dev.parlance.application.curation.PublishCurationUseCase;
import dev.parlance.application.curation.ReadCurationUseCase;
import dev.parlance.application.curation.SuggestCurationUseCase;
import dev.parlance.application.curation.ValidateCurationUseCase;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase;
import dev.parlance.application.evaluation.ScorePredictionsUseCase;
import dev.parlance.application.governance.ManagePoliciesUseCase;
import dev.parlance.application.governance.ReadAuditUseCase;
import dev.parlance.application.model.CheckLanguageModelUseCase;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.application.source.ManageSourcesUseCase;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's container: every use case an entry point calls, from the shared wiring. */
class ParlanceContainerTest {

  @TempDir Path home;

  @Test
  void should_give_every_use_case_lazily_and_open_nothing_until_one_is_used() {
    try (ParlanceContainer container = CliRun.container(home, Map.of())) {
      for (Class<?> useCase :
          List.of(
              AskQuestionUseCase.class,
              PromptSizeUseCase.class,
              GovernanceBenchmarkUseCase.class,
              RetrievalBenchmarkUseCase.class,
              CurationRecallUseCase.class,
              EditCurationUseCase.class,
              PublishCurationUseCase.class,
              ReadCurationUseCase.class,
              SuggestCurationUseCase.class,
              ValidateCurationUseCase.class,
              EvaluatePipelineUseCase.class,
              ScorePredictionsUseCase.class,
              ManagePoliciesUseCase.class,
              ReadAuditUseCase.class,
              CheckLanguageModelUseCase.class,
              RunQueryUseCase.class,
              SourceSchemaUseCase.class,
              IndexSourceUseCase.class,
              ManageSourcesUseCase.class)) {
        assertThat(container.get(useCase)).as(useCase.getSimpleName()).isNotNull();
      }
      assertThat(home.resolve("metadata")).doesNotExist();
    }
  }

  @Test
  void should_provision_the_demo_on_first_start_and_release_the_store_when_closed()
      throws Exception {
    try (ParlanceContainer container = CliRun.containerGeneratingTheDemo(home, Map.of())) {
      assertThat(container.get(ManageSourcesUseCase.class).list())
          .extracting(s -> s.name())
          .containsExactly("demo");
      assertThat(Files.list(home.resolve("databases")).toList()).hasSize(1);
    }
    // A second container on the same home opens the same store: nothing was left locked.
    try (ParlanceContainer container = CliRun.container(home, Map.of())) {
      QueryOutcome outcome =
          container
              .get(RunQueryUseCase.class)
              .run(
                  new RunQueryUseCase.Command(
                      "demo", UserIdentity.of("rita"), "SELECT count(*) FROM TB_IN"));
      assertThat(outcome).isInstanceOf(QueryOutcome.Ran.class);
      assertThat(container.get(ReadAuditUseCase.class).latest("demo", 5)).hasSize(1);
    }
  }
}
