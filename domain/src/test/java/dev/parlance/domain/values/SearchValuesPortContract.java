package dev.parlance.domain.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.AbstractList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every value index must do. An adapter's test extends this class and hands it a fresh, empty
 * index.
 */
public abstract class SearchValuesPortContract {

  /** A fresh, empty index that also implements {@link SearchValuesPort}. */
  protected abstract IndexValuesPort newIndex();

  private IndexValuesPort index;
  private SearchValuesPort search;

  @BeforeEach
  void createIndex() {
    index = newIndex();
    search = (SearchValuesPort) index;
  }

  private static final List<ColumnValue> DEMO =
      List.of(
          new ColumnValue("TB_IN", "IN_CD", "IBX-15"),
          new ColumnValue("TB_IN", "IN_CD", "RJS-12"),
          new ColumnValue("TB_IN", "IN_HUB", "MACAE"));

  @Test
  void should_find_a_value_written_differently_by_shared_trigrams() {
    index.replace("demo", DEMO);

    assertThat(search.candidates("demo", "ibx15", 5))
        .first()
        .isEqualTo(new ColumnValue("TB_IN", "IN_CD", "IBX-15"));
    assertThat(search.candidates("demo", "Macae", 5))
        .first()
        .isEqualTo(new ColumnValue("TB_IN", "IN_HUB", "MACAE"));
  }

  @Test
  void should_rank_an_exact_match_first() {
    index.replace(
        "demo",
        List.of(
            new ColumnValue("T", "C", "open orders"),
            new ColumnValue("T", "C", "open"),
            new ColumnValue("T", "C", "reopened")));

    assertThat(search.candidates("demo", "OPEN", 3))
        .first()
        .isEqualTo(new ColumnValue("T", "C", "open"));
  }

  @Test
  void should_keep_sources_apart_and_count_what_each_holds() {
    index.replace("demo", DEMO);

    assertThat(search.candidates("other", "ibx15", 5)).isEmpty();
    assertThat(index.count("demo")).contains(3);
    assertThat(index.count("other")).isEmpty();
  }

  @Test
  void should_replace_a_sources_values_whole() {
    index.replace("demo", List.of(new ColumnValue("T", "C", "alpha")));
    index.replace("demo", List.of(new ColumnValue("T", "C", "beta")));

    assertThat(search.candidates("demo", "alpha", 5)).isEmpty();
    assertThat(search.candidates("demo", "beta", 5)).hasSize(1);
    assertThat(index.count("demo")).contains(1);
  }

  @Test
  void should_keep_the_old_values_when_a_build_is_interrupted() {
    index.replace("demo", DEMO);
    List<ColumnValue> interrupted =
        new AbstractList<>() {
          @Override
          public ColumnValue get(int i) {
            if (i >= 1) {
              throw new IllegalStateException("interrupted while reading values");
            }
            return new ColumnValue("T", "C", "gamma");
          }

          @Override
          public int size() {
            return 3;
          }
        };

    assertThatThrownBy(() -> index.replace("demo", interrupted))
        .isInstanceOf(RuntimeException.class);

    assertThat(index.count("demo")).contains(3);
    assertThat(search.candidates("demo", "gamma", 5)).isEmpty();
    assertThat(search.candidates("demo", "ibx15", 5)).isNotEmpty();
  }
}
