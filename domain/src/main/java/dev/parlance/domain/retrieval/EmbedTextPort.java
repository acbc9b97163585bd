package dev.parlance.domain.retrieval;

import java.util.List;

/**
 * Turns text into embeddings. Documents (what is indexed) and queries (what searches) may be
 * embedded differently, as some models want an instruction before a query.
 */
public interface EmbedTextPort {

  List<EmbeddingVector> embedDocuments(List<String> texts);

  List<EmbeddingVector> embedQueries(List<String> texts);

  default EmbeddingVector embedQuery(String text) {
    return embedQueries(List.of(text)).getFirst();
  }

  /** A stable name for the model, so an index built with another model is never searched. */
  String modelName();
}
