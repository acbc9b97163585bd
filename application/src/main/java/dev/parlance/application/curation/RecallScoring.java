package dev.parlance.application.curation;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrievalQuery;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.domain.retrieval.ColumnRecall;
import dev.parlance.domain.retrieval.RetrievalMode;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/** Mean column recall (CRUSH4SQL's metric) of questions with gold columns, on one index. */
final class RecallScoring {

  private RecallScoring() {}

  /** A question and the columns its SQL reads in the index's catalog. */
  record Question(String text, Set<String> gold) {}

  static SortedMap<Integer, Double> meanRecall(
      RetrieveSchemaUseCase retriever,
      String indexName,
      RetrievalMode mode,
      List<Question> questions,
      List<Integer> budgets,
      String stage,
      Progress progress) {
    int max = budgets.getLast();
    double[] sums = new double[budgets.size()];
    int done = 0;
    for (Question q : questions) {
      List<String> ranked =
          retriever.retrieve(RetrievalQuery.of(indexName, q.text(), mode, max)).columnIds();
      for (int b = 0; b < budgets.size(); b++) {
        sums[b] += ColumnRecall.at(q.gold(), ranked, budgets.get(b));
      }
      progress.update(stage, ++done, questions.size());
    }
    SortedMap<Integer, Double> recall = new TreeMap<>();
    for (int b = 0; b < budgets.size(); b++) {
      recall.put(budgets.get(b), sums[b] / questions.size());
    }
    return recall;
  }
}
