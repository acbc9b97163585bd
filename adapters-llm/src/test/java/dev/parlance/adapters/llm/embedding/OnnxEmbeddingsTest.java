package dev.parlance.adapters.llm.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class OnnxEmbeddingsTest {

  @ParameterizedTest
  @EnumSource(EmbeddingModelChoice.class)
  void should_place_related_texts_nearer_than_unrelated_ones(EmbeddingModelChoice choice) {
    EmbedTextPort embedder = OnnxEmbeddings.create(choice, 2);

    List<EmbeddingVector> docs =
        embedder.embedDocuments(
            List.of("superhero eye colour", "race lap time in milliseconds", "planet"));
    EmbeddingVector query = embedder.embedQuery("what colour are the hero's eyes?");

    assertThat(docs).hasSize(3);
    assertThat(docs.getFirst().dimension()).isEqualTo(384);
    assertThat(query.cosine(docs.get(0))).isGreaterThan(query.cosine(docs.get(1)));
    assertThat(embedder.modelName()).isEqualTo(choice.id());
  }

  @ParameterizedTest
  @EnumSource(EmbeddingModelChoice.class)
  void should_refuse_to_embed_an_empty_text(EmbeddingModelChoice choice) {
    EmbedTextPort embedder = OnnxEmbeddings.create(choice, 1);

    assertThatThrownBy(() -> embedder.embedDocuments(List.of("a", " ")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty");
  }
}
