package dev.parlance.deploy.cli;

import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Questions;
import dev.parlance.application.evaluation.PipelineBenchmarkUseCase;
import dev.parlance.application.evaluation.PipelineEvaluation;
import dev.parlance.application.evaluation.RunConfigurationChangedException;
import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.ReportDocumentsUseCase;
import dev.parlance.domain.completion.BatchStatus;
import dev.parlance.domain.completion.LanguageModelConfigurationException;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.evaluation.EvaluationDataset;
import dev.parlance.domain.evaluation.EvaluationSemantics;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.inject.Inject;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code parlance bench e2e}: the question pipeline over a benchmark, scored with the benchmark's
 * own evaluator, online or through offline batch files, resumable. Exit codes: 0 the run is
 * complete, 1 it stopped before the end (run it again to resume), 2 bad usage, 3 it waits for an
 * offline batch.
 */
@Command(
    name = "e2e",
    mixinStandardHelpOptions = true,
    description = {
      "Run the question pipeline over a benchmark (or your verified questions) and score the"
          + " answers with the benchmark's own evaluator: execution accuracy under both semantics,"
          + " by difficulty and database, failures with both SQLs, tokens, cost, latency per"
          + " stage, schema-retrieval recall and confidence calibration.",
      "Every finished question is logged at once under $PARLANCE_HOME/bench-runs/RUN/; running"
          + " the same command again resumes. With --batch-dir nothing is sent: the requests go"
          + " to an OpenAI Batch API input file, and the next invocation reads the results.",
      "Exit codes: 0 complete, 1 stopped early (run again to resume), 2 bad usage, 3 waiting for"
          + " the offline batch."
    })
final class BenchE2eCommand implements Callable<Integer> {

  /** Exit code of an invocation that waits for an offline batch's results. */
  static final int WAITING = 3;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject PipelineBenchmarkUseCase benchmarks;
  @Inject ReportDocumentsUseCase reports;

  @Option(
      names = "--dataset",
      description =
          "spider-dev, bird-dev, bird-dev-pre2024, bird-minidev, or spiderunion / birdunion (Spider"
              + " dev's / BIRD dev's questions over the union of all their schemas, CRUSH4SQL's"
              + " end-to-end setting)")
  String dataset;

  @Option(names = "--data", description = "folder laid out like ../shared/data")
  Path data;

  @Option(
      names = "--questions",
      paramLabel = "FILE",
      description =
          "your verified questions instead of a benchmark: JSON Lines with question, sql, source"
              + " and optionally difficulty, asked of configured sources")
  Path questionsFile;

  @Option(
      names = "--strategy",
      split = ",",
      paramLabel = "NAME[,NAME]",
      description =
          "direct, c3, din, ta-sql or rb-sql; several (comma-separated) are run one after the"
              + " other and compared (default: parlance.ask.strategy)")
  List<String> strategies = new ArrayList<>();

  @Option(
      names = "--select",
      paramLabel = "vote",
      description =
          "vote: besides each strategy alone, a run in which the strategies vote together, one"
              + " candidate each (SQL-PaLM's test-time selection), reported as the series 'vote'")
  String select;

  @Option(
      names = "--examples",
      paramLabel = "POOL",
      description =
          "a declared example pool every question may be shown instead of its source's verified"
              + " questions: spider-train (spider/train_spider_min.json of --data)")
  String examples;

  @Option(
      names = "--candidates",
      paramLabel = "N",
      description = "SQL candidates that vote (default: parlance.ask.candidates, 5)")
  Integer candidates;

  @Option(
      names = "--limit",
      paramLabel = "N",
      description = "only the first N questions whose database is present")
  Integer limit;

  @Option(
      names = "--databases",
      split = ",",
      paramLabel = "DB[,DB]",
      description = "only the questions on these databases")
  List<String> databases = new ArrayList<>();

  @Option(
      names = "--evidence",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "append BIRD's evidence to each question as \"External Knowledge: …\" (default: on, as"
              + " in every published BIRD number; --no-evidence for the harder setting)")
  boolean evidence;

