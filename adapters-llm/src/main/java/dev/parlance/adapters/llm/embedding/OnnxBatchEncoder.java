package dev.parlance.adapters.llm.embedding;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * Runs one of langchain4j's ONNX sentence encoders on many texts at once. langchain4j's own encoder
 * runs one text per session call; padding texts of similar length into one batch lets the matrix
 * kernels use every core and is several times faster on short texts (measured in
 * docs/measurements/retrieval.md). Tokenisation and pooling are the model's own, so the vectors
 * match langchain4j's.
 */
final class OnnxBatchEncoder implements AutoCloseable {

  enum Pooling {
    CLS,
    MEAN
  }

  private static final int MAX_TOKENS = 256;
  private static final int BATCH = 32;

  /**
   * DJL's switch for its usage report: when its tokenizer library loads, DJL asks the EC2 metadata
   * address for the machine's identity and sends it to DJL's telemetry bucket unless this is set
   * (as a system property or a variable). Parlance sends nothing anywhere it was not told to.
   */
  static final String DJL_OPT_OUT = "OPT_OUT_TRACKING";

  static {
    if (System.getenv(DJL_OPT_OUT) == null && System.getProperty(DJL_OPT_OUT) == null) {
      System.setProperty(DJL_OPT_OUT, "true");
    }
  }

  private final OrtEnvironment environment = OrtEnvironment.getEnvironment();
  private final byte[] model;
  private final OrtSession.SessionOptions options;
  private final int threads;
  // One session per worker, each made when a batch first finds none free: a question or a
  // publish that embeds a few texts pays for one session, not for one per core.
  private final BlockingQueue<OrtSession> sessions;
  private int made;
  private final ExecutorService workers;
  private final HuggingFaceTokenizer tokenizer;
  private final Pooling pooling;
  private final boolean typeIds;

  OnnxBatchEncoder(InputStream model, InputStream tokenizerJson, Pooling pooling, int threads)
      throws IOException, OrtException {
    this.model = model.readAllBytes();
    this.threads = threads;
    this.sessions = new ArrayBlockingQueue<>(threads);
    this.options = new OrtSession.SessionOptions();
    options.setIntraOpNumThreads(1);
    options.setInterOpNumThreads(1);
    options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
    OrtSession first = newSession();
    sessions.add(first);
    AtomicInteger n = new AtomicInteger();
    this.workers =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "parlance-embed-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    this.tokenizer =
        HuggingFaceTokenizer.newInstance(
            tokenizerJson,
            Map.of(
                "padding", "false",
                "truncation", "true",
                "maxLength", String.valueOf(MAX_TOKENS)));
    this.pooling = pooling;
    this.typeIds = first.getInputNames().contains("token_type_ids");
  }

  private synchronized OrtSession newSession() throws OrtException {
    made++;
    return environment.createSession(model, options);
  }

  /** A free session, or a new one while there are fewer than threads. */
  private OrtSession session() throws OrtException, InterruptedException {
    OrtSession free = sessions.poll();
    if (free != null) {
      return free;
    }
    synchronized (this) {
      if (made < threads) {
        return newSession();
      }
    }
    return sessions.take();
  }

  /** Unit-length embeddings, in the order of {@code texts}. */
  List<float[]> encode(List<String> texts) throws OrtException {
    Encoding[] encodings = new Encoding[texts.size()];
    for (int i = 0; i < encodings.length; i++) {
      encodings[i] = tokenizer.encode(texts.get(i));
    }
    // Texts of about the same length share a batch: padding costs time and, in a quantised
    // model, widens the int8 ranges of the whole batch.
    List<Integer> order =
        IntStream.range(0, encodings.length)
            .boxed()
            .sorted(Comparator.comparingInt(i -> encodings[i].getIds().length))
            .toList();
    float[][] out = new float[texts.size()][];
    List<Future<?>> running = new ArrayList<>();
    int from = 0;
    while (from < order.size()) {
      int shortest = encodings[order.get(from)].getIds().length;
      int to = from + 1;
      while (to < order.size()
          && to - from < BATCH
          && encodings[order.get(to)].getIds().length <= shortest + Math.max(2, shortest / 4)) {
        to++;
      }
      List<Integer> batch = order.subList(from, to);
      running.add(
          workers.submit(
              () -> {
                float[][] vectors =
                    run(batch.stream().map(i -> encodings[i]).toArray(Encoding[]::new));
                for (int j = 0; j < batch.size(); j++) {
                  out[batch.get(j)] = vectors[j];
                }
                return null;
              }));
      from = to;
    }
    for (Future<?> f : running) {
      await(f);
    }
    return List.of(out);
  }

  private static void await(Future<?> batch) throws OrtException {
    try {
      batch.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while embedding", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof OrtException ort) {
        throw ort;
      }
      throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
    }
  }

  private float[][] run(Encoding[] encodings) throws OrtException {
    int n = encodings.length;
    int length = 0;
    for (Encoding e : encodings) {
      length = Math.max(length, e.getIds().length);
    }
    // Padding is token id 0 with attention 0, as BERT vocabularies define [PAD].
    long[][] ids = new long[n][length];
    long[][] mask = new long[n][length];
    long[][] types = new long[n][length];
    for (int i = 0; i < n; i++) {
      System.arraycopy(encodings[i].getIds(), 0, ids[i], 0, encodings[i].getIds().length);
      System.arraycopy(
          encodings[i].getAttentionMask(), 0, mask[i], 0, encodings[i].getAttentionMask().length);
      System.arraycopy(encodings[i].getTypeIds(), 0, types[i], 0, encodings[i].getTypeIds().length);
    }
    Map<String, OnnxTensor> inputs = new HashMap<>();
    try {
      inputs.put("input_ids", OnnxTensor.createTensor(environment, ids));
      inputs.put("attention_mask", OnnxTensor.createTensor(environment, mask));
      if (typeIds) {
        inputs.put("token_type_ids", OnnxTensor.createTensor(environment, types));
      }
      OrtSession session = session();
      try (OrtSession.Result result = session.run(inputs)) {
        float[][][] hidden = (float[][][]) result.get(0).getValue();
        float[][] vectors = new float[n][];
        for (int i = 0; i < n; i++) {
          vectors[i] = normalize(pool(hidden[i], mask[i]));
        }
        return vectors;
      } finally {
        sessions.add(session);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while embedding", e);
    } finally {
      inputs.values().forEach(OnnxTensor::close);
    }
  }

  private float[] pool(float[][] tokens, long[] mask) {
    if (pooling == Pooling.CLS) {
      return tokens[0];
    }
    float[] mean = new float[tokens[0].length];
    int count = 0;
    for (int t = 0; t < tokens.length; t++) {
      if (mask[t] == 0) {
        continue;
      }
      count++;
      for (int k = 0; k < mean.length; k++) {
        mean[k] += tokens[t][k];
      }
    }
    for (int k = 0; k < mean.length; k++) {
      mean[k] /= Math.max(1, count);
    }
    return mean;
  }

  private static float[] normalize(float[] v) {
    double norm = 0;
    for (float x : v) {
      norm += x * x;
    }
    norm = Math.sqrt(norm);
    float[] unit = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      unit[i] = (float) (v[i] / Math.max(norm, 1e-12));
    }
    return unit;
  }

  @Override
  public void close() throws OrtException {
    workers.shutdownNow();
    try {
      // The sessions a worker still runs on must not be closed under it.
      workers.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (OrtSession session : sessions) {
      session.close();
    }
    options.close();
    tokenizer.close();
  }
}
