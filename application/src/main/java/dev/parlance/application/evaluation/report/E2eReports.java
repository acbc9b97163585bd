package dev.parlance.application.evaluation.report;

import dev.parlance.application.evaluation.EvaluationReport;
import dev.parlance.application.evaluation.GoldCaveats;
import dev.parlance.application.evaluation.PipelineEvaluation;
import dev.parlance.application.evaluation.PipelineEvaluation.RunState;
import dev.parlance.application.evaluation.PipelineEvaluation.StrategyRun;
import dev.parlance.application.evaluation.PipelineMetrics;
import dev.parlance.application.evaluation.QuestionResult;
import dev.parlance.application.evaluation.ScoredAnswer;
import dev.parlance.application.evaluation.Tally;
import dev.parlance.domain.evaluation.GoldMark;
import dev.parlance.domain.evaluation.ResultDiff;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Assembles the report document of a pipeline evaluation (the one place that shapes it). */
public final class E2eReports {

  private E2eReports() {}

  public static E2eReport of(PipelineEvaluation evaluation, RunDescription description) {
    StrategyRun overall = evaluation.overall();
    EvaluationReport r = overall.report();
    Map<String, E2eReport.RunSection> byStrategy = new LinkedHashMap<>();
    for (StrategyRun run : evaluation.runs()) {
      byStrategy.put(run.strategy(), section(run));
    }
    List<String> notes = new ArrayList<>(r.notes());
    if (description.offline()) {
      notes.add(RunDescription.REPLAY_NOTE);
    }
    return new E2eReport(
        r.dataset(),
        r.semantics(),
        r.semanticsDescription(),
        r.goldRevision(),
        description.run(),
        description.runDirectory(),
        description.model(),
        description.mode(),
        overall.strategy(),
        description.candidates(),
        description.evidence().orElse(null),
        overall.state().complete(),
        section(overall),
        byStrategy,
        description
            .batch()
            .map(
                s ->
                    new E2eReport.Batch(
                        s.answered(),
                        s.failed(),
                        s.inFlight(),
                        s.pending(),
                        s.pendingFile().toString())),
        r.missingDatabases(),
        notes,
        r.warnings(),
        description.finished().toString(),
        Math.round(r.seconds() * 1000) / 1000.0,
        Optional.empty());
  }

  /** What {@link E2eReport.Paired} counts a question's prompt tokens against. */
  public static final double TOKEN_RATIO_LIMIT = 1.3;

  /**
   * {@code first}'s document with {@code second}'s beside it: both runs' numbers, and the questions
   * both answered compared one by one (under each run's own semantics; the same questions, strategy
   * by strategy, taken together).
   */
  public static E2eReport compare(
      PipelineEvaluation first,
      E2eReport firstDocument,
      String firstLabel,
      PipelineEvaluation second,
      E2eReport secondDocument,
      String secondLabel) {
    Map<String, ScoredAnswer> others = new LinkedHashMap<>();
    for (ScoredAnswer a : second.overall().answers()) {
      others.put(a.strategy() + "\u0000" + a.answer().questionId(), a);
    }
    int questions = 0;
    int both = 0;
    int onlyThis = 0;
    int onlyOther = 0;
    int neither = 0;
    double ratioSum = 0;
    double ratioMax = 0;
    int ratioQuestions = 0;
    int withinRatio = 0;
    double extraSum = 0;
    int extraMax = Integer.MIN_VALUE;
    int withinCall = 0;
    for (ScoredAnswer a : first.overall().answers()) {
      ScoredAnswer b = others.get(a.strategy() + "\u0000" + a.answer().questionId());
      if (b == null) {
        continue;
      }
      questions++;
      if (a.correct() && b.correct()) {
        both++;
      } else if (a.correct()) {
        onlyThis++;
      } else if (b.correct()) {
        onlyOther++;
      } else {
        neither++;
      }
      long pa = a.answer().usage().promptTokens();
      long pb = b.answer().usage().promptTokens();
      if (pb > 0) {
        double ratio = (double) pa / pb;
        ratioSum += ratio;
        ratioMax = Math.max(ratioMax, ratio);
        ratioQuestions++;
        withinRatio += ratio <= TOKEN_RATIO_LIMIT ? 1 : 0;
      }
      int extra = a.answer().llmCalls() - b.answer().llmCalls();
      extraSum += extra;
      extraMax = Math.max(extraMax, extra);
      withinCall += extra <= 1 ? 1 : 0;
    }
    E2eReport.Paired paired =
        new E2eReport.Paired(
            questions,
            both,
            onlyThis,
            onlyOther,
            neither,
            ratioQuestions == 0 ? 0 : round(ratioSum / ratioQuestions),
            round(ratioMax),
            TOKEN_RATIO_LIMIT,
            withinRatio,
            questions == 0 ? 0 : round(extraSum / questions),
            questions == 0 ? 0 : extraMax,
            withinCall);
    return firstDocument.comparedWith(
        new E2eReport.Comparison(
            firstLabel,
            secondLabel,
            side(firstLabel, first.overall()),
            side(secondLabel, second.overall()),
            paired,
            secondDocument));
  }

