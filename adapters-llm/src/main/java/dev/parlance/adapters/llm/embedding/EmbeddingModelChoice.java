package dev.parlance.adapters.llm.embedding;

import dev.parlance.adapters.llm.embedding.OnnxBatchEncoder.Pooling;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The in-process embedding models Parlance ships: langchain4j's quantised ONNX models, from Maven
 * Central, with the file names, pooling and query instruction each was trained with.
 */
public enum EmbeddingModelChoice {
  /** BAAI bge-small-en-v1.5, quantised; wants an instruction before retrieval queries. */
  BGE_SMALL_EN_V15_Q(
      "bge-small-en-v15-q",
      "bge-small-en-v1.5-q",
      Pooling.CLS,
      "Represent this sentence for searching relevant passages: "),
  /** sentence-transformers all-MiniLM-L6-v2, quantised; about twice as fast as bge-small. */
  ALL_MINILM_L6_V2_Q("all-minilm-l6-v2-q", "all-minilm-l6-v2-q", Pooling.MEAN, "");

  private final String id;
  private final String resource;
  private final Pooling pooling;
  private final String queryInstruction;

  EmbeddingModelChoice(String id, String resource, Pooling pooling, String queryInstruction) {
    this.id = id;
    this.resource = resource;
    this.pooling = pooling;
    this.queryInstruction = queryInstruction;
  }

  public String id() {
    return id;
  }

  String modelResource() {
    return resource + ".onnx";
  }

  String tokenizerResource() {
    return resource + "-tokenizer.json";
  }

  Pooling pooling() {
    return pooling;
  }

  String queryInstruction() {
    return queryInstruction;
  }

  public static EmbeddingModelChoice parse(String text) {
    String wanted = text.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values())
        .filter(m -> m.id.equals(wanted))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown embedding model '"
                        + text
                        + "'; known: "
                        + Arrays.stream(values())
                            .map(EmbeddingModelChoice::id)
                            .collect(Collectors.joining(", "))));
  }
}