  @Option(
      names = "--semantics",
      description =
          "the evaluator whose numbers lead: bird, spider or spider-keep-distinct (default: the"
              + " dataset's; bird for --questions); the other is reported beside it")
  String semantics;

  @Option(
      names = "--baseline",
      description =
          "ask with the bare whole-schema prompt instead of the pipeline's context: every column"
              + " with its descriptions, no hallucination, retrieval, sample rows, values or"
              + " corrections (to put beside a pipeline run of the same questions)")
  boolean baseline;

  @Option(
      names = "--baseline-tokens",
      paramLabel = "N",
      description =
          "with --baseline: show as much of the schema as fits N prompt tokens (whole tables in"
              + " catalog order); default: all of it")
  Integer baselineTokens;

  @Option(
      names = "--compare-baseline",
      description =
          "also ask the same questions with the bare whole-schema prompt (--baseline, its own run"
              + " RUN-baseline) and report both side by side: EX, tokens, calls, schema recall,"
              + " question by question")
  boolean compareBaseline;

  @Option(
      names = "--compare-raw",
      description =
          "with --questions: also ask the same questions of each source's base tables alone"
              + " (curation off: same database, policy and model; its own run RUN-raw) and report"
              + " curated and raw side by side")
  boolean compareRaw;

  @Option(
      names = "--self-examples",
      description =
          "with --questions: let a verified question be shown itself as an example (by default its"
              + " twin among the source's verified questions is left out of the examples, so that"
              + " a run over the verified set measures something)")
  boolean selfExamples;

  @Option(names = "--llm", paramLabel = "PROFILE", description = "a named language-model profile")
  String profile;

  @Option(
      names = "--batch-dir",
      paramLabel = "DIR",
      description =
          "work offline: write the requests still needed to DIR/pending.jsonl (OpenAI Batch API"
              + " input) and read results from DIR/results/")
  Path batchDir;

  @Option(
      names = "--batch-model",
      paramLabel = "MODEL",
      description =
          "the model batch requests name (default: the --llm or configured profile's model)")
  String batchModel;

  @Option(
      names = "--run",
      paramLabel = "NAME",
      description =
          "the run's name (default: <dataset>-m<candidates>[-noevidence]-<model>); its answers"
              + " are logged in $PARLANCE_HOME/bench-runs/NAME/<strategy>.jsonl")
  String run;

  @Option(
      names = "--fresh",
      description = "start the run over: its old logs are kept beside it as *.jsonl.<time>.old")
  boolean fresh;

  @Option(
      names = "--as",
      paramLabel = "USER",
      description = "who the questions are asked for (default: parlance-bench)")
  String user;

  @Option(
      names = "--roles",
      split = ",",
      paramLabel = "R1,R2",
      description = "that user's roles (for --questions on governed sources)")
  List<String> roles = new ArrayList<>();

  @Option(names = "--json", paramLabel = "OUT", description = "write the results as JSON")
  Path json;

  @Option(
      names = "--html",
      paramLabel = "OUT",
      description = "write a self-contained HTML report with charts")
  Path html;

  @Option(names = "--title", description = "the HTML report's title")
  String title;

  @Option(
      names = "--failures",
      defaultValue = "10",
      description = "how many failures to print (all are in --json; default: ${DEFAULT-VALUE})")
  int failuresShown;

  @Option(names = "--tc", defaultValue = "0.5", description = "Jaccard procedure's tc")
  double tc;

  @Option(names = "--tn", defaultValue = "1.0", description = "Jaccard procedure's tn")
  double tn;

  @Option(names = "--tq", defaultValue = "0.9", description = "Jaccard procedure's tq")
  double tq;