  private static E2eReport.Side side(String label, StrategyRun run) {
    Tally t = run.report().overall();
    PipelineMetrics m = run.metrics();
    int n = m.questions();
    return new E2eReport.Side(
        label,
        t.scored(),
        t.correct(),
        round(t.accuracy()),
        round1(perQuestion(m.tokens().promptTokens(), n)),
        round1(perQuestion(m.tokens().totalTokens(), n)),
        n == 0 ? 0 : Math.round(100.0 * m.llmCalls() / n) / 100.0,
        n == 0
            ? 0
            : m.cost().usd().divide(BigDecimal.valueOf(n), 8, RoundingMode.HALF_UP).doubleValue(),
        round(m.recall().mean()),
        round(m.recall().complete()));
  }

  /** The scored answers that are not correct, in question order (skipped ones are no answers). */
  public static List<ScoredAnswer> failures(StrategyRun run) {
    return run.answers().stream().filter(a -> !a.correct()).toList();
  }

  /** One run's section of the document. */
  public static E2eReport.RunSection section(StrategyRun run) {
    EvaluationReport r = run.report();
    Tally all = r.overall();
    Map<String, E2eReport.SemanticsRow> semantics = new LinkedHashMap<>();
    run.bySemantics()
        .forEach(
            (label, t) ->
                semantics.put(
                    label,
                    new E2eReport.SemanticsRow(t.scored(), t.correct(), round(t.accuracy()))));
    PipelineMetrics m = run.metrics();
    RunState s = run.state();
    return new E2eReport.RunSection(
        all.questions(),
        all.scored(),
        all.correct(),
        round(all.accuracy()),
        all.wrong(),
        all.error(),
        all.timeout(),
        all.skipped(),
        tallies(r.byDifficulty()),
        tallies(r.byDatabase()),
        semantics,
        new E2eReport.Jaccard(
            r.jaccard().column(),
            r.jaccard().coverage(),
            r.jaccard().table(),
            all.jaccardCorrect(),
            round(all.jaccardAccuracy())),
        tokens(m),
        cost(m),
        latency(m),
        recall(m.recall(), run.answers()),
        calibration(m.calibration()),
        new E2eReport.Progress(
            s.log(),
            s.questions(),
            s.finished(),
            s.skipped(),
            s.resumed(),
            s.askedNow(),
            s.waiting(),
            s.unfinished(),
            s.stopped()),
        failures(run).stream().map(E2eReports::failure).toList(),
        caveats(r.caveats()),
        schemaContext(run.answers()));
  }

  /** The gold caveats as the documents show them. */
  public static E2eReport.GoldCaveatsSection caveats(GoldCaveats c) {
    return new E2eReport.GoldCaveatsSection(
        c.goldEmpty(),
        c.goldEmptyCorrect(),
        c.textCaseOrSpace(),
        c.scored(),
        c.correct(),
        round(c.accuracyExcluding()));
  }

  // How many answers' prompts showed the whole schema, and how many retrieved it.
  private static Map<String, Integer> schemaContext(List<ScoredAnswer> answers) {
    Map<String, Integer> ways = new LinkedHashMap<>();
    for (ScoredAnswer a : answers) {
      ways.merge(a.answer().context().orElse("not recorded"), 1, Integer::sum);
    }
    return ways;
  }

  /** A breakdown's rows as the document shows them. */
  public static Map<String, E2eReport.TallyRow> tallies(Map<String, Tally> rows) {
    Map<String, E2eReport.TallyRow> out = new LinkedHashMap<>();
    rows.forEach(
        (name, t) ->
            out.put(
                name,
                new E2eReport.TallyRow(
                    t.questions(),
                    t.scored(),
                    t.correct(),
                    round(t.accuracy()),
                    t.wrong(),
                    t.error(),
                    t.timeout(),
                    t.skipped(),
                    t.jaccardCorrect())));
    return out;
  }

