package dev.parlance.deploy.cli;

import dev.parlance.application.evaluation.EvaluationReport;
import dev.parlance.application.evaluation.GoldCaveats;
import dev.parlance.application.evaluation.PipelineEvaluation;
import dev.parlance.application.evaluation.PipelineEvaluation.RunState;
import dev.parlance.application.evaluation.PipelineEvaluation.StrategyRun;
import dev.parlance.application.evaluation.PipelineMetrics;
import dev.parlance.application.evaluation.QuestionResult;
import dev.parlance.application.evaluation.ScoredAnswer;
import dev.parlance.application.evaluation.Tally;
import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.E2eReports;
import dev.parlance.application.evaluation.report.RunDescription;
import dev.parlance.domain.evaluation.ResultDiff;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** What {@code bench e2e} prints. */
final class E2eText {

  private E2eText() {}

  static void print(
      PrintStream out,
      PipelineEvaluation evaluation,
      RunDescription context,
      int failuresShown,
      Path json) {
    StrategyRun overall = evaluation.overall();
    EvaluationReport r = overall.report();
    out.println("gold:      " + r.goldRevision());
    out.println("rules:     " + r.semanticsDescription());
    r.warnings().forEach(w -> out.println("warning:   " + w));
    if (evaluation.runs().size() > 1) {
      out.println();
      comparison(out, evaluation);
    }
    for (StrategyRun run : evaluation.runs()) {
      out.println();
      if (evaluation.runs().size() > 1) {
        out.println("== strategy " + run.strategy());
      }
      run(out, run, failuresShown, json);
    }
    out.println();
    r.notes().forEach(n -> out.println("note: " + n));
    if (context.offline()) {
      out.println("note: " + RunDescription.REPLAY_NOTE);
    }
    out.printf(Locale.ROOT, "took %.1f s%n", r.seconds());
  }

  private static void comparison(PrintStream out, PipelineEvaluation evaluation) {
    String semantics = evaluation.overall().report().semantics();
    String format = "%-10s %7s %8s %10s %10s %9s %10s %11s %7s %6s%n";
    out.printf(
        Locale.ROOT,
        format,
        "strategy",
        "scored",
        "correct",
        semantics,
        otherLabel(evaluation.overall(), semantics),
        "tokens/q",
        "cost/q",
        "latency/q",
        "recall",
        "ECE");
    for (StrategyRun run : evaluation.runs()) {
      Tally t = run.report().overall();
      PipelineMetrics m = run.metrics();
      out.printf(
          Locale.ROOT,
          format,
          run.strategy(),
          t.scored(),
          t.correct(),
          t.scored() == 0 ? "-" : BenchE2eCommand.percent(t.accuracy()),
          other(run, semantics).map(o -> BenchE2eCommand.percent(o.accuracy())).orElse("-"),
          String.format(Locale.ROOT, "%.0f", perQuestion(m.tokens().totalTokens(), m.questions())),
          dollars(m.cost().usd(), m.questions()),
          String.format(Locale.ROOT, "%.0f ms", m.latency().meanMillis()),
          String.format(Locale.ROOT, "%.3f", m.recall().mean()),
          m.calibration().omitted().isPresent()
              ? "-"
              : String.format(Locale.ROOT, "%.3f", m.calibration().expectedCalibrationError()));
    }
  }

  private static String otherLabel(StrategyRun run, String semantics) {
    return run.bySemantics().keySet().stream()
        .filter(l -> !l.equals(semantics))
        .findFirst()
        .orElse("-");
  }

  private static Optional<Tally> other(StrategyRun run, String semantics) {
    return run.bySemantics().entrySet().stream()
        .filter(e -> !e.getKey().equals(semantics))
        .map(Map.Entry::getValue)
        .findFirst();
  }

