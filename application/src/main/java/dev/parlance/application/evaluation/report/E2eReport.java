package dev.parlance.application.evaluation.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The document of one {@code bench e2e} run: what the command line writes with {@code --json},
 * draws as its HTML report, and the API serves — one typed shape, serialised with snake_case names
 * (docs/design/evaluation.md "What the report shows"). The overall run's fields sit at the top
 * level beside the run's description; each strategy's are under {@code by_strategy}. Numbers are
 * rounded as the document shows them.
 *
 * @param evidence whether BIRD's evidence was given; null for datasets without evidence
 * @param overall every strategy taken together (the only one's run when there is one); its fields
 *     are written at the top level
 * @param batch the offline batch folder's state, when the run was made offline
 * @param warnings what was noticed in the benchmark's own files and how it was read
 * @param comparison another run over the same questions, side by side with this one
 */
public record E2eReport(
    String dataset,
    String semantics,
    String semanticsDescription,
    String goldRevision,
    String run,
    String runDirectory,
    String model,
    String mode,
    String strategy,
    int candidates,
    Boolean evidence,
    boolean complete,
    RunSection overall,
    Map<String, RunSection> byStrategy,
    Optional<Batch> batch,
    List<String> missingDatabases,
    List<String> notes,
    List<String> warnings,
    String finishedAt,
    double seconds,
    Optional<Comparison> comparison) {

  public E2eReport {
    Objects.requireNonNull(overall, "overall");
    byStrategy = Collections.unmodifiableMap(new LinkedHashMap<>(byStrategy));
    batch = Objects.requireNonNullElse(batch, Optional.empty());
    missingDatabases = List.copyOf(missingDatabases);
    notes = List.copyOf(notes);
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
    comparison = Objects.requireNonNullElse(comparison, Optional.empty());
  }

  /** The same document with another run beside it. */
  public E2eReport comparedWith(Comparison c) {
    return new E2eReport(
        dataset,
        semantics,
        semanticsDescription,
        goldRevision,
        run,
        runDirectory,
        model,
        mode,
        strategy,
        candidates,
        evidence,
        complete,
        overall,
        byStrategy,
        batch,
        missingDatabases,
        notes,
        warnings,
        finishedAt,
        seconds,
        Optional.of(c));
  }

  /**
   * This run and another over the same questions (the pipeline and its whole-schema baseline, a
   * curated source and its base tables alone), side by side, and question by question.
   *
   * @param label what this run is, e.g. {@code pipeline} or {@code curated}
   * @param otherLabel what the other run is
   * @param other the other run's whole document
   */
  public record Comparison(
      String label, String otherLabel, Side side, Side otherSide, Paired paired, E2eReport other) {}

  /**
   * One run's numbers for the side-by-side table (per scored question).
   *
   * @param recall mean schema recall of the final prompts
   * @param allGoldColumns share of prompts that showed every gold column
   */
  public record Side(
      String label,
      int scored,
      int correct,
      double accuracy,
      double promptTokensPerQuestion,
      double tokensPerQuestion,
      double callsPerQuestion,
      double costPerQuestion,
      double recall,
      double allGoldColumns) {}

  /**
   * The questions both runs answered, compared one by one: which run got them right, this run's
   * prompt tokens against the other's, its model calls beyond the other's.
   *
   * @param tokenRatioLimit the ratio {@code withinTokenRatio} counts against (1.3)
   * @param withinTokenRatio questions whose prompt tokens are at most the limit × the other's
   * @param withinOneExtraCall questions with at most one model call more than the other run
   */
  public record Paired(
      int questions,
      int bothCorrect,
      int onlyThis,
      int onlyOther,
      int neither,
      double tokenRatioMean,
      double tokenRatioMax,
      double tokenRatioLimit,
      int withinTokenRatio,
      double extraCallsMean,
      int extraCallsMax,
      int withinOneExtraCall) {}

  /** One strategy's run (or all taken together), scored. */
  public record RunSection(
      int questions,
      int scored,
      int correct,
      double accuracy,
      int wrong,
      int error,
      int timeout,
      int skipped,
      Map<String, TallyRow> byDifficulty,
      Map<String, TallyRow> byDatabase,
      Map<String, SemanticsRow> accuracyBySemantics,
      Jaccard jaccard,
      Tokens tokens,
      CostSection cost,
      Latency latency,
      Recall recall,
      Calibration calibration,
      Progress progress,
      List<Failure> failures,
      GoldCaveatsSection goldCaveats,
      Map<String, Integer> schemaContext) {
    public RunSection {
      byDifficulty = ordered(byDifficulty);
      byDatabase = ordered(byDatabase);
      accuracyBySemantics = ordered(accuracyBySemantics);
      failures = List.copyOf(failures);
      schemaContext = ordered(schemaContext);
    }
  }

  /**
   * The questions the benchmark's gold cannot judge (docs/design/evaluation.md "Honest reports"):
   * the official numbers include them; {@code accuracy} is the execution accuracy without them.
   */
  public record GoldCaveatsSection(
      int goldEmpty,
      int goldEmptyCorrect,
      int textCaseOrSpace,
      int scored,
      int correct,
      double accuracy) {}

  /** A row of a breakdown (by difficulty, by database). */
  public record TallyRow(
      int questions,
      int scored,
      int correct,
      double accuracy,
      int wrong,
      int error,
      int timeout,
      int skipped,
      int jaccardCorrect) {}

  /** Accuracy under one evaluator's rules. */
  public record SemanticsRow(int scored, int correct, double accuracy) {}

  /** Nascimento's Jaccard procedure with its thresholds. */
  public record Jaccard(double tc, double tn, double tq, int correct, double accuracy) {}

  /** The model's tokens, in all and per scored question. */
  public record Tokens(
      long prompt,
      long completion,
      int llmCalls,
      double promptPerQuestion,
      double completionPerQuestion) {}

  /** What the run cost; not known when a call had no price. */
  public record CostSection(double usd, double usdPerQuestion, int unpricedCalls, boolean known) {}

  /** Wall time per question (first-use indexing apart), and each stage's mean per question. */
  public record Latency(
      double meanMs,
      long p50Ms,
      long p90Ms,
      long maxMs,
      double llmMeanMs,
      double parlanceMeanMs,
      long indexingMs,
      Map<String, Stage> byStage) {
    public Latency {
      byStage = ordered(byStage);
    }
  }

  /** One stage's mean per question. */
  public record Stage(
      int questions,
      double calls,
      double promptTokens,
      double completionTokens,
      double llmMs,
      double otherMs) {}

  /**
   * Schema recall of the final prompts against the gold queries' columns and tables, and execution
   * accuracy beside it: over the answers whose prompt showed every gold column, and the others.
   */
  public record Recall(
      int questions,
      double mean,
      double allGoldColumns,
      int tableQuestions,
      double tableMean,
      int noColumns,
      int unreadableGold,
      int completeQuestions,
      int completeCorrect,
      int incompleteQuestions,
      int incompleteCorrect) {}

  /**
   * Accuracy per confidence bucket, the expected calibration error, accuracy by status.
   *
   * @param omitted why the buckets and the error are left out (one candidate per question); empty
   *     when they are shown
   */
  public record Calibration(
      double ece, List<Bucket> buckets, Map<String, StatusRow> byStatus, String omitted) {
    public Calibration {
      buckets = List.copyOf(buckets);
      byStatus = ordered(byStatus);
      omitted = omitted == null ? "" : omitted;
    }
  }

  /** A confidence bucket {@code [from, to)} (the last one includes 1.0). */
  public record Bucket(
      double from, double to, int questions, int correct, double accuracy, double meanConfidence) {}

  /** How many questions ended with a status, and how many of them were right. */
  public record StatusRow(int questions, int correct, double accuracy) {}

  /** How far the run is after this invocation. */
  public record Progress(
      String log,
      int questions,
      int finished,
      int skipped,
      int resumed,
      int askedNow,
      int waiting,
      int unfinished,
      Optional<String> stopped) {
    public Progress {
      stopped = Objects.requireNonNullElse(stopped, Optional.empty());
    }
  }

  /**
   * A scored answer that is not correct.
   *
   * @param predictedSql null when the pipeline gave no answer
   * @param diff how the results differ, when both ran
   * @param problem why the pipeline gave no answer, when it gave none
   * @param recall the share of the gold's columns the final prompt showed, when the gold reads any
   * @param marks what the gold cannot judge here ({@code gold_empty}, {@code text_case_or_space})
   */
  public record Failure(
      String id,
      String database,
      String difficulty,
      String question,
      String strategy,
      String status,
      double confidence,
      String verdict,
      String detail,
      String goldSql,
      String predictedSql,
      Optional<String> diff,
      Optional<String> problem,
      List<String> goldColumnsNotInPrompt,
      Optional<Double> recall,
      List<String> marks) {
    public Failure {
      diff = Objects.requireNonNullElse(diff, Optional.empty());
      problem = Objects.requireNonNullElse(problem, Optional.empty());
      goldColumnsNotInPrompt = List.copyOf(goldColumnsNotInPrompt);
      recall = Objects.requireNonNullElse(recall, Optional.empty());
      marks = marks == null ? List.of() : List.copyOf(marks);
    }
  }

  /** The offline batch folder's requests. */
  public record Batch(int answered, int failed, int inFlight, int pending, String pendingFile) {}

  private static <V> Map<String, V> ordered(Map<String, V> map) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(map == null ? Map.of() : map));
  }
}
