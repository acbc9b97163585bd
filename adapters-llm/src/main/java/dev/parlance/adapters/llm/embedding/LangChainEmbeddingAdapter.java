package dev.parlance.adapters.llm.embedding;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.util.List;

/** Embeds text with any pre-built langchain4j embedding model (a vendor API, a test double). */
final class LangChainEmbeddingAdapter implements EmbedTextPort {

  private final EmbeddingModel model;
  private final String modelName;
  private final String queryInstruction;

  LangChainEmbeddingAdapter(EmbeddingModel model, String modelName, String queryInstruction) {
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
    if (texts.stream().anyMatch(t -> t == null || t.isBlank())) {
      throw new IllegalArgumentException("cannot embed an empty text");
    }
    try {
      return model.embedAll(texts.stream().map(TextSegment::from).toList()).content().stream()
          .map(e -> EmbeddingVector.of(e.vector()))
          .toList();
    } catch (RuntimeException e) {
      throw new EmbeddingFailedException(modelName, e);
    }
  }
}