  private static void run(PrintStream out, StrategyRun run, int failuresShown, Path json) {
    EvaluationReport r = run.report();
    RunState s = run.state();
    Tally all = r.overall();
    out.printf(
        "progress:  %d of %d answerable questions have an answer (%d from earlier invocations,"
            + " %d asked now%s%s); %d skipped (missing database)%n",
        s.finished(),
        s.questions() - s.skipped(),
        s.resumed(),
        s.askedNow(),
        s.waiting() > 0 ? ", " + s.waiting() + " waiting for the batch" : "",
        s.unfinished() > 0 ? ", " + s.unfinished() + " unfinished" : "",
        s.skipped());
    out.println("log:       " + s.log());
    out.println();
    if (all.scored() == 0) {
      out.printf(
          "execution accuracy: no answer to score yet (%d questions skipped)%n", all.skipped());
      return;
    }
    out.printf(
        "execution accuracy %s (%d correct of %d scored; %d questions) — %s semantics%n",
        BenchE2eCommand.percent(all.accuracy()),
        all.correct(),
        all.scored(),
        all.questions(),
        r.semantics());
    run.bySemantics()
        .forEach(
            (label, t) -> {
              if (!label.equals(r.semantics())) {
                out.printf(
                    "  under %s semantics: %s (%d of %d)%n",
                    label, BenchE2eCommand.percent(t.accuracy()), t.correct(), t.scored());
              }
            });
    out.printf(
        "correct %d  wrong %d  error %d  timeout %d  skipped %d%n",
        all.correct(), all.wrong(), all.error(), all.timeout(), all.skipped());
    out.println();
    BenchExCommand.table(out, "difficulty", r.byDifficulty());
    out.println();
    BenchExCommand.table(out, "database", r.byDatabase());
    out.println();
    out.printf(
        "Nascimento's Jaccard procedure (%s): %s (%d of %d scored)%n",
        r.jaccard().describe(),
        BenchE2eCommand.percent(all.jaccardAccuracy()),
        all.jaccardCorrect(),
        all.scored());
    caveats(out, r.caveats(), all);
    metrics(out, run);
    failures(out, run, failuresShown, json);
  }

  /** The questions the gold cannot judge, and the accuracy without them. */
  static void caveats(PrintStream out, GoldCaveats c, Tally all) {
    if (c.marked() == 0) {
      return;
    }
    out.printf(
        "gold caveats: %d gold queries return no rows (%d answers scored correct on them); %d"
            + " answers differ from the gold only by surrounding white space or letter case;"
            + " without them %s (%d of %d) — the official number stays %s%n",
        c.goldEmpty(),
        c.goldEmptyCorrect(),
        c.textCaseOrSpace(),
        BenchE2eCommand.percent(c.accuracyExcluding()),
        c.correct(),
        c.scored(),
        BenchE2eCommand.percent(all.accuracy()));
  }

