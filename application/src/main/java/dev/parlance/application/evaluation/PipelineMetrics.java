package dev.parlance.application.evaluation;

import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.PipelineAnswer.StageUsage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a pipeline run cost and how its confidence relates to correctness, over its scored answers:
 * tokens, cost, latency per stage, schema-retrieval recall against the gold query's columns, and
 * calibration (accuracy per confidence bucket).
 *
 * @param questions scored answers the numbers cover
 * @param stages mean per question of each stage, in the order stages first ran (one-time indexing
 *     excluded)
 */
public record PipelineMetrics(
    int questions,
    int correct,
    TokenUsage tokens,
    int llmCalls,
    Cost cost,
    Latency latency,
    Map<String, StageMean> stages,
    Recall recall,
    Calibration calibration) {

  /** Confidence buckets of width 0.1; 1.0 falls in the last. */
  static final int BUCKETS = 10;

  public PipelineMetrics {
    stages = Collections.unmodifiableMap(new LinkedHashMap<>(stages));
  }

  /**
   * Wall time per question, first-use indexing excluded.
   *
   * @param llmMeanMillis mean time a model call was in flight
   * @param otherMeanMillis mean time beyond the model's (Parlance's own latency)
   * @param indexingMillis first-use indexing of the sources, in total (once per source)
   */
  public record Latency(
      double meanMillis,
      long p50Millis,
      long p90Millis,
      long maxMillis,
      double llmMeanMillis,
      double otherMeanMillis,
      long indexingMillis) {}

  /** One stage's mean per question (a question that skipped the stage counts as zero). */
  public record StageMean(
      double calls,
      double promptTokens,
      double completionTokens,
      double llmMillis,
      double otherMillis,
      int questions) {}

  /**
   * Schema-retrieval recall against the gold query (its columns read with a SQL parser over the
   * source's catalog).
   *
   * @param questions answers whose gold query reads at least one column
   * @param mean mean share of the gold columns the final prompt showed
   * @param complete share of those answers whose prompt showed every gold column
   * @param tableQuestions answers whose gold query reads at least one table
   * @param tableMean mean share of the gold tables the final prompt showed
   * @param noColumns answers whose gold query reads no column (e.g. {@code SELECT count(*)})
   * @param unreadableGold answers whose gold query could not be read
   */
  public record Recall(
      int questions,
      double mean,
      double complete,
      int tableQuestions,
      double tableMean,
      int noColumns,
      int unreadableGold) {}

  /**
   * @param buckets the non-empty confidence buckets, lowest first
   * @param expectedCalibrationError ECE: Σ (n_b / N) · |accuracy_b − mean confidence_b|
   * @param byStatus answered (sure), unsure, no_answer
   * @param omitted why the buckets are left out: with one candidate per question every answer's
   *     confidence is 1 (or 0), which calibrates nothing
   */
  public record Calibration(
      List<Bucket> buckets,
      double expectedCalibrationError,
      Map<String, Count> byStatus,
      Optional<String> omitted) {
    public Calibration {
      buckets = List.copyOf(buckets);
      byStatus = Collections.unmodifiableMap(new LinkedHashMap<>(byStatus));
      omitted = omitted == null ? Optional.empty() : omitted;
    }
  }

  /** What a report says instead of a calibration table made from one candidate per question. */
  public static final String ONE_CANDIDATE =
      "calibration needs m > 1: with one candidate per question every confidence is 1 (or 0),"
          + " so there is nothing to calibrate; run with --candidates 2 or more (or a vote across"
          + " strategies)";

  /** Answers whose confidence is in [from, to) (the last bucket includes 1). */
  public record Bucket(double from, double to, int questions, int correct, double meanConfidence) {
    public double accuracy() {
      return questions == 0 ? 0 : (double) correct / questions;
    }
  }

  /** Answers and how many of them are correct. */
  public record Count(int questions, int correct) {
    public double accuracy() {
      return questions == 0 ? 0 : (double) correct / questions;
    }
  }

  /**
   * The metrics of the scored answers ({@link dev.parlance.domain.evaluation.Verdict#SKIPPED} never
   * is one).
   */
  public static PipelineMetrics of(List<ScoredAnswer> answers) {
    int n = answers.size();
    TokenUsage tokens = TokenUsage.NONE;
    Cost cost = Cost.ZERO;
    int calls = 0;
    int correct = 0;
    long indexing = 0;
    double llm = 0;
    double other = 0;
    List<Long> walls = new ArrayList<>();
    Map<String, double[]> stageSums = new LinkedHashMap<>();
    Map<String, Integer> stageQuestions = new LinkedHashMap<>();
    double recallSum = 0;
    int recallQuestions = 0;
    int recallComplete = 0;
    double tableSum = 0;
    int tableQuestions = 0;
    int noColumns = 0;
    int unreadable = 0;
    for (ScoredAnswer s : answers) {
      PipelineAnswer a = s.answer();
      tokens = tokens.plus(a.usage());
      cost = cost.plus(a.cost());
      calls += a.llmCalls();
      correct += s.correct() ? 1 : 0;
      walls.add(a.wallMillis());
      llm += a.llmMillis();
      other += Math.max(0, a.wallMillis() - a.llmMillis());
      for (StageUsage st : a.stages()) {
        if (st.oneTime()) {
          indexing += st.llmMillis() + st.otherMillis();
          continue;
        }
        double[] sum = stageSums.computeIfAbsent(st.name(), k -> new double[5]);
        sum[0] += st.calls();
        sum[1] += st.usage().promptTokens();
        sum[2] += st.usage().completionTokens();
        sum[3] += st.llmMillis();
        sum[4] += st.otherMillis();
        stageQuestions.merge(st.name(), 1, Integer::sum);
      }
      OptionalDouble recall = s.recall();
      if (recall.isPresent()) {
        recallQuestions++;
        recallSum += recall.getAsDouble();
        recallComplete += recall.getAsDouble() >= 1 ? 1 : 0;
      } else if (s.goldReadable()) {
        noColumns++;
      } else {
        unreadable++;
      }
      OptionalDouble tables = s.tableRecall();
      if (tables.isPresent()) {
        tableQuestions++;
        tableSum += tables.getAsDouble();
      }
    }
    Map<String, StageMean> stages = new LinkedHashMap<>();
    stageSums.forEach(
        (name, sum) ->
            stages.put(
                name,
                new StageMean(
                    sum[0] / n,
                    sum[1] / n,
                    sum[2] / n,
                    sum[3] / n,
                    sum[4] / n,
                    stageQuestions.get(name))));
    Collections.sort(walls);
    Latency latency =
        new Latency(
            n == 0 ? 0 : walls.stream().mapToLong(Long::longValue).sum() / (double) n,
            percentile(walls, 0.5),
            percentile(walls, 0.9),
            walls.isEmpty() ? 0 : walls.getLast(),
            n == 0 ? 0 : llm / n,
            n == 0 ? 0 : other / n,
            indexing);
    Recall recall =
        new Recall(
            recallQuestions,
            recallQuestions == 0 ? 0 : recallSum / recallQuestions,
            recallQuestions == 0 ? 0 : (double) recallComplete / recallQuestions,
            tableQuestions,
            tableQuestions == 0 ? 0 : tableSum / tableQuestions,
            noColumns,
            unreadable);
    return new PipelineMetrics(
        n, correct, tokens, calls, cost, latency, stages, recall, calibration(answers));
  }

  // Nearest-rank percentile of sorted values.
  private static long percentile(List<Long> sorted, double p) {
    if (sorted.isEmpty()) {
      return 0;
    }
    int rank = (int) Math.ceil(p * sorted.size());
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
  }

  private static Calibration calibration(List<ScoredAnswer> answers) {
    int[] count = new int[BUCKETS];
    int[] right = new int[BUCKETS];
    double[] confidence = new double[BUCKETS];
    Map<String, Count> byStatus = new LinkedHashMap<>();
    for (String status : List.of("answered", "unsure", "no_answer")) {
      byStatus.put(status, new Count(0, 0));
    }
    for (ScoredAnswer s : answers) {
      double c = s.answer().confidence();
      int b = Math.min(BUCKETS - 1, (int) Math.floor(c * BUCKETS + 1e-9));
      count[b]++;
      right[b] += s.correct() ? 1 : 0;
      confidence[b] += c;
      byStatus.merge(
          s.answer().status(),
          new Count(1, s.correct() ? 1 : 0),
          (x, y) -> new Count(x.questions() + 1, x.correct() + y.correct()));
    }
    List<Bucket> buckets = new ArrayList<>();
    double ece = 0;
    int n = answers.size();
    for (int b = 0; b < BUCKETS; b++) {
      if (count[b] == 0) {
        continue;
      }
      Bucket bucket =
          new Bucket(
              (double) b / BUCKETS,
              (double) (b + 1) / BUCKETS,
              count[b],
              right[b],
              confidence[b] / count[b]);
      buckets.add(bucket);
      ece += (double) count[b] / n * Math.abs(bucket.accuracy() - bucket.meanConfidence());
    }
    // One candidate per question: the vote's share is 1 whenever it ran, and says nothing.
    boolean single =
        !answers.isEmpty() && answers.stream().allMatch(a -> a.answer().candidates() <= 1);
    if (single) {
      return new Calibration(List.of(), 0, byStatus, Optional.of(ONE_CANDIDATE));
    }
    return new Calibration(buckets, ece, byStatus, Optional.empty());
  }
}
