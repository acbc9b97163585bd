package dev.parlance.application.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** RB-SQL's Table-Retriever and Column-Retriever on Parlance's 0–100 scale. */
class RbSqlRetrieversTest {

  /** A text's vector counts the topic words it holds: singer, concert, stadium, other. */
  static final class WordEmbedder implements EmbedTextPort {
    final List<String> documents = new ArrayList<>();

    @Override
    public List<EmbeddingVector> embedDocuments(List<String> texts) {
      documents.addAll(texts);
      return embedQueries(texts);
    }

    @Override
    public List<EmbeddingVector> embedQueries(List<String> texts) {
      return texts.stream().map(WordEmbedder::vector).toList();
    }

    static EmbeddingVector vector(String t) {
      String s = t.toLowerCase(java.util.Locale.ROOT);
      return EmbeddingVector.of(
          new float[] {
            count(s, "singer"), count(s, "concert"), count(s, "stadium"), count(s, "age") + 0.2f
          });
    }

    private static float count(String s, String w) {
      return s.split(w, -1).length - 1;
    }

    @Override
    public String modelName() {
      return "words";
    }
  }

  private static final List<RbSqlRetrievers.Table> TABLES =
      List.of(
          new RbSqlRetrievers.Table(
              "singer",
              List.of(
                  new RbSqlRetrievers.Column("singer_id", "INT", ""),
                  new RbSqlRetrievers.Column("age", "INT", ""))),
          new RbSqlRetrievers.Table(
              "stadium", List.of(new RbSqlRetrievers.Column("capacity", "INT", ""))),
          new RbSqlRetrievers.Table(
              "concert", List.of(new RbSqlRetrievers.Column("year", "TEXT", ""))));

  @Test
  void should_keep_tables_above_theta_and_their_columns_above_mu() {
    WordEmbedder embedder = new WordEmbedder();
    RbSqlRetrievers retrievers = new RbSqlRetrievers(embedder);

    RbSqlRetrievers.Scores scores = retrievers.score("how old is each singer?", TABLES, 0);

    // "singer" alone in the question: singer's texts point its way, the others do not.
    assertThat(scores.tables().get("singer")).isGreaterThan(90);
    assertThat(scores.tables().get("stadium")).isLessThan(30);
    assertThat(RbSqlRetrievers.tables(scores, 50)).containsExactly("singer");
    assertThat(RbSqlRetrievers.columns(scores, List.of("singer"), 50))
        .containsExactly("singer.singer_id", "singer.age");
    assertThat(RbSqlRetrievers.columns(scores, List.of("singer"), 99.9))
        .as("a kept table keeps its best column when none reaches μ")
        .hasSize(1);
    assertThat(RbSqlRetrievers.tables(scores, 100.1))
        .as("the best table stays when none reaches θ")
        .containsExactly("singer");
    assertThat(RbSqlRetrievers.tables(scores, 0)).hasSize(3);
  }

  @Test
  void should_embed_a_sources_texts_once_across_questions() {
    WordEmbedder embedder = new WordEmbedder();
    RbSqlRetrievers retrievers = new RbSqlRetrievers(embedder);

    retrievers.score("how old is each singer?", TABLES, 0);
    int once = embedder.documents.size();
    retrievers.score("which stadium is biggest?", TABLES, 0);

    assertThat(once).isEqualTo(4 + 3);
    assertThat(embedder.documents).hasSize(once);
  }

  @Test
  void should_score_a_very_wide_table_on_its_columns_above_the_coarse_threshold() {
    List<RbSqlRetrievers.Column> many = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      many.add(new RbSqlRetrievers.Column("stadium_detail_" + i, "TEXT", ""));
    }
    many.add(new RbSqlRetrievers.Column("singer_age", "INT", ""));
    RbSqlRetrievers.Table wide = new RbSqlRetrievers.Table("facts", many);
    WordEmbedder embedder = new WordEmbedder();

    RbSqlRetrievers.Scores scores =
        new RbSqlRetrievers(embedder).score("how old is each singer?", List.of(wide), 50);

    assertThat(scores.coarse()).containsExactly("facts");
    // The table's text held only the column above μ': the 200 stadium columns were left out.
    assertThat(embedder.documents).contains("facts: singer age int");
    assertThat(Set.copyOf(embedder.documents))
        .noneMatch(t -> t.length() > RbSqlRetrievers.WIDE_TABLE_CHARS);
  }
}
