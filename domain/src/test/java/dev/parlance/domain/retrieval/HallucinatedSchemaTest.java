package dev.parlance.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HallucinatedSchemaTest {

  @Test
  void should_read_every_table_and_column_of_the_papers_format() {
    HallucinatedSchema schema =
        HallucinatedSchema.parse(
            "Club(Name, id, description, location), member_of_club(club id, student id), Student(id, age)");

    assertThat(schema.probes())
        .containsExactly(
            "Club.Name",
            "Club.id",
            "Club.description",
            "Club.location",
            "member_of_club.club id",
            "member_of_club.student id",
            "Student.id",
            "Student.age");
  }

  @Test
  void should_survive_prose_fences_bullets_slashes_and_dashes() {
    String messy =
        """
        Sure! Here is a minimal schema:
        ```
        - Sales/Orders(order-id, customer_id)
        * Customer(customer_id,   full   name)
        ```
        Hope this helps.
        """;

    HallucinatedSchema schema = HallucinatedSchema.parse(messy);

    assertThat(schema.tables())
        .extracting(HallucinatedSchema.HallucinatedTable::name)
        .containsExactly("Orders", "Customer");
    assertThat(schema.probes())
        .containsExactly(
            "Orders.order id", "Orders.customer_id", "Customer.customer_id", "Customer.full name");
  }

  @Test
  void should_join_the_fragments_of_a_cached_hallucination() {
    HallucinatedSchema schema =
        HallucinatedSchema.parseAll(List.of("Cards(card_id, name)", "Foils(card_id, power_level)"));

    assertThat(schema.probes())
        .containsExactly("Cards.card_id", "Cards.name", "Foils.card_id", "Foils.power_level");
  }

  @Test
  void should_be_empty_when_the_answer_holds_no_table() {
    assertThat(HallucinatedSchema.parse("I cannot answer that.").isEmpty()).isTrue();
    assertThat(HallucinatedSchema.parse(null).isEmpty()).isTrue();
  }
}
