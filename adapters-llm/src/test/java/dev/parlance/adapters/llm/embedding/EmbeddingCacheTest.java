package dev.parlance.adapters.llm.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddingCacheTest {

  @TempDir Path directory;

  /** A model that records what it was asked to embed; a text's vector is derived from its hash. */
  static final class CountingModel implements EmbedTextPort {
    final List<String> embedded = new ArrayList<>();
    final String name;

    CountingModel(String name) {
      this.name = name;
    }

    @Override
    public List<EmbeddingVector> embedDocuments(List<String> texts) {
      embedded.addAll(texts);
      return texts.stream().map(CountingModel::vector).toList();
    }

    @Override
    public List<EmbeddingVector> embedQueries(List<String> texts) {
      embedded.addAll(texts);
      return texts.stream().map(CountingModel::vector).toList();
    }

    @Override
    public String modelName() {
      return name;
    }

    static EmbeddingVector vector(String text) {
      int h = text.hashCode();
      return EmbeddingVector.of(new float[] {1 + (h & 7), (h >> 3) & 7, (h >> 6) & 7});
    }
  }

  @Test
  void should_embed_only_the_texts_it_has_not_seen_and_each_text_once() {
    CountingModel model = new CountingModel("m");
    EmbedTextPort cached = OnnxEmbeddings.cached(model, directory);

    List<EmbeddingVector> first = cached.embedDocuments(List.of("orders", "status", "orders"));
    List<EmbeddingVector> second = cached.embedDocuments(List.of("status", "region"));

    assertThat(model.embedded).containsExactly("orders", "status", "region");
    assertThat(first.get(0)).isEqualTo(first.get(2)).isEqualTo(CountingModel.vector("orders"));
    assertThat(second.get(0)).isEqualTo(CountingModel.vector("status"));
  }

  @Test
  void should_remember_across_processes_in_the_directory() {
    OnnxEmbeddings.cached(new CountingModel("m"), directory).embedDocuments(List.of("a", "b"));

    CountingModel later = new CountingModel("m");
    List<EmbeddingVector> again =
        OnnxEmbeddings.cached(later, directory).embedDocuments(List.of("b", "a", "c"));

    assertThat(later.embedded).containsExactly("c");
    assertThat(again.get(0)).isEqualTo(CountingModel.vector("b"));
    assertThat(again.get(1)).isEqualTo(CountingModel.vector("a"));
  }

  @Test
  void should_keep_each_models_vectors_apart() {
    OnnxEmbeddings.cached(new CountingModel("m1"), directory).embedDocuments(List.of("a"));

    CountingModel other = new CountingModel("m2");
    OnnxEmbeddings.cached(other, directory).embedDocuments(List.of("a"));

    assertThat(other.embedded).containsExactly("a");
  }

  @Test
  void should_never_cache_queries() {
    CountingModel model = new CountingModel("m");
    EmbedTextPort cached = OnnxEmbeddings.cached(model, directory);

    cached.embedQuery("open orders");
    cached.embedQuery("open orders");

    assertThat(model.embedded).containsExactly("open orders", "open orders");
  }

  @Test
  void should_cut_off_a_record_a_crash_left_half_written() throws IOException {
    OnnxEmbeddings.cached(new CountingModel("m"), directory).embedDocuments(List.of("a", "b"));
    Path file = directory.resolve("m.vectors");
    // A record that starts (text length 5, "abcde") but whose vector never reached the disk.
    Files.write(
        file, new byte[] {0, 0, 0, 5, 'a', 'b', 'c', 'd', 'e', 1, 2}, StandardOpenOption.APPEND);

    CountingModel later = new CountingModel("m");
    EmbedTextPort cached = OnnxEmbeddings.cached(later, directory);
    cached.embedDocuments(List.of("a", "b", "abcde"));
    CountingModel third = new CountingModel("m");
    OnnxEmbeddings.cached(third, directory).embedDocuments(List.of("a", "b", "abcde"));

    assertThat(later.embedded).containsExactly("abcde");
    assertThat(third.embedded).isEmpty();
  }

  @Test
  void should_start_afresh_when_the_file_is_not_a_cache() throws IOException {
    Files.writeString(directory.resolve("m.vectors"), "not a cache at all");

    CountingModel model = new CountingModel("m");
    OnnxEmbeddings.cached(model, directory).embedDocuments(List.of("a"));
    CountingModel later = new CountingModel("m");
    OnnxEmbeddings.cached(later, directory).embedDocuments(List.of("a"));

    assertThat(model.embedded).containsExactly("a");
    assertThat(later.embedded).isEmpty();
  }
}
