package dev.parlance.adapters.llm.embedding;

import ai.onnxruntime.OrtException;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.parlance.domain.retrieval.EmbedTextPort;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The one place that builds embedding models. */
public final class OnnxEmbeddings {
  private OnnxEmbeddings() {}

  // Loading a model takes a second or more: one encoder per model and process, loaded when the
  // first text is embedded. Until then the model's name is all a caller gets, which is all that
  // deciding whether an index is current needs (re-indexing what is indexed loads no model).
  private static final Map<Loaded, OnnxBatchEncoder> ENCODERS = new HashMap<>();

  private record Loaded(EmbeddingModelChoice choice, int threads) {}

  /** An in-process model that uses every core. */
  public static EmbedTextPort create(EmbeddingModelChoice choice) {
    return create(choice, Runtime.getRuntime().availableProcessors());
  }

  public static EmbedTextPort create(EmbeddingModelChoice choice, int threads) {
    return new EmbeddingModelAdapter(
        texts -> encoder(choice, threads).encode(texts), choice.id(), choice.queryInstruction());
  }

  private static synchronized OnnxBatchEncoder encoder(EmbeddingModelChoice choice, int threads) {
    return ENCODERS.computeIfAbsent(new Loaded(choice, threads), k -> load(choice, threads));
  }

  /** Whether this process has loaded the model with that many threads (for tests). */
  static synchronized boolean isLoaded(EmbeddingModelChoice choice, int threads) {
    return ENCODERS.containsKey(new Loaded(choice, threads));
  }

  /**
   * Stops every loaded model's worker threads ({@code parlance-embed-*}) and frees its sessions,
   * when the application stops (an undeployed web application must leave no thread behind). A later
   * {@link #create} loads the model again.
   */
  public static synchronized void closeAll() {
    RuntimeException failed = null;
    for (OnnxBatchEncoder encoder : ENCODERS.values()) {
      try {
        encoder.close();
      } catch (OrtException | RuntimeException e) {
        if (failed == null) {
          failed = new IllegalStateException("could not close every embedding model", e);
        } else {
          failed.addSuppressed(e);
        }
      }
    }
    ENCODERS.clear();
    if (failed != null) {
      throw failed;
    }
  }

  /**
   * A model whose document embeddings are remembered in {@code directory}, keyed by model and text:
   * re-indexing embeds only the texts that changed (docs/measurements/retrieval.md measures it).
   */
  public static EmbedTextPort cached(EmbedTextPort model, Path directory) {
    return new EmbeddingCacheAdapter(model, directory);
  }

  /** Wraps an already built langchain4j model, e.g. a vendor's embedding API or a test double. */
  public static EmbedTextPort wrap(EmbeddingModel model, String name, String queryInstruction) {
    return new EmbeddingModelAdapter(
        texts ->
            model.embedAll(texts.stream().map(TextSegment::from).toList()).content().stream()
                .map(Embedding::vector)
                .toList(),
        name,
        queryInstruction);
  }

  private static OnnxBatchEncoder load(EmbeddingModelChoice choice, int threads) {
    // The model files ship at the root of langchain4j's model jars.
    ClassLoader loader = AbstractInProcessEmbeddingModel.class.getClassLoader();
    try (InputStream model = loader.getResourceAsStream(choice.modelResource());
        InputStream tokenizer = loader.getResourceAsStream(choice.tokenizerResource())) {
      if (model == null || tokenizer == null) {
        throw new EmbeddingFailedException(
            choice.id(),
            new IOException("model files " + choice.modelResource() + " not on the class path"));
      }
      return new OnnxBatchEncoder(model, tokenizer, choice.pooling(), threads);
    } catch (IOException | OrtException e) {
      throw new EmbeddingFailedException(choice.id(), e);
    }
  }
}