  private static void metrics(PrintStream out, StrategyRun run) {
    PipelineMetrics m = run.metrics();
    out.println();
    int n = m.questions();
    out.printf(
        Locale.ROOT,
        "tokens     %d prompt + %d completion in %d calls (%.1f + %.1f per question)%n",
        m.tokens().promptTokens(),
        m.tokens().completionTokens(),
        m.llmCalls(),
        perQuestion(m.tokens().promptTokens(), n),
        perQuestion(m.tokens().completionTokens(), n));
    out.printf("cost       %s (%s per question)%n", m.cost().display(), dollars(m.cost().usd(), n));
    PipelineMetrics.Latency l = m.latency();
    out.printf(
        Locale.ROOT,
        "latency    %.0f ms per question (p50 %d, p90 %d, max %d); model %.0f ms, Parlance %.0f"
            + " ms%s%n",
        l.meanMillis(),
        l.p50Millis(),
        l.p90Millis(),
        l.maxMillis(),
        l.llmMeanMillis(),
        l.otherMeanMillis(),
        l.indexingMillis() > 0
            ? "; first-use indexing " + l.indexingMillis() + " ms in all (not per question)"
            : "");
    if (!m.stages().isEmpty()) {
      String format = "  %-22s %8s %9s %9s %9s %10s%n";
      out.printf(
          Locale.ROOT,
          format,
          "stage",
          "calls/q",
          "prompt/q",
          "compl./q",
          "llm ms/q",
          "other ms/q");
      m.stages()
          .forEach(
              (name, st) ->
                  out.printf(
                      Locale.ROOT,
                      format,
                      name,
                      String.format(Locale.ROOT, "%.2f", st.calls()),
                      String.format(Locale.ROOT, "%.1f", st.promptTokens()),
                      String.format(Locale.ROOT, "%.1f", st.completionTokens()),
                      String.format(Locale.ROOT, "%.0f", st.llmMillis()),
                      String.format(Locale.ROOT, "%.0f", st.otherMillis())));
    }
    PipelineMetrics.Recall rc = m.recall();
    out.printf(
        Locale.ROOT,
        "schema recall %.3f (mean share of the gold query's columns the final prompt showed, %d"
            + " questions); every gold column shown for %s; tables %.3f%s%s%n",
        rc.mean(),
        rc.questions(),
        BenchE2eCommand.percent(rc.complete()),
        rc.tableMean(),
        rc.noColumns() > 0 ? "; " + rc.noColumns() + " gold queries read no column" : "",
        rc.unreadableGold() > 0
            ? "; " + rc.unreadableGold() + " gold queries could not be read"
            : "");
    E2eReport.RunSection section = E2eReports.section(run);
    E2eReport.Recall split = section.recall();
    if (split.completeQuestions() + split.incompleteQuestions() > 0) {
      out.printf(
          "  execution accuracy beside it: %s when every gold column was shown (%d of %d), %s"
              + " when some was missing (%d of %d)%n",
          split.completeQuestions() == 0
              ? "-"
              : BenchE2eCommand.percent(
                  (double) split.completeCorrect() / split.completeQuestions()),
          split.completeCorrect(),
          split.completeQuestions(),
          split.incompleteQuestions() == 0
              ? "-"
              : BenchE2eCommand.percent(
                  (double) split.incompleteCorrect() / split.incompleteQuestions()),
          split.incompleteCorrect(),
          split.incompleteQuestions());
    }
    StringBuilder ways = new StringBuilder();
    section
        .schemaContext()
        .forEach(
            (way, count) ->
                ways.append(ways.isEmpty() ? "" : ", ").append(way).append(' ').append(count));
    if (!ways.isEmpty()) {
      out.println("schema     the final prompt's schema: " + ways);
    }
    PipelineMetrics.Calibration c = m.calibration();
    if (c.omitted().isPresent()) {
      out.println("calibration left out: " + c.omitted().get());
      return;
    }
    out.println("calibration (is high confidence right more often?)");
    out.printf(
        "  %-12s %9s %8s %9s %10s%n",
        "confidence", "questions", "correct", "accuracy", "mean conf.");
    for (PipelineMetrics.Bucket b : c.buckets()) {
      out.printf(
          Locale.ROOT,
          "  %-12s %9d %8d %9s %10.2f%n",
          bucketLabel(b),
          b.questions(),
          b.correct(),
          BenchE2eCommand.percent(b.accuracy()),
          b.meanConfidence());
    }
    StringBuilder status = new StringBuilder();
    c.byStatus()
        .forEach(
            (name, count) ->
                status
                    .append(status.isEmpty() ? "" : ", ")
                    .append(name.replace('_', ' '))
                    .append(' ')
                    .append(count.questions())
                    .append(
                        count.questions() == 0
                            ? ""
                            : " (" + BenchE2eCommand.percent(count.accuracy()) + " correct)"));
    out.printf(
        Locale.ROOT,
        "  expected calibration error %.3f; %s%n",
        c.expectedCalibrationError(),
        status);
  }

  static String bucketLabel(PipelineMetrics.Bucket b) {
    return b.to() >= 1
        ? String.format(Locale.ROOT, "[%.1f, 1.0]", b.from())
        : String.format(Locale.ROOT, "[%.1f, %.1f)", b.from(), b.to());
  }

