package dev.parlance.deploy.cli;

import dev.parlance.application.ask.RbSqlSettings;
import dev.parlance.application.ask.RetrieverThresholdsUseCase;
import dev.parlance.domain.benchmark.RetrievalDataset;
import jakarta.inject.Inject;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code parlance bench rb-sql-thresholds}: RB-SQL's Figure 6 for Parlance's score scale. */
@Command(
    name = "rb-sql-thresholds",
    mixinStandardHelpOptions = true,
    description = {
      "RB-SQL's Figure 6 for Parlance: gold table recall and the reduction ratio of the other"
          + " tables per θ (Table-Retriever), then gold column recall and reduction per μ at one θ"
          + " (Column-Retriever), each question against its own database's tables.",
      "Scores are 100 × cosine with the configured embedding model (docs/design/ask.md \"RB-SQL\")."
    })
final class BenchRbSqlThresholdsCommand implements Callable<Integer> {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject RetrieverThresholdsUseCase thresholds;

  @Option(
      names = "--dataset",
      defaultValue = "spider-dev",
      description = "spider-dev or bird-dev (their dev questions, with CRUSH4SQL's gold columns)")
  String dataset;

  @Option(names = "--data", required = true, description = "folder laid out like ../shared/data")
  Path data;

  @Option(names = "--limit", defaultValue = "0", description = "first N questions only (0: all)")
  int limit;

  @Option(
      names = "--theta",
      paramLabel = "θ",
      description = "θ of the column sweep (default: parlance.ask.rb-sql.theta's default)")
  Double theta;

  @Option(
      names = "--from",
      defaultValue = "30",
      description = "the sweeps' first threshold (both θ and μ)")
  double from;

  @Option(names = "--to", defaultValue = "80", description = "the sweeps' last threshold")
  double to;

  @Option(names = "--step", defaultValue = "5", description = "the sweeps' step")
  double step;

  @Override
  public Integer call() {
    ParlanceCli cli = ParlanceCli.of(spec);
    RetrievalDataset union =
        switch (dataset.toLowerCase(Locale.ROOT)) {
          case "spider-dev", "spiderunion" -> RetrievalDataset.SPIDERUNION;
          case "bird-dev", "birdunion" -> RetrievalDataset.BIRDUNION;
          default -> throw CommandFailure.refused("--dataset takes spider-dev or bird-dev");
        };
    if (!(step > 0) || to < from) {
      throw CommandFailure.refused("the sweep needs --from ≤ --to and --step > 0");
    }
    List<Double> grid = new ArrayList<>();
    for (double t = from; t <= to + 1e-9; t += step) {
      grid.add(Math.round(t * 100) / 100.0);
    }
    var report =
        thresholds.measure(
            new RetrieverThresholdsUseCase.Command(
                union,
                data,
                limit,
                grid,
                grid,
                theta == null ? RbSqlSettings.DEFAULT_THETA : theta,
                RbSqlSettings.DEFAULT_MU_COARSE),
            new TerminalProgress(cli.err()));
    PrintStream out = cli.out();
    out.printf(
        "%s: %d questions on %d databases (%.1f tables, %.1f columns each on average),"
            + " embedding model %s%n",
        dataset,
        report.questions(),
        report.databases(),
        report.meanTables(),
        report.meanColumns(),
        report.embeddingModel());
    report.notes().forEach(n -> out.println("note: " + n));
    out.println();
    out.println("Table-Retriever (Figure 6a):");
    out.println();
    table(out, "θ", "tables kept", report.tables());
    out.println();
    out.printf(
        "Column-Retriever at θ = %s (Figure 6b; keys and join ends of kept tables included;"
            + " μ' = %s, %d tables scored coarse):%n",
        number(report.theta()), number(report.muCoarse()), report.coarseTables());
    out.println();
    table(out, "μ", "columns kept", report.columns());
    return ParlanceCli.OK;
  }

  private static void table(
      PrintStream out, String symbol, String kept, List<RetrieverThresholdsUseCase.Row> rows) {
    out.printf("| %s | recall (fine) | recall (coarse) | reduction ratio | %s |%n", symbol, kept);
    out.println("|---:|---:|---:|---:|---:|");
    for (var r : rows) {
      out.printf(
          Locale.ROOT,
          "| %s | %.3f | %.3f | %.3f | %.1f |%n",
          number(r.threshold()),
          r.fineRecall(),
          r.coarseRecall(),
          r.reduction(),
          r.kept());
    }
  }

  private static String number(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
  }
}
