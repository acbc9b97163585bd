package dev.parlance.deploy.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.application.benchmark.IndexScaleBenchmarkReport;
import dev.parlance.application.benchmark.IndexScaleBenchmarkReport.Latency;
import dev.parlance.application.benchmark.IndexScaleBenchmarkUseCase;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import org.eclipse.microprofile.config.Config;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code parlance bench index-scale}: an index holding a million columns, measured. */
@Command(
    name = "index-scale",
    mixinStandardHelpOptions = true,
    description = {
      "Index N synthetic sources derived from SocialDB (18,890 columns each; 53 make a million"
          + " column vectors) into indexes of the benchmark's own, then print bulk ingest"
          + " throughput, search latency p50/p95 per question in one source and across all,"
          + " heap and disk.",
      "SocialDB is embedded once: the copies reuse its vectors with a little noise."
    })
final class BenchIndexScaleCommand implements Callable<Integer>, ParlanceCli.SettingFlags {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject IndexScaleBenchmarkUseCase benchmark;
  @Inject Config config;

  @Option(
      names = "--index",
      paramLabel = "KIND",
      description = "lucene or opensearch (default: parlance.index, else lucene)")
  String index;

  @Option(names = "--opensearch-url", paramLabel = "URL", description = "the OpenSearch node(s)")
  String openSearchUrl;

  @Option(
      names = "--sources",
      defaultValue = "53",
      description = "synthetic sources to build (default: ${DEFAULT-VALUE})")
  int sources;

  @Option(names = "--data", required = true, description = "folder laid out like ../shared/data")
  Path data;

  @Option(
      names = "--columns",
      paramLabel = "N",
      description = "only SocialDB's first tables up to N columns per source (default: all)")
  Integer columns;

  @Option(names = "--keep", description = "keep the synthetic sources indexed afterwards")
  boolean keep;

  @Option(names = "--json", description = "also write the results as JSON to this file")
  Path json;

  @Override
  public Map<String, String> settings() {
    return IndexChoice.settings(index, openSearchUrl);
  }

  @Override
  public Integer call() throws IOException {
    ParlanceCli cli = ParlanceCli.of(spec);
    String where = IndexChoice.describe(config);
    var command =
        new IndexScaleBenchmarkUseCase.Command(
            data, sources, columns == null ? OptionalInt.empty() : OptionalInt.of(columns), keep);
    HeapUse.resetPeak();
    IndexScaleBenchmarkReport report = benchmark.run(command, new TerminalProgress(cli.err()));
    double heapMb = HeapUse.peakMb();
    print(cli.out(), report, heapMb, where);
    if (json != null) {
      write(json, report, heapMb, where);
      cli.out().println("wrote " + json);
    }
    return ParlanceCli.OK;
  }

  private static void print(
      PrintStream out, IndexScaleBenchmarkReport r, double heapMb, String where) {
    out.printf(
        Locale.ROOT,
        "index-scale, index %s, %s: %d SYNTHETIC sources derived from SocialDB, %,d tables and"
            + " %,d columns each: %,d column vectors, %,d elements%n",
        where,
        r.model(),
        r.sources(),
        r.tablesPerSource(),
        r.columnsPerSource(),
        r.columns(),
        r.elements());
    out.printf(
        Locale.ROOT,
        "bulk ingest                  %,d elements in %.1f s: %,.0f elements/s%n",
        r.elements(),
        r.ingestSeconds(),
        r.elementsPerSecond());
    latency(out, "search, one source", r.oneSource());
    latency(out, "search, all sources", r.allSources());
    latency(out, "default ranking, one source", r.defaultRetrieval());
    out.printf(
        Locale.ROOT,
        "disk                         %.2f GB (%,d documents)%n",
        r.footprint().diskBytes() / 1e9,
        r.footprint().documents());
    out.printf(Locale.ROOT, "heap                         Parlance %.0f MB peak", heapMb);
    r.footprint()
        .serverHeapBytes()
        .ifPresent(
            b -> out.printf(Locale.ROOT, "; OpenSearch %.0f MB in use", b / (1024.0 * 1024.0)));
    out.println();
    r.notes().forEach(n -> out.println("note: " + n));
  }

  private static void latency(PrintStream out, String what, Latency l) {
    out.printf(
        Locale.ROOT,
        "%-28s p50/p95 %.1f / %.1f ms per question (%d questions)%n",
        what,
        l.p50Ms(),
        l.p95Ms(),
        l.samples());
  }

  private static void write(Path file, IndexScaleBenchmarkReport r, double heapMb, String where)
      throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("index", where);
    root.put("model", r.model());
    root.put("synthetic", true);
    root.put("sources", r.sources());
    root.put("tables_per_source", r.tablesPerSource());
    root.put("columns_per_source", r.columnsPerSource());
    root.put("columns", r.columns());
    root.put("elements", r.elements());
    root.put("ingest_seconds", Math.round(r.ingestSeconds() * 10) / 10.0);
    root.put("ingest_elements_per_second", Math.round(r.elementsPerSecond()));
    for (var entry :
        java.util.Map.of(
                "search_one_source_ms", r.oneSource(),
                "search_all_sources_ms", r.allSources(),
                "default_ranking_one_source_ms", r.defaultRetrieval())
            .entrySet()) {
      ObjectNode l = root.putObject(entry.getKey());
      l.put("p50", Math.round(entry.getValue().p50Ms() * 10) / 10.0);
      l.put("p95", Math.round(entry.getValue().p95Ms() * 10) / 10.0);
      l.put("questions", entry.getValue().samples());
    }
    root.put("disk_bytes", r.footprint().diskBytes());
    root.put("documents", r.footprint().documents());
    root.put("parlance_peak_heap_mb", Math.round(heapMb));
    r.footprint().serverHeapBytes().ifPresent(b -> root.put("opensearch_heap_bytes", b));
    r.notes().forEach(root.putArray("notes")::add);
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    mapper.writeValue(file.toFile(), root);
  }
}
