package dev.parlance.application.retrieval;

import dev.parlance.application.retrieval.SchemaSelection.Pick;
import dev.parlance.domain.retrieval.ElementHit;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.SchemaElement;
import dev.parlance.domain.retrieval.SearchSchemaPort;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parlance's default ranking of a question's columns (docs/measurements/retrieval.md has the
 * ablation):
 *
 * <ol>
 *   <li>candidates from dense search on the question, BM25 on its words, and dense search on each
 *       hallucinated column when there is a hallucination; the best tables among them are then read
 *       whole;
 *   <li>a column scores its cosine to the question, plus its best cosine to a hallucinated column,
 *       plus its normalised BM25 score;
 *   <li>a table scores the mean of its best columns' scores, and lifts all its columns;
 *   <li>every hallucinated column's best match is interleaved early (CRUSH4SQL's coverage);
 *   <li>when a column brings a new table, the key columns joining it to the tables already chosen
 *       follow at once — joins need both ends.
 * </ol>
 */
final class ParlanceRanking {

  // Tables read whole after the first search: enough to hold a question's tables with margin.
  private static final int TABLES_EXPANDED = 10;

  private final SearchSchemaPort search;
  private final RetrievalSettings settings;

  ParlanceRanking(SearchSchemaPort search, RetrievalSettings settings) {
    this.search = search;
    this.settings = settings;
  }

  SchemaSelection rank(
      RetrievalQuery query, EmbeddingVector question, List<EmbeddingVector> probes) {
    String source = query.source();
    Map<String, IndexedElement> candidates = new LinkedHashMap<>();
    for (ElementHit h :
        search.nearest(source, ElementKind.COLUMN, question, settings.candidatePool())) {
      candidates.putIfAbsent(h.element().id(), h.indexed());
    }
    Map<String, Double> lexical = new HashMap<>();
    List<ElementHit> words =
        search.matching(source, ElementKind.COLUMN, query.question(), settings.candidatePool());
    double best = words.isEmpty() ? 1 : words.getFirst().score();
    for (ElementHit h : words) {
      candidates.putIfAbsent(h.element().id(), h.indexed());
      lexical.put(h.element().id(), h.score() / best);
    }
    // All probes in one request: on a cluster, one round trip instead of one per probe.
    for (List<ElementHit> hits :
        search.nearestEach(source, ElementKind.COLUMN, probes, settings.perProbe())) {
      for (ElementHit h : hits) {
        candidates.putIfAbsent(h.element().id(), h.indexed());
      }
    }
    Scores scores = new Scores(question, probes, lexical);
    scores.addAll(candidates.values());
    scores.addAll(search.columnsOf(source, scores.bestTables(TABLES_EXPANDED)));
    return new SchemaSelection(order(source, scores, probes, query.budget()));
  }

  /** Column and table scores over a set of candidates. */
  private final class Scores {
    private final EmbeddingVector question;
    private final List<EmbeddingVector> probes;
    private final Map<String, Double> lexical;
    private final Map<String, IndexedElement> elements = new LinkedHashMap<>();
    private final Map<String, Double> column = new HashMap<>();
    private final Map<String, List<Double>> byTable = new HashMap<>();
    private Map<String, Double> tableScores;

    Scores(EmbeddingVector question, List<EmbeddingVector> probes, Map<String, Double> lexical) {
      this.question = question;
      this.probes = probes;
      this.lexical = lexical;
    }

    void addAll(Iterable<IndexedElement> candidates) {
      for (IndexedElement e : candidates) {
        String id = e.element().id();
        if (elements.putIfAbsent(id, e) != null) {
          continue;
        }
        double probe = probes.stream().mapToDouble(p -> p.cosine(e.vector())).max().orElse(0);
        double s =
            question.cosine(e.vector())
                + settings.probeWeight() * probe
                + settings.lexicalWeight() * lexical.getOrDefault(id, 0.0);
        column.put(id, s);
        byTable.computeIfAbsent(e.element().tableId(), t -> new ArrayList<>()).add(s);
        tableScores = null;
      }
    }

