package dev.parlance.deploy.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.application.evaluation.EvaluationReport;
import dev.parlance.application.evaluation.GoldCaveats;
import dev.parlance.application.evaluation.QuestionResult;
import dev.parlance.application.evaluation.ScorePredictionsUseCase;
import dev.parlance.application.evaluation.Tally;
import dev.parlance.domain.evaluation.EvaluationDataset;
import dev.parlance.domain.evaluation.EvaluationSemantics;
import dev.parlance.domain.evaluation.GoldMark;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.evaluation.ResultDiff;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code parlance bench ex}: execution accuracy of a prediction file, as the official scripts. */
@Command(
    name = "ex",
    mixinStandardHelpOptions = true,
    description = {
      "Execution accuracy of a prediction file on Spider dev or a BIRD dev revision, with the"
          + " official evaluator's rules (BIRD's evaluation.py or Spider's test-suite exec_eval.py).",
      "Prints the accuracy, the counts (correct / wrong / error / timeout / skipped), the"
          + " breakdowns by difficulty and database, Nascimento's Jaccard procedure with its"
          + " thresholds, the failures, and which gold the numbers used."
    })
final class BenchExCommand implements Callable<Integer> {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject ScorePredictionsUseCase scoring;

  @Option(
      names = "--dataset",
      required = true,
      description = "spider-dev, bird-dev, bird-dev-pre2024 or bird-minidev")
  String dataset;

  @Option(names = "--data", required = true, description = "folder laid out like ../shared/data")
  Path data;

  @Option(
      names = "--predictions",
      required = true,
      description =
          "Spider style (one SQL per line in dataset order, optionally a tab and the db id) or"
              + " BIRD style (JSON {\"0\": \"SQL\\t----- bird -----\\tdb_id\", ...})")
  Path predictions;

  @Option(
      names = "--semantics",
      description =
          "bird, spider or spider-keep-distinct (default: bird for BIRD datasets, spider for"
              + " Spider)")
  String semantics;

  @Option(names = "--json", description = "also write the results as JSON to this file")
  Path json;

  @Option(
      names = "--tc",
      defaultValue = "0.5",
      description = "Jaccard procedure: column similarity threshold (default: ${DEFAULT-VALUE})")
  double tc;

  @Option(
      names = "--tn",
      defaultValue = "1.0",
      description =
          "Jaccard procedure: share of gold columns that must match (default: ${DEFAULT-VALUE})")
  double tn;

  @Option(
      names = "--tq",
      defaultValue = "0.9",
      description = "Jaccard procedure: table similarity threshold (default: ${DEFAULT-VALUE})")
  double tq;

  @Option(
      names = "--failures",
      defaultValue = "10",
      description = "how many failures to print (all are in --json; default: ${DEFAULT-VALUE})")
  int failuresShown;

  @Override
  public Integer call() throws IOException {
    ParlanceCli cli = ParlanceCli.of(spec);
    if (!Files.isRegularFile(predictions)) {
      throw CommandFailure.refused("no such predictions file: " + predictions);
    }
    EvaluationDataset chosen = EvaluationDataset.parse(dataset);
    if (chosen.union().isPresent()) {
      throw CommandFailure.refused(
          dataset
              + " asks questions over a union of schemas: it is a pipeline benchmark ('bench e2e'),"
              + " not a prediction file's; score a file with --dataset "
              + chosen.questions().label());
    }
    var command =
        new ScorePredictionsUseCase.Command(
            chosen,
            data,
            predictions,
            Optional.ofNullable(semantics).map(EvaluationSemantics::parse),
            new JaccardThresholds(tc, tn, tq));
    EvaluationReport report = scoring.score(command, new TerminalProgress(cli.err()));
    print(cli.out(), report);
    if (json != null) {
      write(json, report, predictions);
      cli.out().println("wrote " + json);
    }
    return ParlanceCli.OK;
  }

  private void print(PrintStream out, EvaluationReport r) {
    Tally all = r.overall();
    out.printf("%s, %s semantics%n", r.dataset(), r.semantics());
    out.println("gold:        " + r.goldRevision());
    out.println("rules:       " + r.semanticsDescription());
    out.println("predictions: " + predictions + " (" + r.predictionsFormat() + ")");
    r.warnings().forEach(w -> out.println("warning: " + w));
    out.println();
    out.printf(
        "execution accuracy %s (%d correct of %d scored; %d questions)%n",
        percent(all.accuracy()), all.correct(), all.scored(), all.questions());
    out.printf(
        "correct %d  wrong %d  error %d  timeout %d  skipped %d%n",
        all.correct(), all.wrong(), all.error(), all.timeout(), all.skipped());
    if (!r.missingDatabases().isEmpty()) {
      out.println(
          "missing databases (questions skipped): " + String.join(", ", r.missingDatabases()));
    }
    out.println();
    table(out, "difficulty", r.byDifficulty());
    out.println();
    table(out, "database", r.byDatabase());
    out.println();
    out.printf(
        "Nascimento's Jaccard procedure (%s): %s (%d of %d scored)%n",
        r.jaccard().describe(), percent(all.jaccardAccuracy()), all.jaccardCorrect(), all.scored());
    E2eText.caveats(out, r.caveats(), all);
    if (!r.failures().isEmpty()) {
      int shown = Math.min(Math.max(0, failuresShown), r.failures().size());
      out.println();
      out.printf(
          "failures: %d (%d shown%s)%n",
          r.failures().size(), shown, json != null ? ", all in " + json : "; all with --json");
      for (QuestionResult f : r.failures().subList(0, shown)) {
        out.printf(
            "  #%s %s, %s: %s — %s%n",
            f.question().id(),
            f.question().database(),
            f.difficulty(),
            f.verdict().label(),
            f.diff().map(ResultDiff::summary).orElse(f.detail()));
        out.println("      gold: " + oneLine(f.question().goldSql()));
        out.println("      pred: " + oneLine(f.predictedSql().orElse("(none)")));
      }
    }
    r.notes().forEach(n -> out.println("note: " + n));
    out.printf("took %.1f s%n", r.seconds());
  }

