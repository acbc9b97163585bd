package dev.parlance.domain.benchmark;

import dev.parlance.domain.catalog.SchemaCatalog;
import java.util.List;

/**
 * A schema to retrieve from and questions to retrieve for.
 *
 * @param catalog the union schema with everything the dataset says about its columns (types, keys,
 *     natural names and descriptions); the paper's mode indexes only its names
 * @param notes what the loader skipped or adjusted, for the report
 */
public record RetrievalBenchmark(
    RetrievalDataset dataset,
    SchemaCatalog catalog,
    List<RetrievalQuestion> questions,
    List<String> notes) {

  public RetrievalBenchmark {
    questions = List.copyOf(questions);
    notes = List.copyOf(notes);
  }
}
