package dev.parlance.adapters.llm.embedding;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.util.List;

/** Embeds text in-process with a langchain4j ONNX model, one task per text across all cores. */
final class OnnxEmbeddingAdapter implements EmbedTextPort {

  private final EmbeddingModel model;
  private final String modelName;
  private final String queryInstruction;

  OnnxEmbeddingAdapter(EmbeddingModel model, String modelName, String queryInstruction) {
    this.model = model;
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
    if (texts.stream().anyMatch(String::isBlank)) {
      throw new IllegalArgumentException("cannot embed an empty text");
    }
    List<TextSegment> segments = texts.stream().map(TextSegment::from).toList();
    try {
      List<Embedding> embeddings = model.embedAll(segments).content();
      return embeddings.stream().map(e -> EmbeddingVector.of(e.vector())).toList();
    } catch (RuntimeException e) {
      throw new EmbeddingFailedException(modelName, e);
    }
  }
}
