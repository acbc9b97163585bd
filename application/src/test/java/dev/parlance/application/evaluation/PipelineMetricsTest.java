package dev.parlance.application.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.PipelineAnswer.StageUsage;
import dev.parlance.domain.evaluation.Verdict;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PipelineMetricsTest {

  private static ScoredAnswer scored(
      String id,
      String status,
      double confidence,
      boolean correct,
      long wall,
      List<String> promptColumns,
      boolean goldReadable,
      Set<String> goldColumns,
      Set<String> goldTables) {
    return scored(
        id,
        status,
        confidence,
        correct,
        wall,
        promptColumns,
        goldReadable,
        goldColumns,
        goldTables,
        5,
        Map.of());
  }

  private static ScoredAnswer scored(
      String id,
      String status,
      double confidence,
      boolean correct,
      long wall,
      List<String> promptColumns,
      boolean goldReadable,
      Set<String> goldColumns,
      Set<String> goldTables,
      int candidates,
      Map<String, Set<String>> lineage) {
    EvaluationQuestion q =
        new EvaluationQuestion(id, "db", "q" + id, Optional.empty(), "G", Optional.of("easy"));
    PipelineAnswer a =
        new PipelineAnswer(
            id,
            "db",
            status,
            Optional.of("P"),
            confidence,
            candidates,
            promptColumns,
            List.of(
                new StageUsage("indexing (first use)", 0, TokenUsage.NONE, Cost.ZERO, 0, 900, true),
                new StageUsage(
                    "generation",
                    5,
                    new TokenUsage(1000, 50),
                    Cost.of(new BigDecimal("0.001")),
                    wall - 10,
                    10,
                    false)),
            wall,
            wall - 10,
            Optional.empty());
    Verdict v = correct ? Verdict.CORRECT : Verdict.WRONG;
    QuestionResult r =
        new QuestionResult(
            q,
            Optional.of("P"),
            v,
            "",
            false,
            Optional.empty(),
            Optional.empty(),
            Duration.ZERO,
            Duration.ZERO);
    return new ScoredAnswer(
        "direct", a, r, Map.of("bird", v), goldReadable, goldColumns, goldTables, lineage);
  }

  @Test
  void should_leave_calibration_out_and_say_why_when_every_question_had_one_candidate() {
    List<ScoredAnswer> answers =
        List.of(
            scored(
                "1", "answered", 1.0, true, 100, List.of(), true, Set.of(), Set.of(), 1, Map.of()),
            scored(
                "2", "answered", 1.0, false, 100, List.of(), true, Set.of(), Set.of(), 1, Map.of()),
            scored(
                "3",
                "no_answer",
                0.0,
                false,
                100,
                List.of(),
                true,
                Set.of(),
                Set.of(),
                0,
                Map.of()));

    PipelineMetrics.Calibration c = PipelineMetrics.of(answers).calibration();

    assertThat(c.omitted()).hasValue(PipelineMetrics.ONE_CANDIDATE);
    assertThat(c.omitted().get()).startsWith("calibration needs m > 1");
    assertThat(c.buckets()).isEmpty();
    // Accuracy by status stays: it does not depend on m.
    assertThat(c.byStatus().get("answered")).isEqualTo(new PipelineMetrics.Count(2, 1));
    // One question with two candidates (a vote across two strategies, say) is enough to show it.
    List<ScoredAnswer> mixed = new java.util.ArrayList<>(answers);
    mixed.add(
        scored("4", "unsure", 0.5, true, 100, List.of(), true, Set.of(), Set.of(), 2, Map.of()));
    assertThat(PipelineMetrics.of(mixed).calibration().omitted()).isEmpty();
  }

  @Test
  void should_count_a_view_column_of_the_prompt_as_the_base_columns_it_reads() {
    // The prompt shows the curated view's column; the gold reads the cryptic base table.
    ScoredAnswer curated =
        scored(
            "1",
            "answered",
            1.0,
            true,
            100,
            List.of("maintenance_order.status", "installation.code"),
            true,
            Set.of("tb_mo.mo_st", "tb_in.in_nm"),
            Set.of("tb_mo", "tb_in"),
            1,
            Map.of(
                "maintenance_order.status", Set.of("tb_mo.mo_st"),
                "installation.code", Set.of("tb_in.in_cd")));
    ScoredAnswer unmapped =
        scored(
            "2",
            "answered",
            1.0,
            true,
            100,
            List.of("maintenance_order.status"),
            true,
            Set.of("tb_mo.mo_st"),
            Set.of("tb_mo"),
            1,
            Map.of());

    assertThat(curated.recall()).hasValue(0.5);
    assertThat(curated.tableRecall()).hasValue(1.0);
    assertThat(curated.missedColumns()).containsExactly("tb_in.in_nm");
    assertThat(unmapped.recall()).hasValue(0.0);
  }

  @Test
  void should_give_accuracy_per_confidence_bucket_and_the_expected_calibration_error() {
    List<ScoredAnswer> answers =
        List.of(
            scored("1", "answered", 1.0, true, 100, List.of(), true, Set.of(), Set.of()),
            scored("2", "answered", 1.0, true, 200, List.of(), true, Set.of(), Set.of()),
            scored("3", "answered", 1.0, false, 300, List.of(), true, Set.of(), Set.of()),
            scored("4", "unsure", 0.4, false, 400, List.of(), true, Set.of(), Set.of()),
            scored("5", "no_answer", 0.0, false, 500, List.of(), true, Set.of(), Set.of()));

    PipelineMetrics.Calibration c = PipelineMetrics.of(answers).calibration();

    assertThat(c.buckets())
        .extracting(PipelineMetrics.Bucket::from, PipelineMetrics.Bucket::questions)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0.0, 1),
            org.assertj.core.groups.Tuple.tuple(0.4, 1),
            org.assertj.core.groups.Tuple.tuple(0.9, 3));
    assertThat(c.buckets().getLast().accuracy()).isEqualTo(2 / 3.0, within(1e-9));
    // ECE = 1/5·|0 − 0| + 1/5·|0 − 0.4| + 3/5·|2/3 − 1|
    assertThat(c.expectedCalibrationError()).isEqualTo(0.08 + 0.2, within(1e-9));
    assertThat(c.byStatus().get("answered")).isEqualTo(new PipelineMetrics.Count(3, 2));
    assertThat(c.byStatus().get("unsure")).isEqualTo(new PipelineMetrics.Count(1, 0));
    assertThat(c.byStatus().get("no_answer")).isEqualTo(new PipelineMetrics.Count(1, 0));
  }

  @Test
  void should_sum_tokens_and_cost_and_average_stages_without_the_one_time_indexing() {
    List<ScoredAnswer> answers =
        List.of(
            scored("1", "answered", 1.0, true, 100, List.of(), true, Set.of(), Set.of()),
            scored("2", "answered", 1.0, true, 300, List.of(), true, Set.of(), Set.of()),
            scored("3", "answered", 1.0, true, 200, List.of(), true, Set.of(), Set.of()));

    PipelineMetrics m = PipelineMetrics.of(answers);

    assertThat(m.tokens()).isEqualTo(new TokenUsage(3000, 150));
    assertThat(m.llmCalls()).isEqualTo(15);
    assertThat(m.cost().usd()).isEqualByComparingTo("0.003");
    assertThat(m.stages()).containsOnlyKeys("generation");
    assertThat(m.stages().get("generation").llmMillis()).isEqualTo(190.0);
    assertThat(m.latency().meanMillis()).isEqualTo(200.0);
    assertThat(m.latency().p50Millis()).isEqualTo(200);
    assertThat(m.latency().p90Millis()).isEqualTo(300);
    assertThat(m.latency().indexingMillis()).isEqualTo(2700);
  }

  @Test
  void should_measure_recall_over_gold_columns_and_count_golds_without_columns_apart() {
    List<ScoredAnswer> answers =
        List.of(
            scored(
                "1",
                "answered",
                1.0,
                true,
                100,
                List.of("t.a", "t.b", "u.c"),
                true,
                Set.of("t.a", "u.d"),
                Set.of("t", "u")),
            scored(
                "2", "answered", 1.0, true, 100, List.of("t.a"), true, Set.of("t.a"), Set.of("t")),
            scored("3", "answered", 1.0, true, 100, List.of("t.a"), true, Set.of(), Set.of("t")),
            scored("4", "answered", 1.0, true, 100, List.of("t.a"), false, Set.of(), Set.of()));

    PipelineMetrics.Recall r = PipelineMetrics.of(answers).recall();

    assertThat(r.questions()).isEqualTo(2);
    assertThat(r.mean()).isEqualTo(0.75);
    assertThat(r.complete()).isEqualTo(0.5);
    assertThat(r.tableQuestions()).isEqualTo(3);
    assertThat(r.tableMean()).isEqualTo(1.0);
    assertThat(r.noColumns()).isEqualTo(1);
    assertThat(r.unreadableGold()).isEqualTo(1);
    assertThat(answers.getFirst().missedColumns()).containsExactly("u.d");
  }
}
