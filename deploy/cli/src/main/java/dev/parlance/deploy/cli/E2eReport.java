package dev.parlance.deploy.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.application.evaluation.EvaluationReport;
import dev.parlance.application.evaluation.PipelineEvaluation;
import dev.parlance.application.evaluation.PipelineEvaluation.RunState;
import dev.parlance.application.evaluation.PipelineEvaluation.StrategyRun;
import dev.parlance.application.evaluation.PipelineMetrics;
import dev.parlance.application.evaluation.QuestionResult;
import dev.parlance.application.evaluation.ScoredAnswer;
import dev.parlance.application.evaluation.Tally;
import dev.parlance.domain.completion.BatchStatus;
import dev.parlance.domain.evaluation.ResultDiff;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** What {@code bench e2e} prints and writes as JSON (the HTML report is drawn from the JSON). */
final class E2eReport {

  private E2eReport() {}

  /**
   * How the run was made, for the report.
   *
   * @param mode {@code online} or {@code batch}
   * @param evidence whether BIRD's evidence was used; empty for datasets without it
   */
  record Context(
      String run,
      String runDirectory,
      String model,
      String mode,
      int candidates,
      Optional<Boolean> evidence,
      Optional<BatchStatus> batch,
      Instant finished) {}

  static void print(
      PrintStream out,
      PipelineEvaluation evaluation,
      Context context,
      int failuresShown,
      Path json) {
    StrategyRun overall = evaluation.overall();
    EvaluationReport r = overall.report();
    out.println("gold:      " + r.goldRevision());
    out.println("rules:     " + r.semanticsDescription());
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
    if (context.mode().equals("batch")) {
      out.println(
          "note: answers replayed from batch results; latency measures the replay, not the model");
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
          String.format(Locale.ROOT, "%.3f", m.calibration().expectedCalibrationError()));
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
    metrics(out, run.metrics());
    failures(out, run, failuresShown, json);
  }

