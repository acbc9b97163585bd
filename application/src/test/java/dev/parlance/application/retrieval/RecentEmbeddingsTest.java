package dev.parlance.application.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.retrieval.EmbeddingVector;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecentEmbeddingsTest {

  @Test
  void should_embed_only_the_texts_it_has_not_seen_and_keep_their_order() {
    FakeEmbedder model = new FakeEmbedder();
    RecentEmbeddings recent = new RecentEmbeddings(model);
    EmbeddingVector question = recent.embedQuery("open orders per installation");

    List<EmbeddingVector> again =
        recent.embedQueries(List.of("Orders.status", "open orders per installation"));

    assertThat(model.calls).isEqualTo(2);
    assertThat(again.get(1)).isSameAs(question);
    assertThat(again.get(0)).isEqualTo(model.embedQueries(List.of("Orders.status")).getFirst());
  }

  @Test
  void should_not_call_the_model_when_everything_is_known() {
    FakeEmbedder model = new FakeEmbedder();
    RecentEmbeddings recent = new RecentEmbeddings(model);
    recent.embedQueries(List.of("a question", "Table.column"));

    recent.embedQueries(List.of("Table.column", "a question"));

    assertThat(model.calls).isEqualTo(1);
  }
}
