package dev.parlance.adapters.llm.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class OnnxEmbeddingsTest {

  private static final List<String> TEXTS =
      List.of(
          "superhero eye colour",
          "race lap time in milliseconds",
          "card_games.cards.cardKingdomFoilId",
          "How many maintenance orders are still open at the Rotterdam installation this year?",
          "planet");

  @Test
  void should_opt_out_of_djls_usage_report_before_its_tokenizer_loads() {
    assumeTrue(System.getenv(OnnxBatchEncoder.DJL_OPT_OUT) == null, "set in the environment");

    OnnxEmbeddings.create(EmbeddingModelChoice.BGE_SMALL_EN_V15_Q, 1).embedQuery("planet");

    // What DJL reads before it reports the machine's EC2 identity (ai.djl.util.Ec2Utils).
    assertThat(ai.djl.util.Utils.getEnvOrSystemProperty(OnnxBatchEncoder.DJL_OPT_OUT))
        .isEqualTo("true");
  }

  @ParameterizedTest
  @EnumSource(EmbeddingModelChoice.class)
  void should_place_related_texts_nearer_than_unrelated_ones(EmbeddingModelChoice choice) {
    EmbedTextPort embedder = OnnxEmbeddings.create(choice, 2);

    List<EmbeddingVector> docs = embedder.embedDocuments(TEXTS);
    EmbeddingVector query = embedder.embedQuery("what colour are the hero's eyes?");

    assertThat(docs).hasSize(TEXTS.size());
    assertThat(docs.getFirst().dimension()).isEqualTo(384);
    assertThat(query.cosine(docs.get(0))).isGreaterThan(query.cosine(docs.get(1)));
    assertThat(embedder.modelName()).isEqualTo(choice.id());
  }

  @ParameterizedTest
  @EnumSource(EmbeddingModelChoice.class)
  void should_embed_as_langchain4j_does_up_to_the_quantisation_noise_of_padding(
      EmbeddingModelChoice choice) {
    EmbeddingModel reference =
        switch (choice) {
          case BGE_SMALL_EN_V15_Q -> new BgeSmallEnV15QuantizedEmbeddingModel();
          case ALL_MINILM_L6_V2_Q -> new AllMiniLmL6V2QuantizedEmbeddingModel();
        };
    EmbedTextPort one = OnnxEmbeddings.wrap(reference, choice.id(), "");
    EmbedTextPort batched = OnnxEmbeddings.create(choice, 2);

    List<EmbeddingVector> expected = one.embedDocuments(TEXTS);
    List<EmbeddingVector> inOneBatch = batched.embedDocuments(TEXTS);

    for (int i = 0; i < TEXTS.size(); i++) {
      // Alone, a text has no padding: the very same computation.
      EmbeddingVector alone = batched.embedDocuments(List.of(TEXTS.get(i))).getFirst();
      assertThat(alone.cosine(expected.get(i))).as(TEXTS.get(i)).isGreaterThan(0.99999);
      // In a batch, padded positions widen the int8 activation ranges of the quantised model.
      assertThat(inOneBatch.get(i).cosine(expected.get(i))).as(TEXTS.get(i)).isGreaterThan(0.99);
    }
  }

  @Test
  void should_name_its_model_without_loading_it_and_load_it_for_the_first_text() {
    EmbeddingModelChoice choice = EmbeddingModelChoice.BGE_SMALL_EN_V15_Q;
    int threads = 3; // no other test loads the model with three threads
    EmbedTextPort embedder = OnnxEmbeddings.create(choice, threads);

    // Deciding whether an index is current needs only the name: no model is loaded for it.
    assertThat(embedder.modelName()).isEqualTo(choice.id());
    assertThat(OnnxEmbeddings.isLoaded(choice, threads)).isFalse();

    assertThat(embedder.embedDocuments(List.of("planet"))).hasSize(1);
    assertThat(OnnxEmbeddings.isLoaded(choice, threads)).isTrue();
  }

  @ParameterizedTest
  @EnumSource(EmbeddingModelChoice.class)
  void should_refuse_to_embed_an_empty_text(EmbeddingModelChoice choice) {
    EmbedTextPort embedder = OnnxEmbeddings.create(choice, 1);

    assertThatThrownBy(() -> embedder.embedDocuments(List.of("a", " ")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty");
  }

  @org.junit.jupiter.api.Test
  void should_leave_no_worker_thread_once_every_model_is_closed() {
    OnnxEmbeddings.create(EmbeddingModelChoice.ALL_MINILM_L6_V2_Q, 2)
        .embedDocuments(List.of("planet"));
    assertThat(embedThreads()).isNotEmpty();

    OnnxEmbeddings.closeAll();

    assertThat(embedThreads()).isEmpty();
    // A model is loaded again when asked for after the close.
    assertThat(
            OnnxEmbeddings.create(EmbeddingModelChoice.ALL_MINILM_L6_V2_Q, 2)
                .embedDocuments(List.of("planet")))
        .hasSize(1);
  }

  private static List<String> embedThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(name -> name.startsWith("parlance-embed-"))
        .toList();
  }
}