  private static E2eReport.Tokens tokens(PipelineMetrics m) {
    int q = m.questions();
    return new E2eReport.Tokens(
        m.tokens().promptTokens(),
        m.tokens().completionTokens(),
        m.llmCalls(),
        round1(perQuestion(m.tokens().promptTokens(), q)),
        round1(perQuestion(m.tokens().completionTokens(), q)));
  }

  private static E2eReport.CostSection cost(PipelineMetrics m) {
    int q = m.questions();
    return new E2eReport.CostSection(
        m.cost().usd().setScale(6, RoundingMode.HALF_UP).doubleValue(),
        q == 0
            ? 0
            : m.cost().usd().divide(BigDecimal.valueOf(q), 8, RoundingMode.HALF_UP).doubleValue(),
        m.cost().unpricedCalls(),
        m.cost().isKnown());
  }

  private static E2eReport.Latency latency(PipelineMetrics m) {
    PipelineMetrics.Latency l = m.latency();
    Map<String, E2eReport.Stage> stages = new LinkedHashMap<>();
    m.stages()
        .forEach(
            (name, st) ->
                stages.put(
                    name,
                    new E2eReport.Stage(
                        st.questions(),
                        Math.round(st.calls() * 100) / 100.0,
                        round1(st.promptTokens()),
                        round1(st.completionTokens()),
                        round1(st.llmMillis()),
                        round1(st.otherMillis()))));
    return new E2eReport.Latency(
        round1(l.meanMillis()),
        l.p50Millis(),
        l.p90Millis(),
        l.maxMillis(),
        round1(l.llmMeanMillis()),
        round1(l.otherMeanMillis()),
        l.indexingMillis(),
        stages);
  }

  private static E2eReport.Recall recall(PipelineMetrics.Recall rc, List<ScoredAnswer> answers) {
    int complete = 0;
    int completeCorrect = 0;
    int incomplete = 0;
    int incompleteCorrect = 0;
    for (ScoredAnswer a : answers) {
      var recall = a.recall();
      if (recall.isEmpty()) {
        continue;
      }
      if (recall.getAsDouble() >= 1) {
        complete++;
        completeCorrect += a.correct() ? 1 : 0;
      } else {
        incomplete++;
        incompleteCorrect += a.correct() ? 1 : 0;
      }
    }
    return new E2eReport.Recall(
        rc.questions(),
        round(rc.mean()),
        round(rc.complete()),
        rc.tableQuestions(),
        round(rc.tableMean()),
        rc.noColumns(),
        rc.unreadableGold(),
        complete,
        completeCorrect,
        incomplete,
        incompleteCorrect);
  }

  private static E2eReport.Calibration calibration(PipelineMetrics.Calibration c) {
    List<E2eReport.Bucket> buckets = new ArrayList<>();
    for (PipelineMetrics.Bucket b : c.buckets()) {
      buckets.add(
          new E2eReport.Bucket(
              b.from(),
              b.to(),
              b.questions(),
              b.correct(),
              round(b.accuracy()),
              round(b.meanConfidence())));
    }
    Map<String, E2eReport.StatusRow> byStatus = new LinkedHashMap<>();
    c.byStatus()
        .forEach(
            (name, count) ->
                byStatus.put(
                    name,
                    new E2eReport.StatusRow(
                        count.questions(), count.correct(), round(count.accuracy()))));
    return new E2eReport.Calibration(
        round(c.expectedCalibrationError()), buckets, byStatus, c.omitted().orElse(""));
  }

  private static E2eReport.Failure failure(ScoredAnswer a) {
    QuestionResult f = a.result();
    return new E2eReport.Failure(
        f.question().id(),
        f.question().database(),
        f.difficulty(),
        f.question().question(),
        a.strategy(),
        a.answer().status(),
        round(a.answer().confidence()),
        f.verdict().label(),
        f.detail(),
        f.question().goldSql(),
        f.predictedSql().orElse(null),
        f.diff().map(ResultDiff::summary),
        a.answer().problem(),
        List.copyOf(a.missedColumns()),
        a.recall().isPresent() ? Optional.of(round(a.recall().getAsDouble())) : Optional.empty(),
        f.marks().stream().map(GoldMark::label).sorted().toList());
  }

  private static double perQuestion(long total, int n) {
    return n == 0 ? 0 : (double) total / n;
  }

  /** Six decimals, as every accuracy and share in the documents. */
  public static double round(double v) {
    return Math.round(v * 1_000_000) / 1_000_000.0;
  }

  private static double round1(double v) {
    return Math.round(v * 10) / 10.0;
  }
}
