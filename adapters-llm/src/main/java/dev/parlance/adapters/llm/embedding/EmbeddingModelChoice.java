package dev.parlance.adapters.llm.embedding;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The in-process embedding models Parlance ships (ONNX, quantised, from Maven Central). */
public enum EmbeddingModelChoice {
  /** BAAI bge-small-en-v1.5, quantised; wants an instruction before retrieval queries. */
  BGE_SMALL_EN_V15_Q(
      "bge-small-en-v15-q", "Represent this sentence for searching relevant passages: "),
  /** sentence-transformers all-MiniLM-L6-v2, quantised; about twice as fast as bge-small. */
  ALL_MINILM_L6_V2_Q("all-minilm-l6-v2-q", "");

  private final String id;
  private final String queryInstruction;

  EmbeddingModelChoice(String id, String queryInstruction) {
    this.id = id;
    this.queryInstruction = queryInstruction;
  }

  public String id() {
    return id;
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
