package dev.parlance.application.ask;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.benchmark.RetrievalDataset;
import java.nio.file.Path;
import java.util.List;

/**
 * RB-SQL's Figure 6 for Parlance: how much of the gold schema the Table-Retriever keeps, and how
 * much of the rest it removes, per θ; the same for the Column-Retriever per μ at a fixed θ. Each
 * question is scored against its own database's tables, as the pipeline sees a single database.
 */
public interface RetrieverThresholdsUseCase {

  /**
   * @param dataset {@code spiderunion} (Spider dev's questions) or {@code birdunion} (BIRD dev's)
   * @param limit the first N questions with gold columns; 0 for all
   * @param theta the θ the column sweep keeps tables with
   */
  record Command(
      RetrievalDataset dataset,
      Path dataDir,
      int limit,
      List<Double> thetas,
      List<Double> mus,
      double theta,
      double muCoarse) {
    public Command {
      thetas = List.copyOf(thetas);
      mus = List.copyOf(mus);
      if (limit < 0) {
        throw new IllegalArgumentException("the limit must be ≥ 0");
      }
    }
  }

  /**
   * One threshold's row (the paper's Fig. 6 a and b).
   *
   * @param fineRecall mean over questions of the share of gold tables (columns) kept
   * @param coarseRecall share of questions whose gold tables (columns) are all kept
   * @param reduction mean over questions of the share of non-gold tables (columns) removed
   * @param kept mean tables (columns) kept per question
   */
  record Row(
      double threshold, double fineRecall, double coarseRecall, double reduction, double kept) {}

  /**
   * @param questions questions measured (those with gold columns)
   * @param tables the θ sweep
   * @param columns the μ sweep, at θ = {@code theta}; kept columns include the kept tables' primary
   *     keys and the join ends between them, as the prompt shows them
   * @param coarseTables tables too wide to embed whole, scored on their columns above μ'
   */
  record Report(
      String dataset,
      int questions,
      int databases,
      double meanTables,
      double meanColumns,
      String embeddingModel,
      List<Row> tables,
      double theta,
      double muCoarse,
      List<Row> columns,
      int coarseTables,
      List<String> notes) {}

  Report measure(Command command, Progress progress);
}
