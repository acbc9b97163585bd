package dev.parlance.application.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Questions;
import dev.parlance.application.evaluation.PipelineBenchmarkUseCase.Comparison;
import dev.parlance.application.evaluation.PipelineBenchmarkUseCase.ModelChoice;
import dev.parlance.application.evaluation.PipelineBenchmarkUseCase.Request;
import dev.parlance.application.evaluation.PipelineBenchmarkUseCase.Starting;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.evaluation.BenchmarkRunsPort;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationDataset;
import dev.parlance.domain.evaluation.ExecutionOutcome;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.SqlShape;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * bench e2e as a use case: the run's name and identity, its logs, the run beside it, the model
 * choice — over the real evaluation with an empty benchmark (nothing to ask) and fakes at the
 * ports.
 */
class PipelineBenchmarkServiceTest {

  private final List<String> events = new ArrayList<>();
  private final Map<String, MemoryLog> logs = new HashMap<>();
  private final List<EvaluatePipelineUseCase.Command> commands = new ArrayList<>();
  private Optional<LanguageModelsPort.LanguageModel> configured =
      Optional.of(
          new LanguageModelsPort.LanguageModel(
              "default",
              "default: openai gpt-4o-mini",
              "gpt-4o-mini",
              request -> {
                throw new AssertionError("nothing to ask");
              },
              Optional.empty()));

  /** An in-memory run log. */
  private static final class MemoryLog implements PipelineRunLogPort {
    Map<String, String> configuration;

    @Override
    public Optional<Map<String, String>> configuration() {
      return Optional.ofNullable(configuration);
    }

    @Override
    public void start(Map<String, String> c) {
      configuration = Map.copyOf(c);
    }

    @Override
    public List<PipelineAnswer> answers() {
      return List.of();
    }

    @Override
    public void append(PipelineAnswer answer) {}

    @Override
    public String location() {
      return "memory";
    }
  }

  private final BenchmarkRunsPort runs =
      new BenchmarkRunsPort() {
        @Override
        public String location(String run) {
          return "runs/" + run;
        }

        @Override
        public PipelineRunLogPort open(String run, String strategy) {
          events.add("open " + run + "/" + strategy);
          return logs.computeIfAbsent(run + "/" + strategy, k -> new MemoryLog());
        }

        @Override
        public void setAside(String run, String strategy) {
          events.add("aside " + run + "/" + strategy);
          logs.remove(run + "/" + strategy);
        }
      };

