package dev.parlance.application.retrieval;

import dev.parlance.application.retrieval.SchemaSelection.Pick;
import dev.parlance.domain.retrieval.ElementHit;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.SearchSchemaPort;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Parlance's default ranking of a question's columns (measured in docs/retrieval.md). */
final class ParlanceRanking {

  private final EmbedTextPort embedder;
  private final SearchSchemaPort search;
  private final RetrievalSettings settings;

  ParlanceRanking(EmbedTextPort embedder, SearchSchemaPort search, RetrievalSettings settings) {
    this.embedder = embedder;
    this.search = search;
    this.settings = settings;
  }

  SchemaSelection rank(RetrievalQuery query, Optional<List<EmbeddingVector>> probes) {
    String source = query.source();
    EmbeddingVector question = embedder.embedQuery(query.question());
    Map<String, IndexedElement> candidates = new LinkedHashMap<>();
    for (ElementHit h :
        search.nearest(source, ElementKind.COLUMN, question, settings.candidatePool())) {
      candidates.putIfAbsent(h.element().id(), h.indexed());
    }
    Map<String, Double> lexical = new HashMap<>();
    List<ElementHit> words =
        search.matching(source, ElementKind.COLUMN, query.question(), settings.candidatePool());
    double top = words.isEmpty() ? 1 : words.getFirst().score();
    for (ElementHit h : words) {
      candidates.putIfAbsent(h.element().id(), h.indexed());
      lexical.put(h.element().id(), h.score() / top);
    }
    List<EmbeddingVector> probeVectors = probes.orElse(List.of());
    for (EmbeddingVector p : probeVectors) {
      for (ElementHit h : search.nearest(source, ElementKind.COLUMN, p, settings.perProbe())) {
        candidates.putIfAbsent(h.element().id(), h.indexed());
      }
    }
    Map<String, Double> score = new HashMap<>();
    for (IndexedElement e : candidates.values()) {
      double s = question.cosine(e.vector());
      double probe = probeVectors.stream().mapToDouble(p -> p.cosine(e.vector())).max().orElse(0);
      s += settings.probeWeight() * probe;
      s += settings.lexicalWeight() * lexical.getOrDefault(e.element().id(), 0.0);
      score.put(e.element().id(), s);
    }
    return new SchemaSelection(
        candidates.values().stream()
            .sorted(Comparator.comparingDouble((IndexedElement e) -> -score.get(e.element().id())))
            .limit(query.budget())
            .map(e -> new Pick(e.element(), score.get(e.element().id())))
            .toList());
  }
}
