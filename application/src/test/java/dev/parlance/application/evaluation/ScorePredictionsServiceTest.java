package dev.parlance.application.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationDataset;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.EvaluationSemantics;
import dev.parlance.domain.evaluation.ExecutionLimits;
import dev.parlance.domain.evaluation.ExecutionOutcome;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.evaluation.Predictions;
import dev.parlance.domain.evaluation.ResultTable;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import dev.parlance.domain.evaluation.SqlValue;
import dev.parlance.domain.evaluation.TextDecoding;
import dev.parlance.domain.evaluation.Verdict;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScorePredictionsServiceTest {

  private static final DataSource SHOP =
      new DataSource("shop", "jdbc:sqlite:shop.sqlite", Dialect.SQLITE, Credentials.none());

  private static ExecutionOutcome rows(Duration elapsed, long... values) {
    List<List<SqlValue>> rows = new ArrayList<>();
    for (long v : values) {
      rows.add(List.of(SqlValue.of(v)));
    }
    return new ExecutionOutcome.Rows(ResultTable.of(List.of("x"), rows), elapsed);
  }

  /** A runner that answers from a table of SQL → outcome and records what it was asked. */
  private static final class FakeRunner implements RunBenchmarkQueryPort {
    final Map<String, ExecutionOutcome> answers = new HashMap<>();
    final List<String> calls = new ArrayList<>();
    final List<ExecutionLimits> limits = new ArrayList<>();

    @Override
    public ExecutionOutcome run(DataSource database, String sql, ExecutionLimits limits) {
      calls.add(sql);
      this.limits.add(limits);
      return answers.getOrDefault(sql, ExecutionOutcome.failed("no such table"));
    }
  }

  private static EvaluationQuestion q(String id, String db, String gold, String difficulty) {
    return new EvaluationQuestion(
        id, db, "question " + id, Optional.empty(), gold, Optional.ofNullable(difficulty));
  }

  private static EvaluationBenchmark benchmark(List<EvaluationQuestion> questions) {
    return new EvaluationBenchmark(
        "bird-dev",
        "test gold",
        questions,
        Map.of("shop", SHOP),
        List.of("zoo"),
        List.of("simple", "moderate", "challenging"),
        List.of("a loader note"));
  }

  private static ScorePredictionsUseCase.Command command(Optional<EvaluationSemantics> semantics) {
    return new ScorePredictionsUseCase.Command(
        EvaluationDataset.BIRD_DEV,
        Path.of("data"),
        Path.of("predictions.json"),
        semantics,
        JaccardThresholds.DEFAULTS);
  }

  @Test
  void should_count_every_verdict_and_break_them_down_by_difficulty_and_database() {
    FakeRunner runner = new FakeRunner();
    runner.answers.put("G1", rows(Duration.ZERO, 1, 2));
    runner.answers.put("P1", rows(Duration.ZERO, 2, 1, 1)); // same set: BIRD says correct
    runner.answers.put("G2", rows(Duration.ZERO, 1));
    runner.answers.put("P2", rows(Duration.ZERO, 2));
    runner.answers.put("G3", rows(Duration.ZERO, 1));
    runner.answers.put("P4", new ExecutionOutcome.TimedOut(Duration.ofSeconds(30)));
    runner.answers.put("G4", rows(Duration.ZERO, 1));
    List<EvaluationQuestion> questions =
        List.of(
            q("1", "shop", "G1", "simple"),
            q("2", "shop", "G2", "simple"),
            q("3", "shop", "G3", "moderate"),
            q("4", "shop", "G4", "challenging"),
            q("5", "zoo", "G5", "simple"),
            q("6", "shop", "G6", null));
    Map<String, String> predicted = Map.of("1", "P1", "2", "P2", "3", "P3", "4", "P4", "5", "P5");
    List<Long> progress = new ArrayList<>();
    var service =
        new ScorePredictionsService(
            (dataset, dir) -> benchmark(questions),
            (file, qs) -> new Predictions("test", predicted, List.of("a reader note")),
            runner);

    EvaluationReport report =
        service.score(command(Optional.empty()), (stage, done, total) -> progress.add(done));

    Tally all = report.overall();
    assertThat(all).isEqualTo(new Tally(6, 1, 1, 2, 1, 1, 1)); // 6: no prediction is an error
    assertThat(all.scored()).isEqualTo(5);
    assertThat(all.accuracy()).isEqualTo(0.2);
    assertThat(report.byDifficulty().keySet())
        .containsExactly("simple", "moderate", "challenging", "unknown");
    assertThat(report.byDifficulty().get("simple")).isEqualTo(new Tally(3, 1, 1, 0, 0, 1, 1));
    assertThat(report.byDatabase().get("zoo").skipped()).isEqualTo(1);
    assertThat(report.failures())
        .extracting(r -> r.question().id() + ":" + r.verdict())
        .containsExactly("2:WRONG", "3:ERROR", "4:TIMEOUT", "6:ERROR");
    assertThat(report.failures().getFirst().diff().orElseThrow().summary())
        .contains("1 gold row missing: (1)");
    assertThat(report.failures().get(1).detail()).isEqualTo("prediction failed: no such table");
    assertThat(report.failures().get(3).detail()).isEqualTo("no prediction");
    assertThat(report.semantics()).isEqualTo("bird");
    assertThat(report.notes()).contains("a loader note", "a reader note");
    assertThat(progress).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
  }

  @Test
  void should_run_the_prediction_first_and_give_the_gold_what_is_left_of_birds_30_seconds() {
    FakeRunner runner = new FakeRunner();
    runner.answers.put("P", rows(Duration.ofSeconds(20), 1));
    runner.answers.put("G", rows(Duration.ZERO, 1));
    QuestionScorer scorer =
        new QuestionScorer(runner, EvaluationSemantics.bird(), JaccardThresholds.DEFAULTS);

    QuestionResult r =
        scorer.score(q("1", "shop", "G", "simple"), Optional.of(SHOP), Optional.of("P"));

    assertThat(r.verdict()).isEqualTo(Verdict.CORRECT);
    assertThat(runner.calls).containsExactly("P", "G");
    assertThat(runner.limits)
        .containsExactly(
            new ExecutionLimits(Duration.ofSeconds(30), TextDecoding.STRICT),
            new ExecutionLimits(Duration.ofSeconds(10), TextDecoding.STRICT));
  }

  @Test
  void should_run_the_gold_first_with_60_seconds_each_when_spider() {
    FakeRunner runner = new FakeRunner();
    runner.answers.put("SELECT 1", rows(Duration.ofSeconds(50), 1));
    QuestionScorer scorer =
        new QuestionScorer(runner, EvaluationSemantics.spider(), JaccardThresholds.DEFAULTS);

    QuestionResult r =
        scorer.score(
            q("1", "shop", "SELECT 1", "easy"), Optional.of(SHOP), Optional.of("SELECT 1"));

    assertThat(r.verdict()).isEqualTo(Verdict.CORRECT);
    assertThat(runner.limits)
        .containsOnly(
            new ExecutionLimits(Duration.ofSeconds(60), TextDecoding.IGNORE_INVALID_BYTES));
  }

  @Test
  void should_not_run_the_gold_when_the_bird_prediction_fails() {
    FakeRunner runner = new FakeRunner();
    QuestionScorer scorer =
        new QuestionScorer(runner, EvaluationSemantics.bird(), JaccardThresholds.DEFAULTS);

    QuestionResult r =
        scorer.score(q("1", "shop", "G", "simple"), Optional.of(SHOP), Optional.of("P"));

    assertThat(r.verdict()).isEqualTo(Verdict.ERROR);
    assertThat(runner.calls).containsExactly("P");
  }

  @Test
  void should_flag_a_failing_gold_and_count_the_question_not_correct() {
    FakeRunner runner = new FakeRunner();
    runner.answers.put("P", rows(Duration.ZERO, 1));
    QuestionScorer scorer =
        new QuestionScorer(runner, EvaluationSemantics.bird(), JaccardThresholds.DEFAULTS);

    QuestionResult r =
        scorer.score(q("1", "shop", "G", "simple"), Optional.of(SHOP), Optional.of("P"));

    assertThat(r.verdict()).isEqualTo(Verdict.ERROR);
    assertThat(r.goldFailed()).isTrue();
    assertThat(r.detail()).isEqualTo("gold query failed: no such table");
  }

  @Test
  void should_count_a_prediction_out_of_time_as_a_timeout() {
    FakeRunner runner = new FakeRunner();
    runner.answers.put("SELECT 1", rows(Duration.ZERO, 1));
    runner.answers.put("SELECT 2", new ExecutionOutcome.TimedOut(Duration.ofSeconds(60)));
    QuestionScorer scorer =
        new QuestionScorer(runner, EvaluationSemantics.spider(), JaccardThresholds.DEFAULTS);

    QuestionResult r =
        scorer.score(
            q("1", "shop", "SELECT 1", "easy"), Optional.of(SHOP), Optional.of("SELECT 2"));

    assertThat(r.verdict()).isEqualTo(Verdict.TIMEOUT);
    assertThat(r.detail()).isEqualTo("prediction ran past 60 s");
  }

  @Test
  void should_use_the_semantics_asked_for_instead_of_the_datasets() {
    FakeRunner runner = new FakeRunner();
    runner.answers.put("SELECT 1", rows(Duration.ZERO, 1, 1));
    runner.answers.put("SELECT 2", rows(Duration.ZERO, 1));
    List<EvaluationQuestion> questions = List.of(q("1", "shop", "SELECT 1", "simple"));
    var service =
        new ScorePredictionsService(
            (dataset, dir) -> benchmark(questions),
            (file, qs) -> new Predictions("test", Map.of("1", "SELECT 2"), List.of()),
            runner);

    assertThat(service.score(command(Optional.empty()), (s, d, t) -> {}).overall().correct())
        .isEqualTo(1); // BIRD: {1} == {1}
    EvaluationReport spider =
        service.score(command(Optional.of(EvaluationSemantics.spider())), (s, d, t) -> {});
    assertThat(spider.overall().wrong()).isEqualTo(1); // Spider: 2 rows vs 1
    assertThat(spider.semantics()).isEqualTo("spider");
  }
}
