package dev.parlance.application.ask;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.benchmark.RetrievalDataset;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The prompt-size benchmark: the whole schema's prompt against the retrieved columns' prompt, in
 * tokens, on a CRUSH4SQL union.
 */
public interface PromptSizeUseCase {

  PromptSizeBenchmark.Report run(Command command, Progress progress);

  /**
   * @param limit questions measured (0: all)
   * @param tokenizerModel the model whose tokenizer counts, e.g. {@code gpt-4o}
   */
  record Command(
      RetrievalDataset dataset, Path data, int budget, int limit, String tokenizerModel) {
    public Command {
      Objects.requireNonNull(dataset, "dataset");
      Objects.requireNonNull(data, "data");
      Objects.requireNonNull(tokenizerModel, "tokenizerModel");
      if (budget < 1) {
        throw new IllegalArgumentException("the budget must be at least 1");
      }
    }
  }
}
