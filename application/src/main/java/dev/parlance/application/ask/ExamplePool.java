package dev.parlance.application.ask;

import dev.parlance.domain.question.VerifiedExample;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.sql.SqlSkeleton;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The examples a question's prompt may show: a source's approved verified questions, or a declared
 * training set for benchmark runs (Spider's train split). Each example's SQL skeleton and its
 * question's embedding are computed once, on first use, and kept with the pool (RB-SQL §4.3.1: the
 * candidate set of skeletons is built before any question is asked).
 *
 * @param name what the report calls the pool ({@code verified}, {@code spider-train})
 * @param shots the pool's own k when RB-SQL's setting leaves it to the pool
 */
public final class ExamplePool {

  /** The paper's best k on Spider (Table 5: 5-shot); 3 elsewhere (BIRD's best). */
  public static final int SPIDER_SHOTS = 5;

  public static final int DEFAULT_SHOTS = 3;

  private final String name;
  private final List<VerifiedExample> examples;
  private final int shots;
  private volatile List<SqlSkeleton> skeletons;
  private volatile List<EmbeddingVector> vectors;
  private volatile String vectorsModel;

  public ExamplePool(String name, List<VerifiedExample> examples, int shots) {
    this.name = Objects.requireNonNull(name, "name");
    this.examples = List.copyOf(examples);
    if (shots < 0) {
      throw new IllegalArgumentException("shots must be ≥ 0");
    }
    this.shots = shots;
  }

  /** A source's approved verified questions. */
  static ExamplePool verified(List<VerifiedExample> examples) {
    return new ExamplePool("verified", examples, DEFAULT_SHOTS);
  }

  public String name() {
    return name;
  }

  public List<VerifiedExample> examples() {
    return examples;
  }

  public int size() {
    return examples.size();
  }

  public int shots() {
    return shots;
  }

  /** An example with its skeleton and how it was ranked. */
  record Ranked(VerifiedExample example, SqlSkeleton skeleton, double score) {}

  /** The skeletons, computed once. */
  List<SqlSkeleton> skeletons() {
    List<SqlSkeleton> s = skeletons;
    if (s == null) {
      synchronized (this) {
        if (skeletons == null) {
          skeletons = examples.stream().map(e -> SqlSkeleton.of(e.sql())).toList();
        }
        s = skeletons;
      }
    }
    return s;
  }

  // The questions' embeddings, computed once per embedding model.
  private List<EmbeddingVector> vectors(EmbedTextPort embedder) {
    synchronized (this) {
      if (vectors == null || !embedder.modelName().equals(vectorsModel)) {
        List<EmbeddingVector> out = new ArrayList<>(examples.size());
        List<String> texts = examples.stream().map(VerifiedExample::question).toList();
        for (int from = 0; from < texts.size(); from += 256) {
          out.addAll(
              embedder.embedQueries(texts.subList(from, Math.min(texts.size(), from + 256))));
        }
        vectors = List.copyOf(out);
        vectorsModel = embedder.modelName();
      }
      return vectors;
    }
  }

  /**
   * The k examples best for a question: by the question's similarity to theirs (cosine of the
   * embeddings), and — given the skeleton of a preliminary SQL for this question — by {@code w ·
   * skeleton similarity + (1 − w) · question similarity} (RB-SQL's SQL-Skeleton- Retriever, with
   * the draft's skeleton standing for the question-to-skeleton encoder the paper trains, as
   * DAIL-SQL does). An example that asks the question itself (compared without case, punctuation or
   * spacing) is never shown: the verified-twin rule. Ties keep the pool's order.
   */
  List<Ranked> rank(
      String question,
      EmbedTextPort embedder,
      Optional<SqlSkeleton> draft,
      double skeletonWeight,
      int k) {
    if (k <= 0 || examples.isEmpty()) {
      return List.of();
    }
    List<SqlSkeleton> sk = skeletons();
    List<EmbeddingVector> vs = vectors(embedder);
    EmbeddingVector q = embedder.embedQuery(question);
    String asked = plain(question);
    List<Ranked> all = new ArrayList<>(examples.size());
    for (int i = 0; i < examples.size(); i++) {
      VerifiedExample e = examples.get(i);
      if (plain(e.question()).equals(asked)) {
        continue;
      }
      double byQuestion = q.cosine(vs.get(i));
      double score =
          draft.isPresent()
              ? skeletonWeight * draft.get().similarity(sk.get(i))
                  + (1 - skeletonWeight) * byQuestion
              : byQuestion;
      all.add(new Ranked(e, sk.get(i), score));
    }
    // A stable sort: equal scores keep the pool's order, so a run is deterministic.
    all.sort(Comparator.comparingDouble((Ranked r) -> -r.score()));
    return List.copyOf(all.subList(0, Math.min(k, all.size())));
  }

  private static String plain(String text) {
    return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
  }
}
