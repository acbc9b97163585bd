package dev.parlance.application.benchmark;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrievalSettings;
import dev.parlance.domain.benchmark.RetrievalDataset;
import dev.parlance.domain.retrieval.RetrievalMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Measures schema retrieval on a CRUSH4SQL benchmark: recall at budgets, build time, latency. */
public interface RetrievalBenchmarkUseCase {

  RetrievalBenchmarkReport run(Command command, Progress progress);

  /**
   * @param questions questions replacing the dataset's own, in the dataset's format
   * @param budgets the budgets B to report recall at, ascending
   * @param useHallucinations whether questions keep their cached hallucinated schemas (off: the
   *     default mode as it works without a language model)
   * @param indexDetails whether the default mode's index holds the catalog's descriptions and
   *     values besides the names (off: names only, as the paper indexes)
   * @param settings retrieval's tunable parts, changed for ablations
   */
  record Command(
      RetrievalDataset dataset,
      Path dataDir,
      Optional<Path> questions,
      RetrievalMode mode,
      List<Integer> budgets,
      boolean useHallucinations,
      boolean indexDetails,
      RetrievalSettings settings) {
    public Command {
      settings = Objects.requireNonNullElse(settings, RetrievalSettings.defaults());
      Objects.requireNonNull(dataset, "dataset");
      Objects.requireNonNull(dataDir, "dataDir");
      questions = Objects.requireNonNullElse(questions, Optional.empty());
      Objects.requireNonNull(mode, "mode");
      budgets = budgets.stream().sorted().distinct().toList();
      if (budgets.isEmpty() || budgets.getFirst() < 1) {
        throw new IllegalArgumentException("budgets must be positive numbers, e.g. 3,5,10,20,30");
      }
    }

    /** The benchmark as published: cached hallucinations used, details indexed in default mode. */
    public Command(
        RetrievalDataset dataset,
        Path dataDir,
        Optional<Path> questions,
        RetrievalMode mode,
        List<Integer> budgets) {
      this(dataset, dataDir, questions, mode, budgets, true, true, RetrievalSettings.defaults());
    }
  }
}
