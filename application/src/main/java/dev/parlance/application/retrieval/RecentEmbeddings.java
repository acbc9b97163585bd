package dev.parlance.application.retrieval;

import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Remembers the embeddings of the last few hundred texts, so a question embedded ahead of time
 * (while a language model is busy hallucinating its schema) costs nothing when retrieval asks for
 * it again.
 */
public final class RecentEmbeddings implements EmbedTextPort {

  private static final int CAPACITY = 512;

  private final EmbedTextPort embedder;
  private final Map<String, EmbeddingVector> recent =
      new LinkedHashMap<>(CAPACITY, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, EmbeddingVector> eldest) {
          return size() > CAPACITY;
        }
      };

  public RecentEmbeddings(EmbedTextPort embedder) {
    this.embedder = embedder;
  }

  @Override
  public List<EmbeddingVector> embedDocuments(List<String> texts) {
    // Documents are embedded once, when a source is indexed: nothing to gain by remembering.
    return embedder.embedDocuments(texts);
  }

  @Override
  public List<EmbeddingVector> embedQueries(List<String> texts) {
    EmbeddingVector[] vectors = new EmbeddingVector[texts.size()];
    List<String> missing = new ArrayList<>();
    synchronized (recent) {
      for (int i = 0; i < texts.size(); i++) {
        vectors[i] = recent.get(texts.get(i));
        if (vectors[i] == null) {
          missing.add(texts.get(i));
        }
      }
    }
    if (!missing.isEmpty()) {
      List<EmbeddingVector> fresh = embedder.embedQueries(missing);
      synchronized (recent) {
        for (int i = 0; i < missing.size(); i++) {
          recent.put(missing.get(i), fresh.get(i));
        }
      }
      int next = 0;
      for (int i = 0; i < vectors.length; i++) {
        if (vectors[i] == null) {
          vectors[i] = fresh.get(next++);
        }
      }
    }
    return List.of(vectors);
  }

  @Override
  public String modelName() {
    return embedder.modelName();
  }
}
