package dev.parlance.deploy.cli;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.parlance.application.curation.CurationQualityUseCase;
import dev.parlance.application.curation.CurationRecallReport;
import dev.parlance.application.curation.CurationRecallUseCase;
import dev.parlance.application.curation.MissingBaseSqlException;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.retrieval.RetrievalMode;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code parlance bench curation}: schema-retrieval recall with and without curation. */
@Command(
    name = "curation",
    mixinStandardHelpOptions = true,
    description = {
      "Schema-retrieval recall on a source's approved verified questions, over the curated"
          + " vocabulary (views and descriptions) and over the raw schema.",
      "Gold columns: each verified question's SQL parsed over the views (curated index) and its"
          + " hand-written base-table SQL parsed over the base tables (raw index). No LLM is called."
    })
final class BenchCurationCommand implements Callable<Integer> {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject CurationRecallUseCase recall;
  @Inject CurationQualityUseCase quality;

  @Option(
      names = "--source",
      defaultValue = "demo",
      description = "the source (default: ${DEFAULT-VALUE})")
  String source;

  @Option(
      names = "--base-sql",
      paramLabel = "FILE",
      description = "YAML map of verified question id → base-table SQL (the demo ships its own)")
  Path baseSql;

  @Option(
      names = "--modes",
      defaultValue = "single,default",
      split = ",",
      description = "retrieval modes: single, default (default: ${DEFAULT-VALUE})")
  List<String> modes;

  @Option(
      names = "--budgets",
      defaultValue = "3,5,10,20,30",
      split = ",",
      description = "budgets B to report recall at (default: ${DEFAULT-VALUE})")
  List<Integer> budgets;

  @Option(names = "--json", description = "also write the results as JSON to this file")
  Path json;

  @Option(
      names = "--versions",
      paramLabel = "N",
      description =
          "instead: the curated side's recall (default mode, R@5/10/20) of each of the last N"
              + " published versions, as the curation page charts it (no --json)")
  Integer versions;

  @Override
  public Integer call() throws IOException {
    ParlanceCli cli = ParlanceCli.of(spec);
    if (versions != null) {
      return byVersion(cli);
    }
    Map<String, String> base = Map.of();
    if (baseSql != null) {
      if (!Files.isRegularFile(baseSql)) {
        throw CommandFailure.refused("no base-table SQL file at " + baseSql);
      }
      base =
          new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
              .readValue(baseSql.toFile(), new TypeReference<LinkedHashMap<String, String>>() {});
    }
    List<RetrievalMode> parsed = new ArrayList<>();
    modes.forEach(m -> parsed.add(RetrievalMode.parse(m)));
    CurationRecallReport report;
    try {
      report =
          recall.run(
              new CurationRecallUseCase.Command(source, base, parsed, budgets),
              new TerminalProgress(cli.err()));
    } catch (MissingBaseSqlException e) {
      throw CommandFailure.refused(
          "give --base-sql FILE: the base-table SQL of each verified question of " + e.source());
    }
    cli.out()
        .printf(
            "source %s: %d verified questions with gold columns, embeddings %s%n",
            report.source(), report.questions(), report.model());
    List<String> header = new ArrayList<>(List.of("SCHEMA", "MODE", "TABLES", "COLUMNS", "GOLD/Q"));
    budgets.stream().sorted().distinct().forEach(b -> header.add("R@" + b));
    List<List<Object>> rows = new ArrayList<>();
    for (CurationRecallReport.Row r : report.rows()) {
      List<Object> row =
          new ArrayList<>(
              List.of(
                  r.schema(),
                  r.mode(),
                  r.tables(),
                  r.columns(),
                  String.format(Locale.ROOT, "%.1f", r.goldColumns())));
      r.recall().values().forEach(v -> row.add(String.format(Locale.ROOT, "%.3f", v)));
      rows.add(row);
    }
    TextTable.print(cli.out(), header, rows, 20);
    report.notes().forEach(n -> cli.out().println("note: " + n));
    if (json != null) {
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .writeValue(json.toFile(), report);
      cli.out().println("wrote " + json);
    }
    return ParlanceCli.OK;
  }

  private int byVersion(ParlanceCli cli) {
    // The command line's operator owns the installation, as for bench governance.
    CurationQualityUseCase.Quality measured =
        quality.recallByVersion(UserIdentity.of("parlance-bench", "admin"), source, versions);
    List<String> header = new ArrayList<>(List.of("VERSION", "NOTE", "QUESTIONS"));
    measured.budgets().forEach(b -> header.add("R@" + b));
    List<List<Object>> rows = new ArrayList<>();
    for (CurationQualityUseCase.VersionRecall v : measured.versions()) {
      List<Object> row = new ArrayList<>(List.of(v.version(), v.note(), v.questions()));
      for (int b : measured.budgets()) {
        Double r = v.recall().get(b);
        row.add(r == null ? "-" : String.format(Locale.ROOT, "%.3f", r));
      }
      rows.add(row);
    }
    TextTable.print(cli.out(), header, rows, 40);
    cli.out()
        .printf(
            Locale.ROOT,
            "measured %d version(s) of %s in %.1f s%n",
            measured.versions().size(),
            measured.source(),
            measured.elapsedMs() / 1000.0);
    return ParlanceCli.OK;
  }
}
