package dev.parlance.adapters.llm.embedding;

import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.util.List;

/**
 * Embeds text with a model behind a {@link Encoder}: in-process ONNX batches by default, or any
 * pre-built langchain4j model. Queries get the model's instruction, when it has one.
 */
final class EmbeddingModelAdapter implements EmbedTextPort {

  /** Turns texts into raw vectors, in order. */
  @FunctionalInterface
  interface Encoder {
    List<float[]> encode(List<String> texts) throws Exception;
  }

  private final Encoder encoder;
  private final String modelName;
  private final String queryInstruction;

  EmbeddingModelAdapter(Encoder encoder, String modelName, String queryInstruction) {
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
    } catch (EmbeddingFailedException e) {
      throw e;
    } catch (Exception e) {
      throw new EmbeddingFailedException(modelName, e);
    }
  }
}
