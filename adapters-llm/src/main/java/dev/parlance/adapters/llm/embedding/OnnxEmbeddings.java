package dev.parlance.adapters.llm.embedding;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.parlance.domain.retrieval.EmbedTextPort;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** The one place that builds in-process embedding models. */
public final class OnnxEmbeddings {
  private OnnxEmbeddings() {}

  /** A model that embeds on one daemon thread per core. */
  public static EmbedTextPort create(EmbeddingModelChoice choice) {
    return create(choice, Runtime.getRuntime().availableProcessors());
  }

  public static EmbedTextPort create(EmbeddingModelChoice choice, int threads) {
    ExecutorService executor = Executors.newFixedThreadPool(threads, daemonThreads());
    EmbeddingModel model =
        switch (choice) {
          case BGE_SMALL_EN_V15_Q -> new BgeSmallEnV15QuantizedEmbeddingModel(executor);
          case ALL_MINILM_L6_V2_Q -> new AllMiniLmL6V2QuantizedEmbeddingModel(executor);
        };
    return wrap(model, choice.id(), choice.queryInstruction());
  }

  /** Wraps an already built langchain4j model, e.g. a remote one or a test double. */
  public static EmbedTextPort wrap(EmbeddingModel model, String name, String queryInstruction) {
    return new OnnxEmbeddingAdapter(model, name, queryInstruction);
  }

  private static java.util.concurrent.ThreadFactory daemonThreads() {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, "parlance-embed-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
