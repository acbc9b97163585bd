package dev.parlance.adapters.llm.embedding;

import ai.onnxruntime.OrtException;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.util.List;

/** Embeds text in-process with one of langchain4j's ONNX models, in padded batches. */
final class OnnxEmbeddingAdapter implements EmbedTextPort {

  private final OnnxBatchEncoder encoder;
  private final String modelName;
  private final String queryInstruction;

  OnnxEmbeddingAdapter(OnnxBatchEncoder encoder, String modelName, String queryInstruction) {
    this.encoder = encoder;
    this.modelName = modelName;
    this.queryInstruction = queryInstruction;
  }

  @Override
  public List<EmbeddingVector> embedDocuments(List<String> texts) {
    return embed(texts);
  }

  @Override
  public List<EmbeddingVector> embedQueries(List<String> texts) {
    return embed(
        queryInstruction.isEmpty()
            ? texts
            : texts.stream().map(t -> queryInstruction + t).toList());
  }

  @Override
  public String modelName() {
    return modelName;
  }

  private List<EmbeddingVector> embed(List<String> texts) {
    if (texts.isEmpty()) {
      return List.of();
    }
    if (texts.stream().anyMatch(t -> t == null || t.isBlank())) {
      throw new IllegalArgumentException("cannot embed an empty text");
    }
    try {
      return encoder.encode(texts).stream().map(EmbeddingVector::of).toList();
    } catch (OrtException | RuntimeException e) {
      throw new EmbeddingFailedException(modelName, e);
    }
  }
}
