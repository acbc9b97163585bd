package dev.parlance.application.retrieval;

import dev.parlance.application.retrieval.SchemaSelection.Pick;
import dev.parlance.domain.retrieval.CollectiveSelection;
import dev.parlance.domain.retrieval.ElementHit;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.HallucinateSchemaPort;
import dev.parlance.domain.retrieval.HallucinatedSchema;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.retrieval.SearchSchemaPort;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Retrieves a question's columns in one of three modes (see {@link RetrievalMode}). */
public final class RetrieveSchemaService implements RetrieveSchemaUseCase {

  private final EmbedTextPort embedder;
  private final SearchSchemaPort search;
  private final Optional<HallucinateSchemaPort> hallucinator;
  private final RetrievalSettings settings;

  public RetrieveSchemaService(
      EmbedTextPort embedder,
      SearchSchemaPort search,
      Optional<HallucinateSchemaPort> hallucinator,
      RetrievalSettings settings) {
    this.embedder = embedder;
    this.search = search;
    this.hallucinator = hallucinator;
    this.settings = settings;
  }

  @Override
  public SchemaSelection retrieve(RetrievalQuery query) {
    return switch (query.mode()) {
      case SINGLE -> single(query);
      case PAPER ->
          paper(
              query,
              hallucination(query)
                  .orElseThrow(() -> new MissingHallucinationException(query.question())));
      case DEFAULT -> parlance(query, hallucination(query));
    };
  }

  private Optional<HallucinatedSchema> hallucination(RetrievalQuery query) {
    if (query.hallucination().isPresent()) {
      return query.hallucination().filter(h -> !h.isEmpty());
    }
    return hallucinator.map(h -> h.hallucinate(query.question())).filter(h -> !h.isEmpty());
  }

  // CRUSH4SQL's Single DPR baseline: nearest columns to the question's embedding.
  private SchemaSelection single(RetrievalQuery query) {
    EmbeddingVector question = embedder.embedQuery(query.question());
    return new SchemaSelection(
        search.nearest(query.source(), ElementKind.COLUMN, question, query.budget()).stream()
            .map(h -> new Pick(h.element(), h.score()))
            .toList());
  }

  // CRUSH4SQL as published (§3.2): probe the index with every hallucinated column, keep the best
  // candidates, then select collectively.
  private SchemaSelection paper(RetrievalQuery query, HallucinatedSchema schema) {
    EmbeddingVector question = embedder.embedQuery(query.question());
    List<EmbeddingVector> probes = probeVectors(question, schema);
    Map<String, ElementHit> candidates = new LinkedHashMap<>();
    Map<String, Double> best = new HashMap<>();
    List<EmbeddingVector> generators = new ArrayList<>(probes);
    generators.add(question);
    for (EmbeddingVector probe : generators) {
      for (ElementHit hit :
          search.nearest(query.source(), ElementKind.COLUMN, probe, settings.perProbe())) {
        candidates.putIfAbsent(hit.element().id(), hit);
        best.merge(hit.element().id(), hit.score(), Math::max);
      }
    }
    List<IndexedElement> pool =
        candidates.values().stream()
            .sorted(Comparator.comparingDouble((ElementHit h) -> -best.get(h.element().id())))
            .limit(settings.candidatePool())
            .map(ElementHit::indexed)
            .toList();
    List<IndexedElement> order =
        new CollectiveSelection(CollectiveSelection.Settings.paper())
            .order(probes, pool, query.budget());
    List<Pick> picks = new ArrayList<>(order.size());
    for (int i = 0; i < order.size(); i++) {
      picks.add(new Pick(order.get(i).element(), order.size() - i));
    }
    return new SchemaSelection(picks);
  }

  // A probe is its hallucinated column in the question's context (CRUSH4SQL embeds "x t.c").
  private List<EmbeddingVector> probeVectors(EmbeddingVector question, HallucinatedSchema schema) {
    List<EmbeddingVector> plain = embedder.embedQueries(schema.probes());
    return plain.stream()
        .map(p -> EmbeddingVector.mix(p, 1.0, question, settings.probeContext()))
        .toList();
  }

  // Parlance's default: fused dense, lexical and probe evidence, lifted by table agreement and
  // completed with the keys that join the chosen tables.
  private SchemaSelection parlance(RetrievalQuery query, Optional<HallucinatedSchema> schema) {
    return new ParlanceRanking(embedder, search, settings)
        .rank(query, schema.map(s -> probeVectors(embedder.embedQuery(query.question()), s)));
  }
}
