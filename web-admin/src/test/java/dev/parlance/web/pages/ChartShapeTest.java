package dev.parlance.web.pages;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChartShapeTest {

  @Test
  void should_choose_a_big_number_when_the_result_is_one_number() {
    assertThat(ChartShape.fitting(1, List.of(List.of(42))))
        .containsExactly(ChartShape.NUMBER, ChartShape.NONE);
  }

  @Test
  void should_choose_bars_when_the_result_is_a_category_and_a_number() {
    assertThat(ChartShape.fitting(2, List.of(List.of("SE", 3), List.of("NE", 4))).get(0))
        .isEqualTo(ChartShape.BAR);
  }

  @Test
  void should_choose_a_line_when_the_result_is_a_date_and_a_number() {
    assertThat(
            ChartShape.fitting(2, List.of(List.of("2024-01", 3), List.of("2024-02-01", 4))).get(0))
        .isEqualTo(ChartShape.LINE);
  }

  @Test
  void should_choose_a_scatter_plot_when_the_result_is_two_numbers() {
    assertThat(ChartShape.fitting(2, List.of(List.of(1.5, 3), List.of(2, 4))).get(0))
        .isEqualTo(ChartShape.SCATTER);
  }

  @Test
  void should_offer_no_chart_when_the_shape_allows_none() {
    assertThat(ChartShape.fitting(3, List.of(List.of("a", "b", 1))))
        .containsExactly(ChartShape.NONE);
    assertThat(ChartShape.fitting(2, List.of())).containsExactly(ChartShape.NONE);
    assertThat(ChartShape.fitting(2, List.of(List.of("SE", "x")))).containsExactly(ChartShape.NONE);
  }
}
