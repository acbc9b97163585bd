package dev.parlance.deploy.cli;

import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Questions;
import dev.parlance.application.evaluation.PipelineEvaluation;
import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.E2eReports;
import dev.parlance.application.evaluation.report.RunDescription;
import dev.parlance.deploy.wiring.ParlanceSettings;
import dev.parlance.domain.completion.BatchCompletionPort;
import dev.parlance.domain.completion.BatchStatus;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.LanguageModelConfigurationException;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.evaluation.EvaluationDataset;
import dev.parlance.domain.evaluation.EvaluationSemantics;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.evaluation.OpenRunLogPort;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
  @Inject EvaluatePipelineUseCase pipelineRuns;
  // Until bench e2e is its own use case (run naming, model choice, run logs), it reads these
  // itself.
  @Inject LanguageModelsPort models;
  @Inject OpenRunLogPort runLogs;
  @Inject ParlanceSettings parlance;

  @Option(
      names = "--dataset",
      description = "spider-dev, bird-dev, bird-dev-pre2024 or bird-minidev")
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
          "direct, c3, din or ta-sql; several (comma-separated) are run one after the other and"
              + " compared (default: parlance.ask.strategy)")
  List<String> strategies = new ArrayList<>();

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
  public Integer call() throws IOException {
    ParlanceCli cli = ParlanceCli.of(spec);
    Questions questions = questions();
    AskSettings settings = parlance.askDefaults();
    List<StrategyName> chosen =
        strategies.isEmpty()
            ? List.of(settings.strategy())
            : strategies.stream().map(StrategyName::parse).distinct().toList();
    int m = candidates == null ? settings.candidates() : candidates;
    if (m < 1 || m > 64) {
      throw CommandFailure.refused("--candidates must be between 1 and 64");
    }
    if (limit != null && limit < 1) {
      throw CommandFailure.refused("--limit must be at least 1");
    }
    Model model;
    try {
      model = model();
    } catch (LanguageModelConfigurationException e) {
      if (batchDir != null && batchModel == null) {
        throw CommandFailure.refused(
            "--batch-dir needs the model its requests name: --batch-model MODEL, or"
                + " a configured profile (PARLANCE_LLM_PROVIDER=openai"
                + " PARLANCE_LLM_MODEL=…)");
      }
      throw e;
    }
    String runName = run != null ? run : defaultRunName(questions, m, model.name());
    if (!runName.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,120}")) {
      throw CommandFailure.refused(
          "--run must be letters, digits, '.', '_' or '-' (at most 121 characters)");
    }
    Path runDir = parlance.home().benchRuns().resolve(runName);
    if (fresh) {
      setAside(runDir, chosen);
    }
    String embedding = parlance.embeddingModel();
    Map<String, String> identity = new LinkedHashMap<>();
    identity.put("model", model.name());
    identity.put("embedding-model", embedding);
    identity.putAll(settingsIdentity(settings));
    var command =
        new EvaluatePipelineUseCase.Command(
            questions,
            chosen,
            m,
            limit == null ? OptionalInt.empty() : OptionalInt.of(limit),
            new HashSet<>(databases),
            evidence,
            Optional.ofNullable(semantics).map(EvaluationSemantics::parse),
            new JaccardThresholds(tc, tn, tq),
            new UserIdentity(
                user == null ? "parlance-bench" : user, new HashSet<>(roles), Map.of()),
            identity);
    PrintStream out = cli.out();
    out.printf(
        "bench e2e: %s, strategy %s, %d candidates, model %s (%s)%n",
        questions instanceof Questions.Benchmark b
            ? b.dataset().label()
            : "questions " + questionsFile,
        String.join(", ", chosen.stream().map(StrategyName::label).toList()),
        m,
        model.name(),
        model.batch().isPresent()
            ? "offline batch " + model.batch().get().status().pendingFile().getParent()
            : "online");
    out.printf("run:       %s (%s)%n", runName, runDir);
    out.flush();
    PipelineEvaluation evaluation =
        pipelineRuns.evaluate(
            command,
            model.port(),
            s -> runLogs.open(runDir.resolve(s.label() + ".jsonl")),
            new EvaluatePipelineUseCase.Watch(
                new TerminalProgress(cli.err()),
                new TerminalProgress(cli.err()),
                problem -> cli.err().println("parlance: " + problem)));
    RunDescription context =
        new RunDescription(
            runName,
            runDir.toString(),
            model.name(),
            model.batch().isPresent() ? "batch" : "online",
            m,
            questions instanceof Questions.Benchmark b && b.dataset().label().startsWith("bird")
                ? Optional.of(evidence)
                : Optional.empty(),
            model.batch().map(BatchCompletionPort::status),
            Instant.now());
    E2eText.print(out, evaluation, context, failuresShown, json);
    E2eReport document = E2eReports.of(evaluation, context);
    // The run keeps its own report: the portal lists runs and serves it (docs/portal.md).
    java.nio.file.Files.createDirectories(runDir);
    ReportJson.write(runDir.resolve("report.json"), document);
    E2eHtml.write(runDir.resolve("report.html"), List.of(document), Optional.ofNullable(title));
    if (json != null) {
      ReportJson.write(json, document);
      out.println("wrote " + json);
    }
    if (html != null) {
      E2eHtml.write(html, List.of(document), Optional.ofNullable(title));
      out.println("wrote " + html);
    }
    return exitCode(cli, evaluation, model);
  }

  private int exitCode(ParlanceCli cli, PipelineEvaluation evaluation, Model model) {
    PipelineEvaluation.RunState state = evaluation.overall().state();
    if (state.complete()) {
      return ParlanceCli.OK;
    }
    if (state.waiting() > 0 && model.batch().isPresent()) {
      BatchStatus s = model.batch().get().status();
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

  /** The model to ask: a profile's vendor (with its fallbacks), or an offline batch folder. */
  private record Model(String name, CompleteChatPort port, Optional<BatchCompletionPort> batch) {}

  private Model model() {
    Optional<LanguageModelsPort.LanguageModel> chosen =
        models.choose(
            new LanguageModelsPort.ModelRequest(
                Optional.ofNullable(profile),
                Optional.empty(),
                Optional.ofNullable(batchDir),
                Optional.ofNullable(batchModel)));
    if (chosen.isEmpty()) {
      throw CommandFailure.refused(
          models.howToConfigure()
              + System.lineSeparator()
              + "Or work offline: --batch-dir DIR --batch-model MODEL (see docs/evaluation.md).");
    }
    LanguageModelsPort.LanguageModel model = chosen.get();
    return new Model(model.models(), model.chat(), model.batch());
  }

  private String defaultRunName(Questions questions, int m, String model) {
    String what =
        switch (questions) {
          case Questions.Benchmark b -> b.dataset().label();
          case Questions.Verified v -> "questions-" + stem(v.file());
        };
    boolean bird =
        questions instanceof Questions.Benchmark b && b.dataset().label().startsWith("bird");
    String name = what + "-m" + m + (bird && !evidence ? "-noevidence" : "") + "-" + model;
    return name.replaceAll("[^A-Za-z0-9._-]", "_");
  }

  private static String stem(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }

  // Everything in the pipeline's settings that changes answers, besides strategy and m.
  private static Map<String, String> settingsIdentity(AskSettings s) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("temperature", String.valueOf(s.temperature()));
    m.put("max-tokens", String.valueOf(s.maxTokens()));
    m.put("correction-rounds", String.valueOf(s.correctionRounds()));
    m.put("confidence-threshold", String.valueOf(s.confidenceThreshold()));
    m.put("schema-budget", String.valueOf(s.schemaBudget()));
    m.put("wider-budget", String.valueOf(s.widerBudget()));
    m.put("value-threshold", String.valueOf(s.valueThreshold()));
    m.put("value-top-k", String.valueOf(s.valueTopK()));
    m.put("sample-rows", String.valueOf(s.sampleRows()));
    m.put("examples", String.valueOf(s.examples()));
    m.put("hallucinate", String.valueOf(s.hallucinate()));
    return m;
  }

  // The old logs stay beside the new ones: they may have cost money.
  private static void setAside(Path runDir, List<StrategyName> strategies) throws IOException {
    String stamp = Instant.now().toString().replace(':', '-');
    for (StrategyName s : strategies) {
      Path log = runDir.resolve(s.label() + ".jsonl");
      if (Files.exists(log)) {
        Files.move(
            log,
            runDir.resolve(s.label() + ".jsonl." + stamp + ".old"),
            StandardCopyOption.ATOMIC_MOVE);
      }
    }
  }

  static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
  }
}
