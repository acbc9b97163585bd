package dev.parlance.application.retrieval;

import dev.parlance.domain.retrieval.ElementHit;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.SearchSchemaPort;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** An in-memory index: exact cosine search, and word overlap standing in for BM25. */
final class FakeSchemaIndex implements IndexSchemaPort, SearchSchemaPort {

  private final Map<String, List<IndexedElement>> sources = new HashMap<>();
  private final Map<String, String> models = new HashMap<>();
  int replacements;
  // Whether it holds elements without vectors (a lexical index first), as the Lucene index does.
  boolean lexicalFirst;
  final List<String> calls = new ArrayList<>();
  // Whether a search's text keeps identifiers whole, as Lucene's and OpenSearch's standard
  // tokenizer does ("TB_MO", "orders.placed_on" are one token each), where the elements' own text
  // holds names as words.
  boolean identifiersWhole;

  @Override
  public boolean replaceLexical(
      String source, List<dev.parlance.domain.retrieval.SchemaElement> e) {
    if (!lexicalFirst) {
      return false;
    }
    calls.add("lexical " + source);
    sources.put(
        source,
        e.stream()
            .map(el -> new IndexedElement(el, EmbeddingVector.of(new float[] {1f})))
            .toList());
    models.put(source, LEXICAL_ONLY);
    return true;
  }

  @Override
  public boolean dense(String source) {
    return !LEXICAL_ONLY.equals(models.get(source));
  }

  @Override
  public void replace(String source, String model, List<IndexedElement> elements) {
    calls.add("replace " + source);
    sources.put(source, List.copyOf(elements));
    models.put(source, model);
    replacements++;
  }

  @Override
  public void remove(String source) {
    sources.remove(source);
    models.remove(source);
  }

  @Override
  public Optional<IndexStatus> status(String source) {
    return Optional.ofNullable(sources.get(source))
        .map(
            e ->
                new IndexStatus(
                    source,
                    models.get(source),
                    e.size(),
                    dev.parlance.domain.retrieval.SchemaElements.fingerprint(
                        models.get(source), e.stream().map(IndexedElement::element).toList())));
  }

  @Override
  public List<ElementHit> nearest(String source, ElementKind kind, EmbeddingVector query, int k) {
    if (!dense(source)) {
      return List.of();
    }
    return of(source, kind).stream()
        .map(e -> new ElementHit(e, query.cosine(e.vector())))
        .sorted(Comparator.comparingDouble(h -> -h.score()))
        .limit(k)
        .toList();
  }

  @Override
  public List<ElementHit> matching(String source, ElementKind kind, String text, int k) {
    Set<String> words =
        Set.copyOf(
            java.util.Arrays.asList(
                identifiersWhole ? wholeIdentifiers(text) : FakeEmbedder.words(text)));
    List<ElementHit> hits = new ArrayList<>();
    for (IndexedElement e : of(source, kind)) {
      long shared =
          java.util.Arrays.stream(FakeEmbedder.words(e.element().searchText()))
              .distinct()
              .filter(words::contains)
              .count();
      if (shared > 0) {
        hits.add(new ElementHit(e, shared));
      }
    }
    hits.sort(Comparator.comparingDouble(h -> -h.score()));
    return hits.subList(0, Math.min(k, hits.size()));
  }

  private static String[] wholeIdentifiers(String text) {
    return java.util.Arrays.stream(text.toLowerCase(java.util.Locale.ROOT).split("[^a-z0-9_.]+"))
        .map(w -> w.replaceAll("^\\.+|\\.+$", ""))
        .filter(w -> w.length() > 1)
        .map(w -> w.endsWith("s") && w.length() > 3 ? w.substring(0, w.length() - 1) : w)
        .toArray(String[]::new);
  }

  @Override
  public List<IndexedElement> byIds(String source, Collection<String> ids) {
    return sources.getOrDefault(source, List.of()).stream()
        .filter(e -> ids.contains(e.element().id()))
        .toList();
  }

  @Override
  public List<IndexedElement> columnsOf(String source, Collection<String> tableIds) {
    return of(source, ElementKind.COLUMN).stream()
        .filter(e -> tableIds.contains(e.element().tableId()))
        .toList();
  }

  private List<IndexedElement> of(String source, ElementKind kind) {
    return sources.getOrDefault(source, List.of()).stream()
        .filter(e -> e.element().kind() == kind)
        .toList();
  }
}
