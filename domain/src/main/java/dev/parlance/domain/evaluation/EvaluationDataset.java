package dev.parlance.domain.evaluation;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** The execution-accuracy benchmarks Parlance reads, each with its default semantics. */
public enum EvaluationDataset {
  /** Spider 1.0 dev ({@code spider/dev.json}), scored like Spider's test-suite evaluator. */
  SPIDER_DEV("spider-dev", SpiderHardness.LABELS),
  /** BIRD dev, latest revision ({@code bird/dev.json}). */
  BIRD_DEV("bird-dev", Bird.LABELS),
  /** BIRD dev before its 2024-06-27 revision ({@code bird/versions/}), which most papers used. */
  BIRD_DEV_PRE2024("bird-dev-pre2024", Bird.LABELS),
  /** BIRD Mini-Dev, SQLite flavour ({@code bird/mini_dev/}). */
  BIRD_MINIDEV("bird-minidev", Bird.LABELS),
  /**
   * Spider dev's questions asked over the union of all Spider schemas (CRUSH4SQL's SpiderUnion),
   * each answer run on the question's own database.
   */
  SPIDER_UNION("spiderunion", SpiderHardness.LABELS),
  /** BIRD dev's questions over the union of the BIRD dev schemas (CRUSH4SQL's BirdUnion). */
  BIRD_UNION("birdunion", Bird.LABELS);

  private final String label;
  private final List<String> difficulties;

  EvaluationDataset(String label, List<String> difficulties) {
    this.label = label;
    this.difficulties = difficulties;
  }

  public String label() {
    return label;
  }

  /** The difficulty labels in report order: Spider's computed hardness, or BIRD's given labels. */
  public List<String> difficulties() {
    return difficulties;
  }

  /** The evaluator the benchmark's published numbers use: BIRD's for BIRD, Spider's for Spider. */
  public EvaluationSemantics defaultSemantics() {
    return questions() == SPIDER_DEV ? EvaluationSemantics.spider() : EvaluationSemantics.bird();
  }

  /** The benchmark whose questions, gold and databases this one uses (itself but for unions). */
  public EvaluationDataset questions() {
    return switch (this) {
      case SPIDER_UNION -> SPIDER_DEV;
      case BIRD_UNION -> BIRD_DEV;
      default -> this;
    };
  }

  /** The union of schemas a union benchmark asks over (CRUSH4SQL's), empty for the others. */
  public Optional<dev.parlance.domain.benchmark.RetrievalDataset> union() {
    return switch (this) {
      case SPIDER_UNION -> Optional.of(dev.parlance.domain.benchmark.RetrievalDataset.SPIDERUNION);
      case BIRD_UNION -> Optional.of(dev.parlance.domain.benchmark.RetrievalDataset.BIRDUNION);
      default -> Optional.empty();
    };
  }

  public static EvaluationDataset parse(String text) {
    String key = text.strip();
    for (EvaluationDataset d : values()) {
      if (d.label.equalsIgnoreCase(key)) {
        return d;
      }
    }
    throw new IllegalArgumentException(
        "unknown dataset '"
            + text
            + "' (use "
            + Arrays.stream(values())
                .map(EvaluationDataset::label)
                .collect(Collectors.joining(", "))
            + ")");
  }

  private static final class Bird {
    static final List<String> LABELS = List.of("simple", "moderate", "challenging");
  }
}
