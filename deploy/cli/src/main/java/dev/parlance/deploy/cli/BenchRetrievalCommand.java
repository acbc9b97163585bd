package dev.parlance.deploy.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.application.benchmark.RetrievalBenchmarkReport;
import dev.parlance.application.benchmark.RetrievalBenchmarkUseCase;
import dev.parlance.application.retrieval.RetrievalSettings;
import dev.parlance.domain.benchmark.RetrievalDataset;
import dev.parlance.domain.retrieval.RetrievalMode;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.eclipse.microprofile.config.Config;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code parlance bench retrieval}: CRUSH4SQL's recall at budgets, with build time and latency. */
@Command(
    name = "retrieval",
    mixinStandardHelpOptions = true,
    description = {
      "Schema-retrieval recall on the CRUSH4SQL benchmarks (BirdUnion, SpiderUnion) and speed on"
          + " SocialDB.",
      "Prints mean column recall per budget, the number of questions, index build time,"
          + " retrieval latency p50/p95 per question (no LLM call) and peak heap."
    })
final class BenchRetrievalCommand implements Callable<Integer>, ParlanceCli.SettingFlags {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject RetrievalBenchmarkUseCase benchmark;
  @Inject Config config;

  @Option(names = "--dataset", required = true, description = "birdunion, spiderunion or socialdb")
  String dataset;

  @Option(names = "--data", required = true, description = "folder laid out like ../shared/data")
  Path data;

  @Option(
      names = "--questions",
      description =
          "questions replacing the dataset's: crush4sql/bird_dev.json format (birdunion) or"
              + " Spider dev.json format (spiderunion)")
  Path questions;

  @Option(
      names = "--mode",
      defaultValue = "default",
      description =
          "single, paper, default or lexical (BM25 alone: what a source answers with before its"
              + " dense vectors exist) (default: ${DEFAULT-VALUE})")
  String mode;

  @Option(
      names = "--budgets",
      defaultValue = "3,5,10,20,30",
      split = ",",
      description = "budgets B to report recall at (default: ${DEFAULT-VALUE})")
  List<Integer> budgets;

  @Option(
      names = "--without-hallucinations",
      description =
          "ignore the questions' cached hallucinated schemas (the default mode as it"
              + " works with no language model)")
  boolean withoutHallucinations;

  @Option(
      names = "--names-only",
      description =
          "index names only, without descriptions and values (an ablation of the default mode)")
  boolean namesOnly;

  @Option(names = "--json", description = "also write the results as JSON to this file")
  Path json;

  @Option(
      names = "--index",
      paramLabel = "KIND",
      description = "lucene or opensearch (default: parlance.index, else lucene)")
  String index;

  @Option(
      names = "--opensearch-url",
      paramLabel = "URL",
      description = "the OpenSearch node(s) to index into (default: parlance.opensearch.url)")
  String openSearchUrl;

  @Option(
      names = "--option",
      description = "change one retrieval setting for an ablation, e.g. lexical-weight=0",
      paramLabel = "NAME=VALUE")
  List<String> options = new ArrayList<>();

  @Override
  public Map<String, String> settings() {
    return IndexChoice.settings(index, openSearchUrl);
  }

  @Override
  public Integer call() throws IOException {
    ParlanceCli cli = ParlanceCli.of(spec);
    String where = IndexChoice.describe(config);
    RetrievalSettings settings = RetrievalSettings.defaults();
    for (String option : options) {
      int eq = option.indexOf('=');
      if (eq <= 0) {
        throw CommandFailure.refused("--option needs NAME=VALUE, got '" + option + "'");
      }
      settings = settings.with(option.substring(0, eq), option.substring(eq + 1));
    }
    var command =
        new RetrievalBenchmarkUseCase.Command(
            RetrievalDataset.parse(dataset),
            data,
            Optional.ofNullable(questions),
            RetrievalMode.parse(mode),
            budgets,
            !withoutHallucinations,
            !namesOnly,
            settings);
    HeapUse.resetPeak();
    RetrievalBenchmarkReport report = benchmark.run(command, new TerminalProgress(cli.err()));
    double peakHeapMb = HeapUse.peakMb();
    print(cli.out(), report, peakHeapMb, settings, where);
    if (json != null) {
      write(json, report, peakHeapMb, where);
      cli.out().println("wrote " + json);
    }
    return ParlanceCli.OK;
  }

  private static void print(
      PrintStream out,
      RetrievalBenchmarkReport r,
      double peakHeapMb,
      RetrievalSettings settings,
      String where) {
    out.printf(
        "%s, mode %s, %s, index %s: %d questions, %d tables, %d columns%n",
        r.dataset().label(),
        r.mode().label(),
        r.model(),
        where,
        r.questions(),
        r.tables(),
        r.columns());
    if (!r.recall().isEmpty()) {
      StringBuilder header = new StringBuilder("budget ");
      StringBuilder row = new StringBuilder("recall ");
      r.recall()
          .forEach(
              (b, v) -> {
                header.append(String.format("%7s", "r@" + b));
                row.append(String.format("%7.3f", v));
              });
      out.println(header);
      out.println(row);
    }
    out.printf("index build      %.1f s%n", r.indexSeconds());
    out.printf(
        "latency p50/p95  %.1f / %.1f ms per question%n", r.latencyP50Ms(), r.latencyP95Ms());
    out.printf("peak heap        %.0f MB%n", peakHeapMb);
    if (r.mode() == RetrievalMode.DEFAULT) {
      out.println("settings         " + settings.names());
    }
    r.notes().forEach(n -> out.println("note: " + n));
  }

  private static void write(Path file, RetrievalBenchmarkReport r, double peakHeapMb, String where)
      throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("dataset", r.dataset().label());
    root.put("mode", r.mode().label());
    root.put("index", where);
    root.put("questions", r.questions());
    ObjectNode recall = root.putObject("recall");
    r.recall().forEach((b, v) -> recall.put(String.valueOf(b), round(v, 4)));
    root.put("index_seconds", round(r.indexSeconds(), 3));
    ObjectNode latency = root.putObject("latency_ms");
    latency.put("p50", round(r.latencyP50Ms(), 3));
    latency.put("p95", round(r.latencyP95Ms(), 3));
    root.put("peak_heap_mb", round(peakHeapMb, 1));
    root.put("model", r.model());
    root.put("columns", r.columns());
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    mapper.writeValue(file.toFile(), root);
  }

  private static double round(double v, int places) {
    double scale = Math.pow(10, places);
    return Math.round(v * scale) / scale;
  }
}
