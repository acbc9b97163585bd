package dev.parlance.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.parlance.domain.retrieval.CollectiveSelection.Settings;
import java.util.List;
import org.junit.jupiter.api.Test;

class CollectiveSelectionTest {

  private static final boolean[][] UNCONNECTED = new boolean[3][3];

  // Probe A matches a1 and a2 about equally; probe B only matches b1, a little less strongly.
  private static final double[][] TWO_PROBES = {
    {0.95, 0.93, -0.90},
    {-0.90, -0.90, 0.90},
  };

  // Entropy damping off, so that coverage alone is at work.
  private static final Settings COVERAGE = new Settings(1.0, 0.01, false, true);
  private static final Settings SUM = new Settings(1.0, 0.01, false, false);

  @Test
  void should_cover_every_probe_when_one_probe_dominates_the_similarities() {
    List<Integer> order = new CollectiveSelection(COVERAGE).order(TWO_PROBES, UNCONNECTED, 2);

    assertThat(order).containsExactly(0, 2);
  }

  @Test
  void should_pile_onto_the_dominant_probe_when_coverage_is_replaced_by_a_sum() {
    List<Integer> order = new CollectiveSelection(SUM).order(TWO_PROBES, UNCONNECTED, 2);

    assertThat(order).containsExactly(0, 1);
  }

  @Test
  void should_extend_the_smaller_budget_when_the_budget_grows() {
    double[][] cosine = {
      {0.9, 0.1, 0.5, 0.3, 0.7},
      {0.2, 0.8, 0.4, 0.6, 0.1},
    };
    boolean[][] connected = new boolean[5][5];
    CollectiveSelection selection = new CollectiveSelection(Settings.paper());

    List<Integer> three = selection.order(cosine, connected, 3);
    List<Integer> five = selection.order(cosine, connected, 5);

    assertThat(five).hasSize(5).startsWith(three.toArray(Integer[]::new));
  }

  @Test
  void should_prefer_the_candidate_connected_to_the_selection_when_similarities_tie() {
    double[][] cosine = {{0.9, 0.5, 0.5}};
    boolean[][] connected = new boolean[3][3];
    connected[0][2] = true;
    connected[2][0] = true;

    List<Integer> order = new CollectiveSelection(Settings.paper()).order(cosine, connected, 2);

    assertThat(order).containsExactly(0, 2);
  }

  @Test
  void should_ignore_connectivity_when_lambda_is_zero() {
    double[][] cosine = {{0.9, 0.5, 0.5}};
    boolean[][] connected = new boolean[3][3];
    connected[0][2] = true;
    connected[2][0] = true;

    List<Integer> order =
        new CollectiveSelection(new Settings(0.0, 0.01, true, true)).order(cosine, connected, 2);

    assertThat(order).containsExactly(0, 1);
  }

  @Test
  void should_damp_a_probe_whose_similarities_are_flat_more_than_a_sharp_one() {
    double[][] cosine = {
      {0.5, 0.5, 0.5, 0.5},
      {0.9, -0.9, -0.9, -0.9},
    };
    double[][] s = new CollectiveSelection(Settings.paper()).similarities(cosine);

    // Eq. 2 without damping would give 0.75 and 0.95; the flat probe falls below 0.5·0.75.
    double flatDamping = s[0][0] / 0.75;
    double sharpDamping = s[1][0] / 0.95;
    assertThat(flatDamping).isLessThan(0.5);
    assertThat(sharpDamping).isGreaterThan(0.5);
    assertThat(flatDamping + sharpDamping).isCloseTo(1.0, within(1e-9));
  }

  @Test
  void should_return_every_candidate_when_the_budget_exceeds_them() {
    List<Integer> order =
        new CollectiveSelection(Settings.paper()).order(TWO_PROBES, UNCONNECTED, 30);

    assertThat(order).containsExactlyInAnyOrder(0, 1, 2);
  }

  @Test
  void should_select_nothing_without_probes() {
    assertThat(
            new CollectiveSelection(Settings.paper()).order(new double[0][], new boolean[0][0], 5))
        .isEmpty();
  }

  @Test
  void should_connect_elements_of_one_table_and_across_foreign_keys() {
    IndexedElement orderId = element("orders", "id", 1, "customers.id");
    IndexedElement orderDate = element("orders", "date", 0.9f);
    IndexedElement customerId = element("customers", "id", 0.9f, "orders.id");
    IndexedElement unrelated = element("planets", "mass", 0.9f);
    EmbeddingVector probe = EmbeddingVector.of(new float[] {1, 0});

    // Once orders.id is in, the three others tie on similarity and connectivity decides.
    List<IndexedElement> order =
        new CollectiveSelection(Settings.paper())
            .order(List.of(probe), List.of(unrelated, orderId, orderDate, customerId), 4);

    assertThat(order.getFirst()).isEqualTo(orderId);
    assertThat(order.getLast()).isEqualTo(unrelated);
  }

  private static IndexedElement element(
      String table, String column, float closeness, String... linked) {
    return new IndexedElement(
        SchemaElement.column(table, column, table + "." + column, java.util.Set.of(linked)),
        EmbeddingVector.of(new float[] {closeness, 1 - closeness}));
  }
}
