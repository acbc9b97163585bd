package dev.parlance.application.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.HallucinateSchemaPort;
import dev.parlance.domain.retrieval.HallucinatedSchema;
import dev.parlance.domain.retrieval.RetrievalMode;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RetrieveSchemaServiceTest {

  private final FakeEmbedder embedder = new FakeEmbedder();
  private final FakeSchemaIndex index = new FakeSchemaIndex();

  @BeforeEach
  void indexTheShop() {
    new IndexSchemaService(embedder, index)
        .index(ShopFixture.catalog("shop"), ElementText.ENRICHED, Progress.silent());
  }

  private RetrieveSchemaService service(
      RetrievalSettings settings, Optional<HallucinateSchemaPort> hallucinator) {
    return new RetrieveSchemaService(embedder, index, hallucinator, settings);
  }

  private List<String> retrieve(RetrievalMode mode, String question, int budget) {
    return service(RetrievalSettings.defaults(), Optional.empty())
        .retrieve(RetrievalQuery.of("shop", question, mode, budget))
        .columnIds();
  }

  @Test
  void should_rank_the_nearest_column_first_when_single() {
    assertThat(retrieve(RetrievalMode.SINGLE, "customer city", 3))
        .first()
        .isEqualTo("customers.city");
  }

  @Test
  void should_follow_a_second_table_with_the_keys_that_join_it_when_default() {
    List<String> picked = retrieve(RetrievalMode.DEFAULT, "order total by customer city", 6);

    assertThat(picked).contains("orders.total", "customers.city");
    assertThat(picked).contains("orders.buyer_ref", "customers.id");
    // Both ends of the key come together, the new table's end first.
    String newEnd =
        picked.indexOf("orders.total") < picked.indexOf("customers.city")
            ? "customers.id"
            : "orders.buyer_ref";
    String oldEnd = newEnd.equals("customers.id") ? "orders.buyer_ref" : "customers.id";
    assertThat(picked.indexOf(oldEnd) - picked.indexOf(newEnd)).isEqualTo(1);
  }

  @Test
  void should_leave_join_keys_to_chance_when_they_are_switched_off() {
    RetrievalSettings noKeys = RetrievalSettings.defaults().with("join-keys", "false");

    List<String> picked =
        service(noKeys, Optional.empty())
            .retrieve(
                RetrievalQuery.of("shop", "order total by customer city", RetrievalMode.DEFAULT, 4))
            .columnIds();

    assertThat(picked).doesNotContain("orders.buyer_ref");
  }

  @Test
  void should_cover_every_hallucinated_column_early_when_default() {
    HallucinatedSchema schema = HallucinatedSchema.parse("Orders(total), Products(title)");

    List<String> picked =
        service(RetrievalSettings.defaults(), Optional.empty())
            .retrieve(
                new RetrievalQuery(
                    "shop",
                    "what do customers in each city spend on orders?",
                    Optional.of(schema),
                    RetrievalMode.DEFAULT,
                    10))
            .columnIds();

    assertThat(picked.subList(0, 4)).contains("products.title");
  }

  @Test
  void should_never_return_more_than_the_budget_nor_a_column_twice() {
    for (RetrievalMode mode : List.of(RetrievalMode.SINGLE, RetrievalMode.DEFAULT)) {
      for (int budget : List.of(1, 2, 5, 20)) {
        List<String> picked = retrieve(mode, "orders of customers and products", budget);
        assertThat(picked).hasSizeLessThanOrEqualTo(budget).doesNotHaveDuplicates();
      }
    }
    assertThat(retrieve(RetrievalMode.DEFAULT, "orders of customers and products", 100))
        .hasSize(14);
  }

  @Test
  void should_rank_by_words_alone_without_embedding_anything_when_lexical() {
    int before = embedder.calls;

    List<String> picked = retrieve(RetrievalMode.LEXICAL, "customer city", 3);

    assertThat(picked).first().isEqualTo("customers.city");
    assertThat(picked).hasSizeLessThanOrEqualTo(3).doesNotHaveDuplicates();
    assertThat(embedder.calls).isEqualTo(before);
  }

  @Test
  void should_find_the_columns_a_question_names_as_the_schema_spells_them_when_lexical() {
    // The index's tokenizer keeps PLACED_ON whole, the elements hold "placed on": only the words
    // of the question's identifiers meet them.
    index.identifiersWhole = true;

    List<String> picked =
        retrieve(RetrievalMode.LEXICAL, "the latest PLACED_ON for each PLANET_NAME", 4);

    assertThat(picked).contains("orders.placed_on", "planets.planet_name");
    // the words as words still match as before
    assertThat(retrieve(RetrievalMode.LEXICAL, "customer city", 3))
        .first()
        .isEqualTo("customers.city");
  }

  @Test
  void should_find_what_a_hallucinated_probe_names_when_lexical() {
    HallucinatedSchema schema = HallucinatedSchema.parse("Products(title)");

    List<String> picked =
        service(RetrievalSettings.defaults(), Optional.empty())
            .retrieve(
                new RetrievalQuery(
                    "shop",
                    "what do customers in each city spend?",
                    Optional.of(schema),
                    RetrievalMode.LEXICAL,
                    10))
            .columnIds();

    assertThat(picked).contains("products.title");
  }

  @Test
  void should_index_words_first_then_rank_lexically_until_the_vectors_land() {
    FakeSchemaIndex fresh = new FakeSchemaIndex();
    fresh.lexicalFirst = true;
    List<String> stages = new java.util.ArrayList<>();
    IndexSchemaService indexer = new IndexSchemaService(embedder, fresh);
    RetrieveSchemaService retriever =
        new RetrieveSchemaService(embedder, fresh, Optional.empty(), RetrievalSettings.defaults());
    // While the vectors are computed (the first batch embedding), the source is searched by words.
    List<SchemaSelection> meanwhile = new java.util.ArrayList<>();
    indexer.index(
        ShopFixture.catalog("new"),
        ElementText.ENRICHED,
        (stage, done, total) -> {
          stages.add(stage);
          if (stage.equals("embedding") && meanwhile.isEmpty()) {
            meanwhile.add(
                retriever.retrieve(
                    RetrievalQuery.of("new", "customer city", RetrievalMode.DEFAULT, 3)));
          }
        });

    assertThat(fresh.calls).containsExactly("lexical new", "replace new");
    assertThat(stages.getFirst()).isEqualTo(IndexSchemaService.LEXICAL_READY);
    assertThat(meanwhile.getFirst().lexicalOnly()).isTrue();
    assertThat(meanwhile.getFirst().columnIds()).first().isEqualTo("customers.city");
    SchemaSelection after =
        retriever.retrieve(RetrievalQuery.of("new", "customer city", RetrievalMode.DEFAULT, 3));
    assertThat(after.lexicalOnly()).isFalse();
    assertThat(after.columnIds()).first().isEqualTo("customers.city");
  }

  @Test
  void should_refuse_the_papers_mode_when_there_is_no_hallucination_and_no_model() {
    assertThatThrownBy(() -> retrieve(RetrievalMode.PAPER, "customer city", 5))
        .isInstanceOf(MissingHallucinationException.class)
        .hasMessageContaining("configure an LLM");
  }

  @Test
  void should_ask_the_model_for_a_hallucination_when_none_is_given() {
    AtomicInteger calls = new AtomicInteger();
    HallucinateSchemaPort model =
        question -> {
          calls.incrementAndGet();
          return HallucinatedSchema.parse("Customer(city), Order(total)");
        };

    List<String> picked =
        service(RetrievalSettings.defaults(), Optional.of(model))
            .retrieve(
                RetrievalQuery.of("shop", "where do big spenders live?", RetrievalMode.PAPER, 3))
            .columnIds();

    assertThat(calls).hasValue(1);
    assertThat(picked).contains("customers.city", "orders.total");
  }
}
