package dev.parlance.adapters.index.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.values.ColumnValue;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LuceneValueIndexAdapterTest {

  @TempDir Path dir;

  @Test
  void should_find_a_value_written_differently_by_shared_trigrams() {
    try (var index = LuceneIndexes.openValues(dir)) {
      index.replace(
          "demo",
          List.of(
              new ColumnValue("TB_IN", "IN_CD", "IBX-15"),
              new ColumnValue("TB_IN", "IN_CD", "RJS-12"),
              new ColumnValue("TB_IN", "IN_HUB", "MACAE")));

      assertThat(index.candidates("demo", "ibx15", 5))
          .first()
          .isEqualTo(new ColumnValue("TB_IN", "IN_CD", "IBX-15"));
      assertThat(index.candidates("demo", "Macae", 5))
          .first()
          .isEqualTo(new ColumnValue("TB_IN", "IN_HUB", "MACAE"));
      assertThat(index.candidates("other", "ibx15", 5)).isEmpty();
      assertThat(index.count("demo")).contains(3);
      assertThat(index.count("other")).isEmpty();
    }
  }

  @Test
  void should_replace_a_sources_values_whole() {
    try (var index = LuceneIndexes.inMemoryValues()) {
      index.replace("demo", List.of(new ColumnValue("T", "C", "alpha")));
      index.replace("demo", List.of(new ColumnValue("T", "C", "beta")));

      assertThat(index.candidates("demo", "alpha", 5)).isEmpty();
      assertThat(index.candidates("demo", "beta", 5)).hasSize(1);
      assertThat(index.count("demo")).contains(1);
    }
  }
}
