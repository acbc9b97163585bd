package dev.parlance.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ColumnRecallTest {

  private static final Set<String> GOLD = Set.of("db.Cards.Id", "db.cards.name");

  @Test
  void should_count_only_the_first_budget_columns_case_insensitively() {
    List<String> ranked = List.of("db.cards.id", "db.sets.code", "DB.CARDS.NAME");

    assertThat(ColumnRecall.at(GOLD, ranked, 1)).isEqualTo(0.5);
    assertThat(ColumnRecall.at(GOLD, ranked, 2)).isEqualTo(0.5);
    assertThat(ColumnRecall.at(GOLD, ranked, 3)).isEqualTo(1.0);
    assertThat(ColumnRecall.at(GOLD, ranked, 30)).isEqualTo(1.0);
  }

  @Test
  void should_not_count_a_column_retrieved_twice_twice() {
    assertThat(ColumnRecall.at(GOLD, List.of("db.cards.id", "db.cards.id"), 2)).isEqualTo(0.5);
  }

  @Test
  void should_refuse_a_question_without_gold_columns() {
    assertThatThrownBy(() -> ColumnRecall.at(Set.of(), List.of("a.b"), 3))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
