package dev.parlance.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ElementTextTest {

  private static final Column STATUS =
      new Column(
          "MO_ST",
          "INTEGER",
          false,
          "status of the maintenance order",
          "1 = open, 2 = closed",
          List.of("1", "2"),
          OptionalLong.of(2));
  private static final Table ORDERS =
      new Table(
          "TB_MO", TableKind.TABLE, "maintenance orders", List.of(STATUS), List.of(), List.of());

  @Test
  void should_keep_only_the_values_a_user_may_see_when_details_are_shown_to_them() {
    String details = ElementText.ENRICHED.details(ORDERS, STATUS);
    assertThat(details).endsWith("values: 1, 2");

    assertThat(ElementText.withValues(details, v -> List.of("2")))
        .isEqualTo("status of the maintenance order. 1 = open, 2 = closed. values: 2");
    assertThat(ElementText.withValues(details, v -> List.of()))
        .isEqualTo("status of the maintenance order. 1 = open, 2 = closed");
    assertThat(ElementText.withValues("values: SN1, SN2", v -> List.of("SN1")))
        .isEqualTo("values: SN1");
    assertThat(ElementText.withValues("values: SN1", v -> List.of())).isEmpty();
    assertThat(ElementText.withValues("no samples here", v -> List.of()))
        .isEqualTo("no samples here");
  }

  @Test
  void should_split_identifiers_into_words() {
    assertThat(ElementText.words("cardKingdomFoilId")).isEqualTo("card kingdom foil id");
    assertThat(ElementText.words("MO_ST")).isEqualTo("mo st");
    assertThat(ElementText.words("card_games.cards")).isEqualTo("card games cards");
    assertThat(ElementText.words("HTTPServerURL")).isEqualTo("http server url");
  }

  @Test
  void should_add_the_words_of_the_identifiers_a_question_writes() {
    assertThat(ElementText.withIdentifierWords("how many TB_MO have MO_ST = 1?"))
        .isEqualTo("how many TB_MO have MO_ST = 1? tb mo mo st");
    assertThat(ElementText.withIdentifierWords("cards of card_games.cards by cardKingdomFoilId."))
        .isEqualTo(
            "cards of card_games.cards by cardKingdomFoilId. card games cards card kingdom foil id");
    // each identifier's words once, whatever its spelling
    assertThat(ElementText.withIdentifierWords("TB_MO or tb_mo")).isEqualTo("TB_MO or tb_mo tb mo");
  }

  @Test
  void should_leave_a_question_without_identifiers_as_it_is() {
    String plain = "Which e-mail addresses, in 2024, cost 3.5 dollars? Ask Mr. Smith.";
    assertThat(ElementText.withIdentifierWords(plain)).isEqualTo(plain);
    assertThat(ElementText.withIdentifierWords("")).isEmpty();
  }

  @Test
  void should_keep_the_papers_documents_bare() {
    assertThat(ElementText.PAPER.details(ORDERS, STATUS)).isEmpty();
    assertThat(ElementText.PAPER.details(ORDERS)).isEmpty();
  }

  @Test
  void should_add_description_value_meanings_and_samples_when_enriched() {
    assertThat(ElementText.ENRICHED.details(ORDERS, STATUS))
        .isEqualTo("status of the maintenance order. 1 = open, 2 = closed. values: 1, 2");
    assertThat(ElementText.ENRICHED.details(ORDERS)).isEqualTo("maintenance orders");
  }

  @Test
  void should_not_repeat_a_description_that_only_spells_out_the_name() {
    Column id = Column.of("CustomerID", "INTEGER").withDescription("Customer ID", "");

    assertThat(ElementText.ENRICHED.details(ORDERS, id)).isEmpty();
  }

  @Test
  void should_search_the_name_in_words_and_the_details() {
    SchemaElement element =
        SchemaElement.column("TB_MO", "MO_ST", ElementText.ENRICHED.details(ORDERS, STATUS), null);

    assertThat(element.name()).isEqualTo("TB_MO.MO_ST");
    assertThat(element.searchText())
        .isEqualTo(
            "tb mo mo st. status of the maintenance order. 1 = open, 2 = closed. values: 1, 2");
  }
}
