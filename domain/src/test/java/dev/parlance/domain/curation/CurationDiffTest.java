package dev.parlance.domain.curation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CurationDiffTest {

  @Test
  void should_be_empty_when_both_sides_are_equal() {
    assertThat(CurationDiff.between(CurationFixture.plant(), CurationFixture.plant()).isEmpty())
        .isTrue();
  }

  @Test
  void should_list_added_removed_and_changed_items_with_what_changed() {
    Curation before = CurationFixture.plant();
    Curation after =
        before
            .withoutView("installation")
            .withView(
                CurationFixture.maintenanceOrder()
                    .withColumn(DataDescription.of("status", "order status")))
            .withVerified(
                before.verifiedQuery("q1").orElseThrow().withStatus(VerifiedStatus.RETIRED))
            .withHint("Fiscal year starts in April.");

    assertThat(CurationDiff.between(before, after).changes())
        .extracting(Object::toString)
        .containsExactly(
            "removed view installation",
            "changed view maintenance_order: column descriptions changed status",
            "changed verified q1: status approved → retired",
            "added hint Fiscal year starts in April.");
  }
}
