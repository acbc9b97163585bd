package dev.parlance.application.benchmark;

import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.IndexSchemaUseCase.IndexReport;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrievalQuery;
import dev.parlance.application.retrieval.RetrievalSettings;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.benchmark.RetrievalBenchmark;
import dev.parlance.domain.benchmark.RetrievalQuestion;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.retrieval.ColumnRecall;
import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.RetrievalMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/** Runs a CRUSH4SQL retrieval benchmark end to end: load, index, retrieve per question, score. */
public final class RetrievalBenchmarkService implements RetrievalBenchmarkUseCase {

  private static final int WARM_UP = 20;

  private final LoadRetrievalBenchmarkPort loader;
  private final IndexSchemaUseCase indexer;
  private final Function<RetrievalSettings, RetrieveSchemaUseCase> retrievers;

  /**
   * @param retrievers retrieval with the given settings (a benchmark may change them)
   */
  public RetrievalBenchmarkService(
      LoadRetrievalBenchmarkPort loader,
      IndexSchemaUseCase indexer,
      Function<RetrievalSettings, RetrieveSchemaUseCase> retrievers) {
    this.loader = loader;
    this.indexer = indexer;
    this.retrievers = retrievers;
  }

  @Override
  public RetrievalBenchmarkReport run(Command command, Progress progress) {
    RetrieveSchemaUseCase retriever = retrievers.apply(command.settings());
    RetrievalBenchmark benchmark =
        loader.load(command.dataset(), command.dataDir(), command.questions());
    List<RetrievalQuestion> questions =
        command.useHallucinations()
            ? benchmark.questions()
            : benchmark.questions().stream()
                .map(
                    q ->
                        new RetrievalQuestion(
                            q.id(), q.question(), q.goldColumns(), java.util.Optional.empty()))
                .toList();
    if (questions.isEmpty()) {
      throw new IllegalArgumentException("the benchmark has no usable questions");
    }
    if (command.mode() == RetrievalMode.PAPER) {
      long without = questions.stream().filter(q -> q.hallucination().isEmpty()).count();
      if (without > 0) {
        throw new IllegalArgumentException(
            "paper mode uses each question's cached hallucinated schema, and "
                + without
                + " of "
                + questions.size()
                + " questions of "
                + command.dataset().label()
                + " have none; no LLM is called by this benchmark");
      }
    }
    // The paper's documents are bare names; Parlance's default indexes what the catalog says.
    ElementText style =
        (command.mode() == RetrievalMode.DEFAULT || command.mode() == RetrievalMode.LEXICAL)
                && command.indexDetails()
            ? ElementText.ENRICHED
            : ElementText.PAPER;
    SchemaCatalog catalog = benchmark.catalog();
    String source =
        "bench-"
            + command.dataset().label()
            + "-"
            + style.name().toLowerCase(java.util.Locale.ROOT);
    IndexReport index = indexer.index(new SchemaCatalog(source, catalog.tables()), style, progress);

    int maxBudget = command.budgets().getLast();
    boolean scored = questions.stream().allMatch(q -> !q.goldColumns().isEmpty());
    double[] sums = new double[command.budgets().size()];
    double[] latencies = new double[questions.size()];
    // Latency is that of a running service: the first questions, asked once untimed, warm the
    // JIT and the index's caches (what a ten-question sample would otherwise mostly measure).
    for (RetrievalQuestion q : questions.subList(0, Math.min(WARM_UP, questions.size()))) {
      retriever.retrieve(
          new RetrievalQuery(source, q.question(), q.hallucination(), command.mode(), maxBudget));
    }
    for (int i = 0; i < questions.size(); i++) {
      RetrievalQuestion q = questions.get(i);
      long start = System.nanoTime();
      List<String> ranked =
          retriever
              .retrieve(
                  new RetrievalQuery(
                      source, q.question(), q.hallucination(), command.mode(), maxBudget))
              .columnIds();
      latencies[i] = (System.nanoTime() - start) / 1e6;
      if (scored) {
        for (int b = 0; b < sums.length; b++) {
          sums[b] += ColumnRecall.at(q.goldColumns(), ranked, command.budgets().get(b));
        }
      }
      progress.update("retrieving", i + 1, questions.size());
    }
    SortedMap<Integer, Double> recall = new TreeMap<>();
    if (scored) {
      for (int b = 0; b < sums.length; b++) {
        recall.put(command.budgets().get(b), sums[b] / questions.size());
      }
    }
    List<String> notes = new ArrayList<>(benchmark.notes());
    if (!scored) {
      notes.add(command.dataset().label() + " has no gold columns: speed only");
    }
    return new RetrievalBenchmarkReport(
        command.dataset(),
        command.mode(),
        questions.size(),
        catalog.tables().size(),
        catalog.columnCount(),
        index.model(),
        recall,
        index.millis() / 1000.0,
        percentile(latencies, 50),
        percentile(latencies, 95),
        notes);
  }

  // Nearest-rank percentile.
  static double percentile(double[] values, int p) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }
}