  private static void failures(PrintStream out, StrategyRun run, int failuresShown, Path json) {
    List<ScoredAnswer> failures = E2eReports.failures(run);
    if (failures.isEmpty()) {
      return;
    }
    int shown = Math.min(Math.max(0, failuresShown), failures.size());
    out.println();
    out.printf(
        "failures: %d (%d shown%s)%n",
        failures.size(), shown, json != null ? ", all in " + json : "; all with --json");
    for (ScoredAnswer a : failures.subList(0, shown)) {
      QuestionResult f = a.result();
      out.printf(
          Locale.ROOT,
          "  #%s %s, %s: %s (%s, confidence %.0f%%) — %s%n",
          f.question().id(),
          f.question().database(),
          f.difficulty(),
          f.verdict().label(),
          a.answer().status().replace('_', ' '),
          100 * a.answer().confidence(),
          f.diff().map(ResultDiff::summary).orElse(f.detail()));
      out.println("      gold: " + BenchExCommand.oneLine(f.question().goldSql()));
      out.println("      pred: " + BenchExCommand.oneLine(f.predictedSql().orElse("(none)")));
      if (!a.missedColumns().isEmpty()) {
        out.println(
            "      gold columns the prompt lacked: " + String.join(", ", a.missedColumns()));
      }
    }
  }

  private static double perQuestion(long total, int n) {
    return n == 0 ? 0 : (double) total / n;
  }

  private static String dollars(BigDecimal usd, int n) {
    if (n == 0) {
      return "-";
    }
    return "$" + usd.divide(BigDecimal.valueOf(n), 6, RoundingMode.HALF_UP).toPlainString();
  }

  private static final String SIDE_BY_SIDE = "  %-24s %14s %14s%n";

  /** One line of the side-by-side table: what, and how each run shows it. */
  private static void sideBySide(
      PrintStream out,
      String what,
      E2eReport.Side a,
      E2eReport.Side b,
      java.util.function.Function<E2eReport.Side, Object> shown) {
    out.printf(SIDE_BY_SIDE, what, shown.apply(a), shown.apply(b));
  }

  private static String rounded(String format, double value) {
    return String.format(Locale.ROOT, format, value);
  }

  /** The two runs side by side, and question by question. */
  static void comparison(PrintStream out, E2eReport.Comparison c) {
    out.println();
    out.printf("== side by side: %s and %s%n", c.label(), c.otherLabel());
    out.printf(SIDE_BY_SIDE, "", c.label(), c.otherLabel());
    E2eReport.Side a = c.side();
    E2eReport.Side b = c.otherSide();
    sideBySide(out, "scored", a, b, E2eReport.Side::scored);
    sideBySide(out, "execution accuracy", a, b, s -> BenchE2eCommand.percent(s.accuracy()));
    sideBySide(out, "correct", a, b, E2eReport.Side::correct);
    sideBySide(
        out, "prompt tokens / question", a, b, s -> rounded("%.1f", s.promptTokensPerQuestion()));
    sideBySide(out, "all tokens / question", a, b, s -> rounded("%.1f", s.tokensPerQuestion()));
    sideBySide(out, "model calls / question", a, b, s -> rounded("%.2f", s.callsPerQuestion()));
    sideBySide(out, "cost / question", a, b, s -> rounded("$%.6f", s.costPerQuestion()));
    sideBySide(out, "schema recall", a, b, s -> rounded("%.3f", s.recall()));
    sideBySide(
        out, "every gold column shown", a, b, s -> BenchE2eCommand.percent(s.allGoldColumns()));
    E2eReport.Paired p = c.paired();
    if (p.questions() == 0) {
      out.println("  no question has an answer from both runs yet");
      return;
    }
    out.printf(
        Locale.ROOT,
        "  question by question (%d answered by both): both right %d, only %s %d, only %s %d,"
            + " neither %d%n",
        p.questions(),
        p.bothCorrect(),
        c.label(),
        p.onlyThis(),
        c.otherLabel(),
        p.onlyOther(),
        p.neither());
    out.printf(
        Locale.ROOT,
        "  %s's prompt tokens ÷ %s's: mean %.3f, max %.3f; within %.1f× for %d of %d%n",
        c.label(),
        c.otherLabel(),
        p.tokenRatioMean(),
        p.tokenRatioMax(),
        p.tokenRatioLimit(),
        p.withinTokenRatio(),
        p.questions());
    out.printf(
        Locale.ROOT,
        "  %s's model calls beyond %s's: mean %.2f, max %d; at most one more for %d of %d%n",
        c.label(),
        c.otherLabel(),
        p.extraCallsMean(),
        p.extraCallsMax(),
        p.withinOneExtraCall(),
        p.questions());
  }
}
