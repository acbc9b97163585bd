package dev.parlance.application.curation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.question.VerifiedExample;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CuratedContextServiceTest {

  @Test
  void should_hand_prompts_the_published_descriptions_dictionaries_hints_and_examples() {
    var curation =
        Curation.empty("plant")
            .withView(
                new CuratedView(
                    "maintenance_order",
                    ViewKind.PARTIALLY_EXTENDED,
                    "A work order.",
                    "SELECT MO_ID AS id, MO_ST AS status FROM TB_MO",
                    Map.of(),
                    false,
                    List.of(
                        new DataDescription(
                            "status",
                            "where the order stands",
                            "",
                            List.of(new ValueLabel("1", "open"), new ValueLabel("5", "closed")),
                            true))))
            .withHint("Dates are ISO text: use date('now') in SQLite.")
            .withVerified(
                new VerifiedQuery(
                    "q1",
                    "How many orders are open?",
                    "SELECT count(*) FROM maintenance_order WHERE status = 1",
                    "rita",
                    VerifiedStatus.APPROVED,
                    "simple"))
            .withTable(
                new TableDescription(
                    "TB_EMP",
                    "staff",
                    List.of(new DataDescription("EMP_NM", "full name", "", List.of(), false))));
    var service =
        new CuratedContextService(
            source -> Optional.of(new CurationVersion(1, curation, "rita", Instant.EPOCH, "")));

    CuratedContext context = service.forSource("plant");

    assertThat(context.description("maintenance_order")).contains("A work order.");
    assertThat(context.description("MAINTENANCE_ORDER.status")).contains("where the order stands");
    assertThat(context.valueDescription("maintenance_order.status"))
        .contains("1 = open; 5 = closed");
    assertThat(context.hints()).containsExactly("Dates are ISO text: use date('now') in SQLite.");
    assertThat(context.examples())
        .containsExactly(
            new VerifiedExample(
                "How many orders are open?",
                "SELECT count(*) FROM maintenance_order WHERE status = 1"));
    assertThat(context.valuesShareable("TB_EMP.EMP_NM")).isFalse();
    assertThat(context.valuesShareable("maintenance_order.status")).isTrue();
  }

  @Test
  void should_be_empty_when_nothing_is_published() {
    assertThat(new CuratedContextService(source -> Optional.empty()).forSource("plant"))
        .isEqualTo(CuratedContext.none());
  }
}