  static void table(PrintStream out, String title, Map<String, Tally> rows) {
    int width =
        Math.max(title.length(), rows.keySet().stream().mapToInt(String::length).max().orElse(0));
    String format = "%-" + width + "s %9s %7s %7s %5s %7s %7s %7s %9s%n";
    out.printf(
        format,
        title,
        "questions",
        "scored",
        "correct",
        "wrong",
        "error",
        "timeout",
        "skipped",
        "accuracy");
    rows.forEach(
        (name, t) ->
            out.printf(
                format,
                name,
                t.questions(),
                t.scored(),
                t.correct(),
                t.wrong(),
                t.error(),
                t.timeout(),
                t.skipped(),
                t.scored() == 0 ? "-" : percent(t.accuracy())));
  }

  private static String percent(double fraction) {
    return String.format("%.2f%%", 100 * fraction);
  }

  static String oneLine(String sql) {
    return sql.replaceAll("\\s+", " ").strip();
  }

  private static void write(Path file, EvaluationReport r, Path predictions) throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("dataset", r.dataset());
    root.put("semantics", r.semantics());
    root.put("semantics_description", r.semanticsDescription());
    root.put("gold_revision", r.goldRevision());
    root.put("predictions", predictions.toString());
    root.put("predictions_format", r.predictionsFormat());
    Tally all = r.overall();
    root.put("questions", all.questions());
    root.put("scored", all.scored());
    root.put("correct", all.correct());
    root.put("accuracy", round(all.accuracy()));
    root.put("wrong", all.wrong());
    root.put("error", all.error());
    root.put("timeout", all.timeout());
    root.put("skipped", all.skipped());
    tallies(root.putObject("by_difficulty"), r.byDifficulty());
    tallies(root.putObject("by_database"), r.byDatabase());
    ObjectNode jaccard = root.putObject("jaccard");
    jaccard.put("tc", r.jaccard().column());
    jaccard.put("tn", r.jaccard().coverage());
    jaccard.put("tq", r.jaccard().table());
    jaccard.put("correct", all.jaccardCorrect());
    jaccard.put("accuracy", round(all.jaccardAccuracy()));
    root.put("gold_failures", r.goldFailures());
    ArrayNode missing = root.putArray("missing_databases");
    r.missingDatabases().forEach(missing::add);
    ArrayNode failures = root.putArray("failures");
    for (QuestionResult f : r.failures()) {
      ObjectNode n = failures.addObject();
      n.put("id", f.question().id());
      n.put("database", f.question().database());
      n.put("difficulty", f.difficulty());
      n.put("verdict", f.verdict().label());
      n.put("detail", f.detail());
      n.put("gold_sql", f.question().goldSql());
      n.put("predicted_sql", f.predictedSql().orElse(null));
      f.diff().ifPresent(d -> n.put("diff", d.summary()));
      f.jaccardCorrect().ifPresent(j -> n.put("jaccard_correct", j));
      ArrayNode marks = n.putArray("marks");
      f.marks().stream().map(GoldMark::label).sorted().forEach(marks::add);
    }
    ArrayNode notes = root.putArray("notes");
    r.notes().forEach(notes::add);
    GoldCaveats c = r.caveats();
    ObjectNode caveats = root.putObject("gold_caveats");
    caveats.put("gold_empty", c.goldEmpty());
    caveats.put("gold_empty_correct", c.goldEmptyCorrect());
    caveats.put("text_case_or_space", c.textCaseOrSpace());
    caveats.put("scored", c.scored());
    caveats.put("correct", c.correct());
    caveats.put("accuracy", round(c.accuracyExcluding()));
    ArrayNode warnings = root.putArray("warnings");
    r.warnings().forEach(warnings::add);
    root.put("seconds", Math.round(r.seconds() * 1000) / 1000.0);
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    mapper.writeValue(file.toFile(), root);
  }

  static void tallies(ObjectNode node, Map<String, Tally> rows) {
    rows.forEach(
        (name, t) -> {
          ObjectNode n = node.putObject(name);
          n.put("questions", t.questions());
          n.put("scored", t.scored());
          n.put("correct", t.correct());
          n.put("accuracy", round(t.accuracy()));
          n.put("wrong", t.wrong());
          n.put("error", t.error());
          n.put("timeout", t.timeout());
          n.put("skipped", t.skipped());
          n.put("jaccard_correct", t.jaccardCorrect());
        });
  }

  static double round(double v) {
    return Math.round(v * 1_000_000) / 1_000_000.0;
  }
}
