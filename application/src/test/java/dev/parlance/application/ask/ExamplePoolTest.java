package dev.parlance.application.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.question.VerifiedExample;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.sql.SqlSkeleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** RB-SQL's SQL-Skeleton-Retriever on hand-written SQL: the order examples are shown in. */
class ExamplePoolTest {

  private static final VerifiedExample COUNT =
      new VerifiedExample(
          "How many heads are older than 56?", "SELECT count(*) FROM head WHERE age > 56");
  private static final VerifiedExample GROUPED =
      new VerifiedExample(
          "How many singers are there per country?",
          "SELECT country, count(*) FROM singer GROUP BY country");
  private static final VerifiedExample JOINED =
      new VerifiedExample(
          "Which stadium had the most concerts?",
          "SELECT T2.name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id"
              + " GROUP BY T1.stadium_id ORDER BY count(*) DESC LIMIT 1");
  private static final VerifiedExample TWIN =
      new VerifiedExample("How many singers do we have?", "SELECT count(*) FROM singer");

  /** Words shared with "singers" point one way, everything else another: a question's topic. */
  static final class TopicEmbedder implements EmbedTextPort {
    final List<String> embedded = new ArrayList<>();

    @Override
    public List<EmbeddingVector> embedDocuments(List<String> texts) {
      return embedQueries(texts);
    }

    @Override
    public List<EmbeddingVector> embedQueries(List<String> texts) {
      embedded.addAll(texts);
      return texts.stream()
          .map(
              t ->
                  t.toLowerCase(Locale.ROOT).contains("singer")
                      ? new float[] {1, 0.1f}
                      : new float[] {0.1f, 1})
          .map(EmbeddingVector::of)
          .toList();
    }

    @Override
    public String modelName() {
      return "topic";
    }
  }

  private final ExamplePool pool =
      new ExamplePool("test", List.of(JOINED, GROUPED, COUNT, TWIN), 3);

  @Test
  void should_rank_by_question_similarity_when_there_is_no_draft_yet() {
    List<ExamplePool.Ranked> ranked =
        pool.rank(
            "How many singers are from France?", new TopicEmbedder(), Optional.empty(), 0.5, 2);

    // Both singer questions first, in the pool's order (a tie), the twin of another question
    // included: only the asked question's own twin is left out.
    assertThat(ranked).extracting(r -> r.example()).containsExactly(GROUPED, TWIN);
  }

  @Test
  void should_put_the_example_whose_skeleton_matches_the_drafts_first_when_a_draft_exists() {
    SqlSkeleton draft = SqlSkeleton.of("SELECT count(*) FROM singer WHERE country = 'France'");

    List<ExamplePool.Ranked> ranked =
        pool.rank(
            "How many singers are from France?", new TopicEmbedder(), Optional.of(draft), 0.8, 4);

    // COUNT shares the draft's skeleton (SELECT COUNT(*) FROM [t] WHERE [c] = / > [v]) though its
    // question is about heads; the joined query shares least of both.
    assertThat(ranked).extracting(r -> r.example()).containsExactly(TWIN, COUNT, GROUPED, JOINED);
    assertThat(ranked.get(1).skeleton().text())
        .isEqualTo("SELECT COUNT(*) FROM [table_name] WHERE [column_name] > [value]");
    // w = 0.8 of the skeleton's similarity, 0.2 of the question's cosine (this fake's cosines are
    // 1 or 0.2; a real model's are closer together, so the default w = 0.5 weighs alike).
    double cosine =
        EmbeddingVector.of(new float[] {1, 0.1f}).cosine(EmbeddingVector.of(new float[] {0.1f, 1}));
    assertThat(ranked.get(1).score())
        .isEqualTo(0.8 * draft.similarity(SqlSkeleton.of(COUNT.sql())) + 0.2 * cosine);
  }

  @Test
  void should_never_show_a_question_its_own_twin_and_compute_the_pool_once() {
    TopicEmbedder embedder = new TopicEmbedder();

    List<ExamplePool.Ranked> first =
        pool.rank("how many SINGERS do we have", embedder, Optional.empty(), 0.5, 4);
    pool.rank("How many singers are from France?", embedder, Optional.empty(), 0.5, 4);

    assertThat(first).extracting(r -> r.example()).doesNotContain(TWIN).hasSize(3);
    // The pool's four questions were embedded once; each call embeds only its question.
    assertThat(embedder.embedded).hasSize(4 + 2);
    assertThat(pool.skeletons()).hasSize(4);
  }
}