  @Override
  public Integer call() throws java.io.IOException {
    ParlanceCli cli = ParlanceCli.of(spec);
    Questions questions = questions();
    if (candidates != null && (candidates < 1 || candidates > 64)) {
      throw CommandFailure.refused("--candidates must be between 1 and 64");
    }
    if (limit != null && limit < 1) {
      throw CommandFailure.refused("--limit must be at least 1");
    }
    if (run != null && !run.matches(PipelineBenchmarkUseCase.RUN_NAME)) {
      throw CommandFailure.refused(
          "--run must be letters, digits, '.', '_' or '-' (at most 121 characters)");
    }
    if (baselineTokens != null && (!(baseline || compareBaseline) || baselineTokens < 1)) {
      throw CommandFailure.refused(
          "--baseline-tokens needs --baseline or --compare-baseline and a positive number");
    }
    if (compareBaseline && (baseline || compareRaw)) {
      throw CommandFailure.refused(
          "--compare-baseline puts the baseline beside the pipeline: give it without --baseline"
              + " and --compare-raw");
    }
    if (compareRaw && questionsFile == null) {
      throw CommandFailure.refused(
          "--compare-raw compares a curated source with its base tables: it needs --questions");
    }
    if (select != null && !select.equals("vote")) {
      throw CommandFailure.refused("--select takes vote, not '" + select + "'");
    }
    if (examples != null && questionsFile != null) {
      throw CommandFailure.refused(
          "--examples declares a benchmark's training set: give it with --dataset, not"
              + " --questions");
    }
    var request =
        new PipelineBenchmarkUseCase.Request(
            questions,
            strategies.stream().map(StrategyName::parse).distinct().toList(),
            candidates == null ? OptionalInt.empty() : OptionalInt.of(candidates),
            limit == null ? OptionalInt.empty() : OptionalInt.of(limit),
            new HashSet<>(databases),
            evidence,
            Optional.ofNullable(semantics).map(EvaluationSemantics::parse),
            new JaccardThresholds(tc, tn, tq),
            new UserIdentity(
                user == null ? "parlance-bench" : user, new HashSet<>(roles), Map.of()),
            baseline,
            baselineTokens == null ? OptionalInt.empty() : OptionalInt.of(baselineTokens),
            compareRaw
                ? PipelineBenchmarkUseCase.Comparison.RAW
                : compareBaseline
                    ? PipelineBenchmarkUseCase.Comparison.BASELINE
                    : PipelineBenchmarkUseCase.Comparison.NONE,
            questionsFile == null || selfExamples,
            new PipelineBenchmarkUseCase.ModelChoice(
                Optional.ofNullable(profile),
                Optional.ofNullable(batchDir),
                Optional.ofNullable(batchModel)),
            Optional.ofNullable(run),
            fresh,
            vote(),
            Optional.ofNullable(examples));
    PrintStream out = cli.out();
    PipelineBenchmarkUseCase.Outcome outcome;
    try {
      outcome =
          benchmarks.run(
              request,
              new PipelineBenchmarkUseCase.Watch(
                  starting -> announce(out, questions, starting),
                  new EvaluatePipelineUseCase.Watch(
                      new TerminalProgress(cli.err()),
                      new TerminalProgress(cli.err()),
                      problem -> cli.err().println("parlance: " + problem))));
    } catch (NoLanguageModelException e) {
      throw CommandFailure.refused(
          e.howToConfigure()
              + System.lineSeparator()
              + "Or work offline: --batch-dir DIR --batch-model MODEL (see docs/design/evaluation.md).");
    } catch (LanguageModelConfigurationException e) {
      if (batchDir != null && batchModel == null) {
        throw CommandFailure.refused(
            "--batch-dir needs the model its requests name: --batch-model MODEL, or"
                + " a configured profile (PARLANCE_LLM_PROVIDER=openai"
                + " PARLANCE_LLM_MODEL=…)");
      }
      throw e;
    } catch (RunConfigurationChangedException e) {
      throw CommandFailure.refused(
          e.getMessage() + ": name another run (--run) or start this one over (--fresh)");
    }
    PipelineBenchmarkUseCase.Run first = outcome.first();
    E2eText.print(out, first.evaluation(), first.description(), failuresShown, json);
    E2eReport document = outcome.report();
    document.comparison().ifPresent(c -> E2eText.comparison(out, c));
    // The run keeps its own report: the portal lists runs and serves it (docs/design/portal.md).
    try {
      reports.keepRunReport(
          Path.of(first.description().runDirectory()), document, Optional.ofNullable(title));
      if (json != null) {
        reports.writeJson(json, document);
        out.println("wrote " + json);
      }
      if (html != null) {
        reports.writeHtml(html, List.of(document), Optional.ofNullable(title));
        out.println("wrote " + html);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return exitCode(cli, outcome);
  }

  // The run's header before it asks anything: what is asked of which model, and where it is logged.
  private void announce(
      PrintStream out, Questions questions, PipelineBenchmarkUseCase.Starting starting) {
    if (starting.compared()) {
      out.printf("compared:  %s (%s)%n", starting.run(), starting.location());
      out.flush();
      return;
    }
    out.printf(
        "bench e2e: %s, strategy %s, %d candidates, model %s (%s)%n",
        questions instanceof Questions.Benchmark b
            ? b.dataset().label()
            : "questions " + questionsFile,
        String.join(", ", starting.strategies().stream().map(StrategyName::label).toList()),
        starting.candidates(),
        starting.model(),
        starting.batchFolder().map(f -> "offline batch " + f).orElse("online"));
    out.printf("run:       %s (%s)%n", starting.run(), starting.location());
    out.flush();
  }

  private int exitCode(ParlanceCli cli, PipelineBenchmarkUseCase.Outcome outcome) {
    if (outcome.complete()) {
      return ParlanceCli.OK;
    }
    PipelineEvaluation.RunState state = outcome.unfinished().evaluation().overall().state();
    if (state.waiting() > 0 && outcome.batch().isPresent()) {
      BatchStatus s = outcome.batch().get();
      PrintStream out = cli.out();
      out.println();
      out.printf(
          "waiting for the offline batch: %d question%s wait for %d request%s pending in %s"
              + " and %d in flight%n",
          state.waiting(),
          state.waiting() == 1 ? "" : "s",
          s.pending(),
          s.pending() == 1 ? "" : "s",
          s.pendingFile(),
          s.inFlight());
      Path dir = s.pendingFile().getParent();
      if (s.pending() > 0) {
        out.println("next:");
        out.printf(
            "  1. submit %s to the OpenAI Batch API (upload it with purpose \"batch\", then"
                + " create a batch on /v1/chat/completions with a 24h window)%n",
            s.pendingFile());
        out.printf(
            "  2. move it into %s (any name) so that it is not queued again%n",
            dir.resolve("submitted"));
      } else {
        out.println("next:");
      }
      out.printf(
          "  %s when the batch is done, put its output file (and error file, if any) into %s%n",
          s.pending() > 0 ? "3." : "1.", dir.resolve("results"));
      out.printf(
          "  %s run this command again: it reads the results and continues%n",
          s.pending() > 0 ? "4." : "2.");
      return WAITING;
    }
    cli.err()
        .println(
            "parlance: "
                + state
                    .stopped()
                    .map(why -> why + ": run the same command again to resume")
                    .orElse(
                        state.unfinished()
                            + " question(s) have no answer yet; run the same command again to"
                            + " ask them"));
    return ParlanceCli.FAILED;
  }

  private Questions questions() {
    if (questionsFile != null) {
      if (dataset != null) {
        throw CommandFailure.refused("give either --dataset or --questions, not both");
      }
      if (!Files.isRegularFile(questionsFile)) {
        throw CommandFailure.refused("no such questions file: " + questionsFile);
      }
      return new Questions.Verified(questionsFile);
    }
    if (dataset == null || data == null) {
      throw CommandFailure.refused("give --dataset and --data (or --questions FILE)");
    }
    return new Questions.Benchmark(EvaluationDataset.parse(dataset), data);
  }

  static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
  }

  private boolean vote() {
    return "vote".equals(select);
  }
}