  private PipelineBenchmarkService service() {
    EvaluationBenchmark empty =
        new EvaluationBenchmark(
            "spider-dev", "test gold", List.of(), Map.of(), List.of(), List.of(), List.of());
    EvaluatePipelineService real =
        new EvaluatePipelineService(
            new EvaluatePipelineService.Ports(
                (dataset, dir) -> empty,
                file -> {
                  throw new AssertionError("no verified questions here");
                },
                new NoSources(),
                () -> {
                  throw new AssertionError("nothing to ask");
                },
                new NeverIndexed(),
                (db, sql, limits) -> ExecutionOutcome.failed("no such"),
                source -> new SchemaCatalog(source.name(), List.of()),
                (sql, catalog) -> new SqlShape(true, Set.of(), Set.of(), false, Optional.empty())));
    EvaluatePipelineUseCase recording =
        (command, llm, logsOf, watch) -> {
          commands.add(command);
          return real.evaluate(command, llm, logsOf, watch);
        };
    LanguageModelsPort models =
        new LanguageModelsPort() {
          @Override
          public Optional<LanguageModel> choose(ModelRequest request) {
            return configured;
          }

          @Override
          public String howToConfigure() {
            return "set PARLANCE_LLM_PROVIDER";
          }

          @Override
          public String remedy(LanguageModel model, CompletionFailure failure) {
            return "";
          }

          @Override
          public String priceHint(LanguageModel model) {
            return "";
          }
        };
    return new PipelineBenchmarkService(
        recording,
        models,
        runs,
        AskSettings.defaults(),
        "bge-small-en-v15-q",
        Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));
  }

  private static Request request(
      Comparison comparison, boolean baseline, Optional<String> run, boolean fresh) {
    return new Request(
        new Questions.Benchmark(EvaluationDataset.SPIDER_DEV, Path.of("data")),
        List.of(),
        OptionalInt.empty(),
        OptionalInt.empty(),
        Set.of(),
        true,
        Optional.empty(),
        JaccardThresholds.DEFAULTS,
        new UserIdentity("parlance-bench", Set.of(), Map.of()),
        baseline,
        OptionalInt.empty(),
        comparison,
        true,
        new ModelChoice(Optional.empty(), Optional.empty(), Optional.empty()),
        run,
        fresh);
  }

  private PipelineBenchmarkUseCase.Watch watch() {
    return new PipelineBenchmarkUseCase.Watch(
        (Starting s) ->
            events.add(
                "start "
                    + s.run()
                    + " at "
                    + s.location()
                    + (s.compared() ? " (compared)" : "")
                    + " m"
                    + s.candidates()
                    + " "
                    + s.model()),
        EvaluatePipelineUseCase.Watch.silent());
  }

  @Test
  void should_name_the_run_after_dataset_m_and_model_and_log_its_identity_when_no_name_is_given() {
    PipelineBenchmarkUseCase.Outcome outcome =
        service().run(request(Comparison.NONE, false, Optional.empty(), false), watch());

    String name = "spider-dev-m" + AskSettings.defaults().candidates() + "-gpt-4o-mini";
    assertThat(events)
        .containsExactly(
            "start " + name + " at runs/" + name + " m5 gpt-4o-mini", "open " + name + "/direct");
    Map<String, String> identity = commands.getFirst().runIdentity();
    assertThat(identity)
        .containsEntry("model", "gpt-4o-mini")
        .containsEntry("embedding-model", "bge-small-en-v15-q")
        .containsKeys("temperature", "schema-budget", "hallucinate", "whole-schema-tokens");
    Map<String, String> shared = new java.util.LinkedHashMap<>(identity);
    shared.keySet().removeIf(k -> k.startsWith(EvaluatePipelineService.RB_SQL_ONLY));
    assertThat(logs.get(name + "/direct").configuration).containsAllEntriesOf(shared);
    // RB-SQL's settings name RB-SQL's logs only: a direct log reads as it did before rb-sql.
    assertThat(identity).containsKey(EvaluatePipelineService.RB_SQL_ONLY + "rb-sql-theta");
    assertThat(logs.get(name + "/direct").configuration.keySet())
        .noneMatch(k -> k.contains("rb-sql"))
        .doesNotContain("example-pool");
    assertThat(outcome.first().description().run()).isEqualTo(name);
    assertThat(outcome.first().description().mode()).isEqualTo("online");
    assertThat(outcome.compared()).isEmpty();
    assertThat(outcome.report().comparison()).isEmpty();
    assertThat(outcome.complete()).isTrue();
  }

  @Test
  void should_set_both_logs_aside_and_run_the_baseline_beside_the_pipeline_when_fresh() {
    PipelineBenchmarkUseCase.Outcome outcome =
        service().run(request(Comparison.BASELINE, false, Optional.of("r1"), true), watch());

    assertThat(events)
        .containsExactly(
            "aside r1/direct",
            "start r1 at runs/r1 m5 gpt-4o-mini",
            "open r1/direct",
            "aside r1-baseline/direct",
            "start r1-baseline at runs/r1-baseline (compared) m5 gpt-4o-mini",
            "open r1-baseline/direct");
    assertThat(commands).hasSize(2);
    assertThat(commands.get(0).baseline()).isEmpty();
    assertThat(commands.get(1).baseline()).isPresent();
    assertThat(outcome.compared()).isPresent();
    assertThat(outcome.report().comparison()).isPresent();
  }

  @Test
  void should_refuse_a_log_of_another_configuration_with_its_differences_when_settings_changed() {
    service().run(request(Comparison.NONE, false, Optional.of("r2"), false), watch());
    logs.get("r2/direct").configuration =
        new HashMap<>(Map.of("model", "gpt-4o", "strategy", "direct"));

    assertThatThrownBy(
            () -> service().run(request(Comparison.NONE, false, Optional.of("r2"), false), watch()))
        .isInstanceOf(RunConfigurationChangedException.class)
        .hasMessageContaining("model was 'gpt-4o', now 'gpt-4o-mini'")
        .hasMessageNotContaining("--");
  }

  @Test
  void should_say_how_to_configure_a_model_when_none_is_configured() {
    configured = Optional.empty();

    assertThatThrownBy(
            () -> service().run(request(Comparison.NONE, false, Optional.empty(), false), watch()))
        .isInstanceOfSatisfying(
            NoLanguageModelException.class,
            e -> assertThat(e.howToConfigure()).isEqualTo("set PARLANCE_LLM_PROVIDER"));
    assertThat(events).isEmpty();
  }

  @Test
  void should_refuse_a_run_name_that_is_not_one_folder_when_given() {
    assertThatThrownBy(
            () ->
                service().run(request(Comparison.NONE, false, Optional.of("../x"), false), watch()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a run's name must be");
    assertThat(commands).isEmpty();
  }

  private static final class NoSources implements DataSourcesPort {
    @Override
    public Optional<DataSource> find(String name) {
      return Optional.empty();
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
  }

  private static final class NeverIndexed implements IndexSourceUseCase {
    @Override
    public IndexState state(String source) {
      return new NotReady("never");
    }

    @Override
    public void start(String source) {}

    @Override
    public void awaitReady(String source, Progress progress) {
      throw new AssertionError("nothing to ask");
    }
  }
}
