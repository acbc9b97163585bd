package dev.parlance.application.retrieval;

import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.util.List;
import java.util.Locale;

/**
 * A deterministic embedder for tests: each word (identifiers split into words, a trailing 's'
 * dropped) hashes to one of 256 dimensions, so texts that share words are similar.
 */
final class FakeEmbedder implements EmbedTextPort {

  private static final int DIMENSIONS = 256;
  private final String model;
  int calls;

  FakeEmbedder(String model) {
    this.model = model;
  }

  FakeEmbedder() {
    this("fake-words");
  }

  @Override
  public List<EmbeddingVector> embedDocuments(List<String> texts) {
    calls++;
    return texts.stream().map(FakeEmbedder::embed).toList();
  }

  @Override
  public List<EmbeddingVector> embedQueries(List<String> texts) {
    return embedDocuments(texts);
  }

  @Override
  public String modelName() {
    return model;
  }

  static String[] words(String text) {
    return java.util.Arrays.stream(ElementText.words(text).split("[^a-z0-9]+"))
        .filter(w -> w.length() > 1)
        .map(w -> w.endsWith("s") && w.length() > 3 ? w.substring(0, w.length() - 1) : w)
        .toArray(String[]::new);
  }

  static EmbeddingVector embed(String text) {
    float[] v = new float[DIMENSIONS];
    for (String w : words(text.toLowerCase(Locale.ROOT))) {
      v[Math.floorMod(w.hashCode(), DIMENSIONS)] += 1;
    }
    v[DIMENSIONS - 1] += 0.01f; // never a zero vector
    return EmbeddingVector.of(v);
  }
}
