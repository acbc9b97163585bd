package dev.parlance.application.retrieval;

import dev.parlance.application.retrieval.SchemaSelection.Pick;
import dev.parlance.domain.retrieval.CollectiveSelection;
import dev.parlance.domain.retrieval.ElementHit;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.ElementText;
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

/** Retrieves a question's columns in one of four modes (see {@link RetrievalMode}). */
public final class RetrieveSchemaService implements RetrieveSchemaUseCase {

  // CRUSH4SQL §5.2: the candidate set is cut to 100; neighbours fetched per probe.
  private static final int PAPER_CANDIDATES = 100;
  private static final int PAPER_PER_PROBE = 30;

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
    if (query.mode() != RetrievalMode.LEXICAL && !search.dense(query.source())) {
      // Only the source's lexical index exists yet (its vectors are being computed): rank with what
      // is ready, and say so; the next question after the vectors land ranks as asked.
      SchemaSelection words = lexical(query, query.hallucination().filter(h -> !h.isEmpty()));
      return new SchemaSelection(words.columns(), true);
    }
    return switch (query.mode()) {
      case SINGLE -> single(query);
      case PAPER ->
          paper(
              query,
              hallucination(query)
                  .orElseThrow(() -> new MissingHallucinationException(query.question())));
      case DEFAULT -> parlance(query, hallucination(query));
      case LEXICAL -> lexical(query, hallucination(query));
    };
  }

  // Reciprocal rank fusion's constant (Cormack et al. 2009): ranks beyond the first few count less.
  private static final int FUSION_K = 60;

  // Tables matched per text in the lexical mode, whose columns the match lifts.
  private static final int LEXICAL_TABLES = 10;

  // BM25 alone: the question's words (with the words of the identifiers it writes, as the index
  // holds names) and each probe's (as words), each ranking the columns; the rankings fused by
  // reciprocal rank. No embedding is computed or read.
  private SchemaSelection lexical(RetrievalQuery query, Optional<HallucinatedSchema> schema) {
    List<String> texts = new ArrayList<>();
    texts.add(ElementText.withIdentifierWords(query.question()));
    schema.ifPresent(s -> s.probes().forEach(p -> texts.add(ElementText.words(p))));
    int pool = Math.max(3 * query.budget(), 50);
    Map<String, Double> fused = new LinkedHashMap<>();
    Map<String, ElementHit> found = new HashMap<>();
    Map<String, Double> tables = new HashMap<>();
    for (String text : texts) {
      List<ElementHit> ranked = search.matching(query.source(), ElementKind.COLUMN, text, pool);
      for (int rank = 0; rank < ranked.size(); rank++) {
        ElementHit hit = ranked.get(rank);
        found.putIfAbsent(hit.element().id(), hit);
        fused.merge(hit.element().id(), 1.0 / (FUSION_K + rank + 1), Double::sum);
      }
      List<ElementHit> named =
          search.matching(query.source(), ElementKind.TABLE, text, LEXICAL_TABLES);
      for (int rank = 0; rank < named.size(); rank++) {
        tables.merge(named.get(rank).element().id(), 1.0 / (FUSION_K + rank + 1), Double::sum);
      }
    }
    // A table the words name lifts its columns (and brings the ones no word matched).
    Map<String, Double> scores = new HashMap<>(fused);
    if (!tables.isEmpty()) {
      for (IndexedElement column : search.columnsOf(query.source(), tables.keySet())) {
        String id = column.element().id();
        found.putIfAbsent(id, new ElementHit(column, 0));
        scores.merge(
            id, settings.tableWeight() * tables.get(column.element().tableId()), Double::sum);
      }
    }
    return new SchemaSelection(
        scores.entrySet().stream()
            .sorted(
                Map.Entry.<String, Double>comparingByValue()
                    .reversed()
                    .thenComparing(Map.Entry.comparingByKey()))
            .limit(query.budget())
            .map(e -> new Pick(found.get(e.getKey()).element(), e.getValue()))
            .toList());
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
    List<String> texts = new ArrayList<>();
    texts.add(query.question());
    texts.addAll(schema.probes());
    List<EmbeddingVector> vectors = embedder.embedQueries(texts);
    EmbeddingVector question = vectors.getFirst();
    // CRUSH4SQL embeds each probe in the question's context ("x t.c"); a sentence model has no
    // token embeddings to pool, so the probe's embedding is mixed with the question's (§3.2.1).
    List<EmbeddingVector> probes =
        vectors.subList(1, vectors.size()).stream()
            .map(p -> EmbeddingVector.mix(p, 1.0, question, settings.probeContext()))
            .toList();
    Map<String, ElementHit> candidates = new LinkedHashMap<>();
    Map<String, Double> best = new HashMap<>();
    List<EmbeddingVector> generators = new ArrayList<>(probes);
    generators.add(question);
    for (EmbeddingVector probe : generators) {
      for (ElementHit hit :
          search.nearest(query.source(), ElementKind.COLUMN, probe, PAPER_PER_PROBE)) {
        candidates.putIfAbsent(hit.element().id(), hit);
        best.merge(hit.element().id(), hit.score(), Math::max);
      }
    }
    List<IndexedElement> pool =
        candidates.values().stream()
            .sorted(Comparator.comparingDouble((ElementHit h) -> -best.get(h.element().id())))
            .limit(PAPER_CANDIDATES)
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

  // Parlance's default (see ParlanceRanking); the question and every probe embed in one batch.
  private SchemaSelection parlance(RetrievalQuery query, Optional<HallucinatedSchema> schema) {
    List<String> texts = new ArrayList<>();
    texts.add(query.question());
    schema.ifPresent(s -> texts.addAll(s.probes()));
    List<EmbeddingVector> vectors = embedder.embedQueries(texts);
    return new ParlanceRanking(search, settings)
        .rank(query, vectors.getFirst(), vectors.subList(1, vectors.size()));
  }
}