  private static void metrics(PrintStream out, PipelineMetrics m) {
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
    PipelineMetrics.Calibration c = m.calibration();
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
    List<ScoredAnswer> failures = failures(run);
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

  /** The scored answers that are not correct, in question order (skipped ones are no answers). */
  static List<ScoredAnswer> failures(StrategyRun run) {
    return run.answers().stream().filter(a -> !a.correct()).toList();
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

  // --- JSON ---

  static ObjectNode json(PipelineEvaluation evaluation, Context context) {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    StrategyRun overall = evaluation.overall();
    EvaluationReport r = overall.report();
    root.put("dataset", r.dataset());
    root.put("semantics", r.semantics());
    root.put("semantics_description", r.semanticsDescription());
    root.put("gold_revision", r.goldRevision());
    root.put("run", context.run());
    root.put("run_directory", context.runDirectory());
    root.put("model", context.model());
    root.put("mode", context.mode());
    root.put("strategy", overall.strategy());
    root.put("candidates", context.candidates());
    context
        .evidence()
        .ifPresentOrElse(e -> root.put("evidence", e), () -> root.putNull("evidence"));
    root.put("complete", overall.state().complete());
    runFields(root, overall);
    ObjectNode strategies = root.putObject("by_strategy");
    for (StrategyRun run : evaluation.runs()) {
      runFields(strategies.putObject(run.strategy()), run);
    }
    context
        .batch()
        .ifPresent(
            s -> {
              ObjectNode b = root.putObject("batch");
              b.put("answered", s.answered());
              b.put("failed", s.failed());
              b.put("in_flight", s.inFlight());
              b.put("pending", s.pending());
              b.put("pending_file", s.pendingFile().toString());
            });
    ArrayNode missing = root.putArray("missing_databases");
    r.missingDatabases().forEach(missing::add);
    ArrayNode notes = root.putArray("notes");
    r.notes().forEach(notes::add);
    if (context.mode().equals("batch")) {
      notes.add("answers replayed from batch results; latency measures the replay, not the model");
    }
    root.put("finished_at", context.finished().toString());
    root.put("seconds", Math.round(r.seconds() * 1000) / 1000.0);
    return root;
  }

  private static void runFields(ObjectNode n, StrategyRun run) {
    EvaluationReport r = run.report();
    Tally all = r.overall();
    n.put("questions", all.questions());
    n.put("scored", all.scored());
    n.put("correct", all.correct());
    n.put("accuracy", BenchExCommand.round(all.accuracy()));
    n.put("wrong", all.wrong());
    n.put("error", all.error());
    n.put("timeout", all.timeout());
    n.put("skipped", all.skipped());
    BenchExCommand.tallies(n.putObject("by_difficulty"), r.byDifficulty());
    BenchExCommand.tallies(n.putObject("by_database"), r.byDatabase());
    ObjectNode semantics = n.putObject("accuracy_by_semantics");
    run.bySemantics()
        .forEach(
            (label, t) -> {
              ObjectNode s = semantics.putObject(label);
              s.put("scored", t.scored());
              s.put("correct", t.correct());
              s.put("accuracy", BenchExCommand.round(t.accuracy()));
            });
    ObjectNode jaccard = n.putObject("jaccard");
    jaccard.put("tc", r.jaccard().column());
    jaccard.put("tn", r.jaccard().coverage());
    jaccard.put("tq", r.jaccard().table());
    jaccard.put("correct", all.jaccardCorrect());
    jaccard.put("accuracy", BenchExCommand.round(all.jaccardAccuracy()));
    metricsJson(n, run.metrics());
    RunState s = run.state();
    ObjectNode progress = n.putObject("progress");
    progress.put("log", s.log());
    progress.put("questions", s.questions());
    progress.put("finished", s.finished());
    progress.put("skipped", s.skipped());
    progress.put("resumed", s.resumed());
    progress.put("asked_now", s.askedNow());
    progress.put("waiting", s.waiting());
    progress.put("unfinished", s.unfinished());
    s.stopped().ifPresent(why -> progress.put("stopped", why));
    ArrayNode failures = n.putArray("failures");
    for (ScoredAnswer a : failures(run)) {
      QuestionResult f = a.result();
      ObjectNode o = failures.addObject();
      o.put("id", f.question().id());
      o.put("database", f.question().database());
      o.put("difficulty", f.difficulty());
      o.put("question", f.question().question());
      o.put("strategy", a.strategy());
      o.put("status", a.answer().status());
      o.put("confidence", BenchExCommand.round(a.answer().confidence()));
      o.put("verdict", f.verdict().label());
      o.put("detail", f.detail());
      o.put("gold_sql", f.question().goldSql());
      o.put("predicted_sql", f.predictedSql().orElse(null));
      f.diff().ifPresent(d -> o.put("diff", d.summary()));
      a.answer().problem().ifPresent(p -> o.put("problem", p));
      ArrayNode missed = o.putArray("gold_columns_not_in_prompt");
      a.missedColumns().forEach(missed::add);
    }
  }

  private static void metricsJson(ObjectNode n, PipelineMetrics m) {
    int q = m.questions();
    ObjectNode tokens = n.putObject("tokens");
    tokens.put("prompt", m.tokens().promptTokens());
    tokens.put("completion", m.tokens().completionTokens());
    tokens.put("llm_calls", m.llmCalls());
    tokens.put("prompt_per_question", round1(perQuestion(m.tokens().promptTokens(), q)));
    tokens.put("completion_per_question", round1(perQuestion(m.tokens().completionTokens(), q)));
    ObjectNode cost = n.putObject("cost");
    cost.put("usd", m.cost().usd().setScale(6, RoundingMode.HALF_UP).doubleValue());
    cost.put(
        "usd_per_question",
        q == 0
            ? 0
            : m.cost().usd().divide(BigDecimal.valueOf(q), 8, RoundingMode.HALF_UP).doubleValue());
    cost.put("unpriced_calls", m.cost().unpricedCalls());
    cost.put("known", m.cost().isKnown());
    PipelineMetrics.Latency l = m.latency();
    ObjectNode latency = n.putObject("latency");
    latency.put("mean_ms", round1(l.meanMillis()));
    latency.put("p50_ms", l.p50Millis());
    latency.put("p90_ms", l.p90Millis());
    latency.put("max_ms", l.maxMillis());
    latency.put("llm_mean_ms", round1(l.llmMeanMillis()));
    latency.put("parlance_mean_ms", round1(l.otherMeanMillis()));
    latency.put("indexing_ms", l.indexingMillis());
    ObjectNode stages = latency.putObject("by_stage");
    m.stages()
        .forEach(
            (name, st) -> {
              ObjectNode o = stages.putObject(name);
              o.put("questions", st.questions());
              o.put("calls", Math.round(st.calls() * 100) / 100.0);
              o.put("prompt_tokens", round1(st.promptTokens()));
              o.put("completion_tokens", round1(st.completionTokens()));
              o.put("llm_ms", round1(st.llmMillis()));
              o.put("other_ms", round1(st.otherMillis()));
            });
    PipelineMetrics.Recall rc = m.recall();
    ObjectNode recall = n.putObject("recall");
    recall.put("questions", rc.questions());
    recall.put("mean", BenchExCommand.round(rc.mean()));
    recall.put("all_gold_columns", BenchExCommand.round(rc.complete()));
    recall.put("table_questions", rc.tableQuestions());
    recall.put("table_mean", BenchExCommand.round(rc.tableMean()));
    recall.put("no_columns", rc.noColumns());
    recall.put("unreadable_gold", rc.unreadableGold());
    PipelineMetrics.Calibration c = m.calibration();
    ObjectNode calibration = n.putObject("calibration");
    calibration.put("ece", BenchExCommand.round(c.expectedCalibrationError()));
    ArrayNode buckets = calibration.putArray("buckets");
    for (PipelineMetrics.Bucket b : c.buckets()) {
      ObjectNode o = buckets.addObject();
      o.put("from", b.from());
      o.put("to", b.to());
      o.put("questions", b.questions());
      o.put("correct", b.correct());
      o.put("accuracy", BenchExCommand.round(b.accuracy()));
      o.put("mean_confidence", BenchExCommand.round(b.meanConfidence()));
    }
    ObjectNode status = calibration.putObject("by_status");
    c.byStatus()
        .forEach(
            (name, count) -> {
              ObjectNode o = status.putObject(name);
              o.put("questions", count.questions());
              o.put("correct", count.correct());
              o.put("accuracy", BenchExCommand.round(count.accuracy()));
            });
  }

  private static double round1(double v) {
    return Math.round(v * 10) / 10.0;
  }

  static void write(Path file, ObjectNode document) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    new ObjectMapper()
        .enable(SerializationFeature.INDENT_OUTPUT)
        .writeValue(file.toFile(), document);
  }
}