    double table(String tableId) {
      if (tableScores == null) {
        tableScores = new HashMap<>();
        byTable.forEach(
            (table, scores) ->
                tableScores.put(
                    table,
                    scores.stream()
                        .sorted(Comparator.reverseOrder())
                        .limit(settings.tableColumns())
                        .mapToDouble(Double::doubleValue)
                        .average()
                        .orElse(0)));
      }
      return tableScores.getOrDefault(tableId, 0.0);
    }

    double fused(IndexedElement e) {
      return column.get(e.element().id()) + settings.tableWeight() * table(e.element().tableId());
    }

    List<String> bestTables(int n) {
      return byTable.keySet().stream()
          .sorted(Comparator.comparingDouble((String t) -> -table(t)))
          .limit(n)
          .toList();
    }
  }

  private List<Pick> order(String source, Scores scores, List<EmbeddingVector> probes, int budget) {
    Map<String, Double> fused = new HashMap<>();
    scores.elements.values().forEach(e -> fused.put(e.element().id(), scores.fused(e)));
    List<IndexedElement> main =
        scores.elements.values().stream()
            .sorted(Comparator.comparingDouble((IndexedElement e) -> -fused.get(e.element().id())))
            .toList();
    List<IndexedElement> covering = new ArrayList<>();
    if (settings.coverage()) {
      for (EmbeddingVector p : probes) {
        scores.elements.values().stream()
            .max(
                Comparator.comparingDouble(
                    (IndexedElement e) ->
                        p.cosine(e.vector())
                            + settings.tableWeight() * scores.table(e.element().tableId())))
            .ifPresent(covering::add);
      }
    }
    // Coverage picks and the main order alternate, coverage first.
    List<IndexedElement> merged = new ArrayList<>(main.size() + covering.size());
    for (int i = 0; i < main.size(); i++) {
      if (i < covering.size()) {
        merged.add(covering.get(i));
      }
      merged.add(main.get(i));
    }
    Map<String, Pick> picks = new LinkedHashMap<>();
    Set<String> activeTables = new LinkedHashSet<>();
    for (IndexedElement e : merged) {
      if (picks.size() >= budget) {
        break;
      }
      String id = e.element().id();
      if (picks.containsKey(id)) {
        continue;
      }
      picks.put(id, new Pick(e.element(), fused.get(id)));
      String table = e.element().tableId();
      if (settings.joinKeys() && activeTables.add(table)) {
        for (IndexedElement key : joinKeys(source, scores, table, activeTables)) {
          picks.putIfAbsent(
              key.element().id(),
              new Pick(key.element(), fused.getOrDefault(key.element().id(), 0.0)));
        }
      }
    }
    return picks.values().stream().limit(budget).toList();
  }

  // Both ends of every foreign key between `table` and the tables chosen before it, the new
  // table's end first.
  private List<IndexedElement> joinKeys(
      String source, Scores scores, String table, Set<String> active) {
    Set<String> wanted = new LinkedHashSet<>();
    for (IndexedElement e : scores.elements.values()) {
      SchemaElement el = e.element();
      for (String other : el.linked()) {
        String otherTable = other.substring(0, other.lastIndexOf('.'));
        if (otherTable.equals(el.tableId())) {
          continue;
        }
        if (el.tableId().equals(table) && active.contains(otherTable)) {
          wanted.add(el.id());
          wanted.add(other);
        } else if (otherTable.equals(table) && active.contains(el.tableId())) {
          wanted.add(other);
          wanted.add(el.id());
        }
      }
    }
    List<IndexedElement> keys = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    for (String id : wanted) {
      IndexedElement known = scores.elements.get(id);
      if (known != null) {
        keys.add(known);
      } else {
        missing.add(id);
      }
    }
    if (!missing.isEmpty()) {
      keys.addAll(search.byIds(source, missing));
    }
    return keys;
  }
}
