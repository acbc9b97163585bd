package dev.parlance.adapters.llm.embedding;

import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Remembers document embeddings on disk, keyed by model and text, so that re-indexing a source
 * embeds only what changed. One append-only file per model; a text embedded twice in one call is
 * embedded once. Several processes may share the file: appends hold a file lock, and a record a
 * crash left half-written is cut off on the next open. Queries are not cached: each question is
 * new.
 *
 * <p>Vectors from the cache equal those computed when the text was first embedded; the quantised
 * models give a text slightly different vectors in different batches (cosine &gt; 0.99, see
 * docs/measurements/retrieval.md), so a cached vector is as good as a fresh one.
 */
final class EmbeddingCacheAdapter implements EmbedTextPort {

  private static final Logger LOG = Logger.getLogger(EmbeddingCacheAdapter.class.getName());

  // "PEC1": Parlance embedding cache, format 1; then the dimension.
  private static final int MAGIC = 0x50454331;
  private static final int HEADER = 8;
  // Past this size the file starts afresh: it only ever grows, and texts that changed stay in it.
  static final long MAX_BYTES = 1L << 30;

  private final EmbedTextPort model;
  private final Path file;
  private final Map<String, float[]> vectors = new HashMap<>();
  private int dimension;
  private boolean loaded;

  EmbeddingCacheAdapter(EmbedTextPort model, Path directory) {
    this.model = model;
    this.file =
        directory.resolve(model.modelName().replaceAll("[^A-Za-z0-9._-]", "_") + ".vectors");
  }

  @Override
  public synchronized List<EmbeddingVector> embedDocuments(List<String> texts) {
    load();
    Set<String> missing = new LinkedHashSet<>();
    for (String text : texts) {
      if (!vectors.containsKey(text)) {
        missing.add(text);
      }
    }
    if (!missing.isEmpty()) {
      List<String> fresh = new ArrayList<>(missing);
      List<EmbeddingVector> embedded = model.embedDocuments(fresh);
      Map<String, float[]> added = new HashMap<>();
      for (int i = 0; i < fresh.size(); i++) {
        added.put(fresh.get(i), embedded.get(i).toArray());
      }
      vectors.putAll(added);
      append(fresh, added);
    }
    List<EmbeddingVector> out = new ArrayList<>(texts.size());
    for (String text : texts) {
      out.add(EmbeddingVector.of(vectors.get(text)));
    }
    return out;
  }

  @Override
  public List<EmbeddingVector> embedQueries(List<String> texts) {
    return model.embedQueries(texts);
  }

  @Override
  public String modelName() {
    return model.modelName();
  }

  /** How many texts the cache holds for this model. */
  synchronized int size() {
    load();
    return vectors.size();
  }

  // The cache is an optimisation: a file that cannot be read or written only costs embeddings.
  private void load() {
    if (loaded) {
      return;
    }
    loaded = true;
    if (!Files.exists(file)) {
      return;
    }
    try (FileChannel channel =
            FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock = channel.lock()) {
      long size = channel.size();
      if (size > MAX_BYTES) {
        channel.truncate(0);
        return;
      }
      ByteBuffer all = ByteBuffer.allocate((int) size);
      while (all.hasRemaining() && channel.read(all) >= 0) {
        // read the whole file
      }
      all.flip();
      if (all.remaining() < HEADER || all.getInt() != MAGIC) {
        channel.truncate(0);
        return;
      }
      dimension = all.getInt();
      long complete = HEADER;
      while (all.remaining() >= Integer.BYTES) {
        int length = all.getInt();
        if (length < 0 || all.remaining() < length + dimension * Float.BYTES) {
          break;
        }
        byte[] key = new byte[length];
        all.get(key);
        float[] vector = new float[dimension];
        all.asFloatBuffer().get(vector);
        all.position(all.position() + dimension * Float.BYTES);
        vectors.put(new String(key, StandardCharsets.UTF_8), vector);
        complete = all.position();
      }
      if (complete < size) {
        channel.truncate(complete); // a record a crash cut short
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.FINE, "embedding cache " + file + " unreadable; starting afresh", e);
      vectors.clear();
      dimension = 0;
    }
  }

  private void append(List<String> texts, Map<String, float[]> added) {
    int dim = added.values().iterator().next().length;
    try {
      Files.createDirectories(file.getParent());
      try (FileChannel channel =
              FileChannel.open(
                  file,
                  StandardOpenOption.CREATE,
                  StandardOpenOption.READ,
                  StandardOpenOption.WRITE);
          FileLock lock = channel.lock()) {
        long size = channel.size();
        if (size > 0 && dimension != 0 && dimension != dim) {
          return; // another model's dimension: never mix
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(texts.size() * (dim * 4 + 64));
        DataOutputStream out = new DataOutputStream(bytes);
        if (size < HEADER) {
          channel.truncate(0);
          size = 0;
          out.writeInt(MAGIC);
          out.writeInt(dim);
        }
        dimension = dim;
        for (String text : texts) {
          byte[] key = text.getBytes(StandardCharsets.UTF_8);
          out.writeInt(key.length);
          out.write(key);
          for (float v : added.get(text)) {
            out.writeFloat(v);
          }
        }
        out.flush();
        ByteBuffer buffer = ByteBuffer.wrap(bytes.toByteArray());
        long at = size;
        while (buffer.hasRemaining()) {
          at += channel.write(buffer, at);
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.FINE, "cannot write the embedding cache " + file, e);
    }
  }
}
