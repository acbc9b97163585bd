package dev.parlance.application.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SourceSchemaServiceTest {

  private final FakeSchemaIndex index = new FakeSchemaIndex();
  private final List<String> catalogReads = new ArrayList<>();
  private final ReadCatalogPort catalogs =
      source -> {
        catalogReads.add(source.name());
        return ShopFixture.catalog(source.name());
      };
  private final DataSourcesPort sources =
      new DataSourcesPort() {
        private final DataSource shop =
            DataSource.of("shop", "jdbc:sqlite:/tmp/shop.db", Credentials.none());

        @Override
        public Optional<DataSource> find(String name) {
          return name.equals("shop") ? Optional.of(shop) : Optional.empty();
        }

        @Override
        public List<DataSource> all() {
          return List.of(shop);
        }

        @Override
        public void save(DataSource source) {}

        @Override
        public boolean remove(String name) {
          return false;
        }
      };

  private SourceSchemaService service(FakeEmbedder embedder) {
    return new SourceSchemaService(
        sources,
        catalogs,
        new IndexSchemaService(embedder, index),
        index,
        embedder,
        new RetrieveSchemaService(embedder, index, Optional.empty(), RetrievalSettings.defaults()));
  }

  @Test
  void should_search_by_words_without_indexing_again_while_only_the_lexical_index_exists() {
    index.lexicalFirst = true;
    index.replaceLexical(
        "shop",
        new IndexSchemaService(new FakeEmbedder(), index)
                .embed(
                    ShopFixture.catalog("shop"),
                    List.of(),
                    dev.parlance.domain.retrieval.ElementText.ENRICHED,
                    Progress.silent())
                .stream()
                .map(dev.parlance.domain.retrieval.IndexedElement::element)
                .toList());

    SourceSchemaUseCase.Result result =
        service(new FakeEmbedder())
            .search("shop", "customer city", RetrievalMode.DEFAULT, 3, Progress.silent());

    assertThat(result.indexedFirst()).isEmpty();
    assertThat(catalogReads).isEmpty();
    assertThat(result.selection().lexicalOnly()).isTrue();
    assertThat(result.selection().columnIds()).first().isEqualTo("customers.city");
  }

  @Test
  void should_index_a_source_on_its_first_search_only() {
    SourceSchemaService service = service(new FakeEmbedder());

    SourceSchemaUseCase.Result first =
        service.search("shop", "customer city", RetrievalMode.DEFAULT, 3, Progress.silent());
    SourceSchemaUseCase.Result second =
        service.search("shop", "product price", RetrievalMode.DEFAULT, 3, Progress.silent());

    assertThat(first.indexedFirst()).isPresent();
    assertThat(first.indexedFirst().get().columns()).isEqualTo(14);
    assertThat(second.indexedFirst()).isEmpty();
    assertThat(catalogReads).containsExactly("shop");
    assertThat(second.selection().columnIds()).first().isEqualTo("products.price");
  }

  @Test
  void should_index_again_when_the_embedding_model_changed() {
    service(new FakeEmbedder("model-a"))
        .search("shop", "customer city", RetrievalMode.SINGLE, 3, Progress.silent());

    SourceSchemaUseCase.Result again =
        service(new FakeEmbedder("model-b"))
            .search("shop", "customer city", RetrievalMode.SINGLE, 3, Progress.silent());

    assertThat(again.indexedFirst()).isPresent();
    assertThat(index.replacements).isEqualTo(2);
  }

  @Test
  void should_name_the_source_when_it_is_unknown() {
    assertThatThrownBy(
            () ->
                service(new FakeEmbedder())
                    .search("nope", "anything", RetrievalMode.DEFAULT, 3, Progress.silent()))
        .isInstanceOf(UnknownSourceException.class)
        .hasMessage("no source named 'nope'");
    assertThat(catalogReads).isEmpty();
  }
}
