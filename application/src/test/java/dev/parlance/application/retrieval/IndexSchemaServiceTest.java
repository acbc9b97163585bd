package dev.parlance.application.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.SchemaElement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class IndexSchemaServiceTest {

  /** Records every text it is asked to embed, in the order asked. */
  static final class RecordingEmbedder implements EmbedTextPort {
    final FakeEmbedder words = new FakeEmbedder();
    final List<List<String>> requests = new ArrayList<>();

    @Override
    public List<EmbeddingVector> embedDocuments(List<String> texts) {
      requests.add(List.copyOf(texts));
      return words.embedDocuments(texts);
    }

    @Override
    public List<EmbeddingVector> embedQueries(List<String> texts) {
      return words.embedQueries(texts);
    }

    @Override
    public String modelName() {
      return words.modelName();
    }
  }

  @Test
  void should_embed_each_distinct_text_once_shortest_first() {
    RecordingEmbedder embedder = new RecordingEmbedder();
    // A verified question worded as a column's name: one text, embedded once.
    List<SchemaElement> more =
        List.of(
            SchemaElement.verified("q1", "customers.city", "SELECT city FROM customers", Set.of()));

    List<IndexedElement> indexed =
        new IndexSchemaService(embedder, new FakeSchemaIndex())
            .embed(ShopFixture.catalog("shop"), more, ElementText.ENRICHED, Progress.silent());

    List<String> asked = embedder.requests.stream().flatMap(List::stream).toList();
    assertThat(asked).doesNotHaveDuplicates();
    assertThat(asked).isSortedAccordingTo(Comparator.comparingInt(String::length));
    assertThat(asked).contains("customers.city");
    assertThat(indexed).hasSize(SchemaElementsCount.of(ShopFixture.catalog("shop")) + 1);
  }

  @Test
  void should_give_each_element_its_names_vector_mixed_with_its_details() {
    RecordingEmbedder embedder = new RecordingEmbedder();

    Map<String, IndexedElement> byId =
        new IndexSchemaService(embedder, new FakeSchemaIndex())
                .embed(
                    ShopFixture.catalog("shop"), List.of(), ElementText.ENRICHED, Progress.silent())
                .stream()
                .collect(Collectors.toMap(e -> e.element().id(), Function.identity()));

    for (IndexedElement e : byId.values()) {
      EmbeddingVector name = FakeEmbedder.embed(e.element().name());
      EmbeddingVector expected =
          e.element().kind() == dev.parlance.domain.retrieval.ElementKind.COLUMN
                  && !e.element().details().isEmpty()
              ? EmbeddingVector.mix(
                  name,
                  1.0,
                  FakeEmbedder.embed(e.element().searchText()),
                  IndexSchemaService.DETAILS_WEIGHT)
              : name;
      assertThat(e.vector().cosine(expected)).as(e.element().id()).isCloseTo(1.0, within(1e-6));
    }
  }

  @Test
  void should_keep_the_index_as_it_is_when_nothing_changed_and_rebuild_it_when_something_did() {
    RecordingEmbedder embedder = new RecordingEmbedder();
    FakeSchemaIndex index = new FakeSchemaIndex();
    IndexSchemaService service = new IndexSchemaService(embedder, index);
    var shop = ShopFixture.catalog("shop");
    service.index(shop, ElementText.ENRICHED, Progress.silent());
    int asked = embedder.requests.size();

    var again = service.index(shop, ElementText.ENRICHED, Progress.silent());
    var more =
        service.index(
            shop,
            List.of(SchemaElement.verified("q1", "best customers", "SELECT 1", Set.of())),
            ElementText.ENRICHED,
            Progress.silent());

    assertThat(again.unchanged()).isTrue();
    assertThat(more.unchanged()).isFalse();
    assertThat(embedder.requests).hasSizeGreaterThan(asked);
    assertThat(index.status("shop").orElseThrow().elements())
        .isEqualTo(SchemaElementsCount.of(shop) + 1);
  }

  /** How many elements a catalog explodes into: a table and its columns each. */
  static final class SchemaElementsCount {
    static int of(dev.parlance.domain.catalog.SchemaCatalog catalog) {
      return catalog.tables().size() + catalog.columnCount();
    }
  }
}
