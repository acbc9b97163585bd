package dev.parlance.application.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.EvaluationSemantics;
import dev.parlance.domain.evaluation.ExecutionOutcome;
import dev.parlance.domain.evaluation.GoldMark;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.evaluation.ResultTable;
import dev.parlance.domain.evaluation.SqlValue;
import dev.parlance.domain.evaluation.Verdict;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The marks beside the official verdict: what the benchmark's own gold cannot judge. */
class QuestionScorerTest {

  private static final DataSource SHOP =
      new DataSource("shop", "jdbc:sqlite:shop.sqlite", Dialect.SQLITE, Credentials.none());

  private static ExecutionOutcome text(String... values) {
    return new ExecutionOutcome.Rows(
        ResultTable.of(
            List.of("x"),
            java.util.Arrays.stream(values).map(v -> List.of(SqlValue.of(v))).toList()),
        Duration.ZERO);
  }

  private static final Map<String, ExecutionOutcome> DATABASE =
      Map.of(
          "GOLD",
          text("Paris ", "Lyon"),
          "TRIMMED",
          text("paris", "LYON"),
          "OTHER",
          text("Nice", "Lyon"),
          "NOTHING",
          text(),
          "SAME",
          text("Paris ", "Lyon"));

  private static QuestionResult score(EvaluationSemantics semantics, String gold, String pred) {
    return new QuestionScorer(
            (db, sql, limits) -> DATABASE.getOrDefault(sql, ExecutionOutcome.failed("no such")),
            semantics,
            JaccardThresholds.DEFAULTS)
        .score(
            new EvaluationQuestion("1", "shop", "q", Optional.empty(), gold, Optional.empty()),
            Optional.of(SHOP),
            Optional.of(pred));
  }

  @Test
  void should_mark_an_answer_wrong_only_by_case_and_surrounding_space_and_keep_it_wrong() {
    for (EvaluationSemantics semantics :
        List.of(EvaluationSemantics.bird(), EvaluationSemantics.spider())) {
      QuestionResult trimmed = score(semantics, "GOLD", "TRIMMED");
      QuestionResult other = score(semantics, "GOLD", "OTHER");

      assertThat(trimmed.verdict()).isEqualTo(Verdict.WRONG);
      assertThat(trimmed.marks()).containsExactly(GoldMark.TEXT_CASE_OR_SPACE);
      assertThat(other.verdict()).isEqualTo(Verdict.WRONG);
      assertThat(other.marks()).isEmpty();
      assertThat(score(semantics, "GOLD", "SAME").marks()).isEmpty();
    }
  }

  @Test
  void should_mark_a_gold_that_returns_no_rows_and_count_the_caveats_apart() {
    QuestionResult empty = score(EvaluationSemantics.bird(), "NOTHING", "NOTHING");
    QuestionResult trimmed = score(EvaluationSemantics.bird(), "GOLD", "TRIMMED");
    QuestionResult right = score(EvaluationSemantics.bird(), "GOLD", "SAME");
    QuestionResult wrong = score(EvaluationSemantics.bird(), "GOLD", "OTHER");

    assertThat(empty.verdict()).isEqualTo(Verdict.CORRECT);
    assertThat(empty.marks()).containsExactly(GoldMark.GOLD_EMPTY);
    EvaluationTally tally =
        new EvaluationTally(
            new EvaluationBenchmark(
                "t", "g", List.of(), Map.of("shop", SHOP), List.of(), List.of(), List.of()));
    List.of(empty, trimmed, right, wrong).forEach(tally::add);
    GoldCaveats c =
        tally
            .report(
                new QuestionScorer((d, s, l) -> null, EvaluationSemantics.bird(), null),
                "test",
                List.of(),
                0)
            .caveats();

    // Officially 2 of 4; without the two questions the gold cannot judge, 1 of 2.
    assertThat(tally.overall().correct()).isEqualTo(2);
    assertThat(c).isEqualTo(new GoldCaveats(1, 1, 1, 2, 1));
    assertThat(c.accuracyExcluding()).isEqualTo(0.5);
  }
}
