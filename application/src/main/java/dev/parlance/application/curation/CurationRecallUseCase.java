package dev.parlance.application.curation;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.retrieval.RetrievalMode;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Measures what curation does for schema retrieval: recall on the source's approved verified
 * questions, with gold columns parsed from their SQL over the views (curated index) and from
 * hand-written SQL over the base tables (raw index).
 */
public interface CurationRecallUseCase {

  CurationRecallReport run(Command command, Progress progress);

  /**
   * @param baseSql the base-table SQL of each verified question, by id
   */
  record Command(
      String source,
      Map<String, String> baseSql,
      List<RetrievalMode> modes,
      List<Integer> budgets) {
    public Command {
      Objects.requireNonNull(source, "source");
      baseSql = Map.copyOf(baseSql);
      modes = List.copyOf(modes);
      budgets = budgets.stream().sorted().distinct().toList();
      if (budgets.isEmpty() || budgets.getFirst() < 1) {
        throw new IllegalArgumentException("budgets must be positive numbers, e.g. 3,5,10,20,30");
      }
      if (modes.contains(RetrievalMode.PAPER)) {
        throw new IllegalArgumentException(
            "paper mode needs a hallucinated schema per question; use single or default");
      }
    }
  }
}
