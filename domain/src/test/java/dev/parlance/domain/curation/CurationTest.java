package dev.parlance.domain.curation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CurationTest {

  @Test
  void should_refuse_a_view_name_that_needs_quoting_when_it_is_not_a_plain_identifier() {
    assertThatThrownBy(
            () -> CuratedView.of("maintenance order", ViewKind.CONCEPTUAL, "", "SELECT 1"))
        .hasMessageContaining("plain SQL identifier");
    assertThatThrownBy(() -> CuratedView.of("order", ViewKind.CONCEPTUAL, "", "SELECT 1"))
        .hasMessageContaining("not a keyword");
  }

  @Test
  void should_refuse_two_views_of_one_name_when_they_differ_only_in_case() {
    assertThatThrownBy(
            () ->
                new Curation(
                    "plant",
                    List.of(
                        CuratedView.of("equipment", ViewKind.CONCEPTUAL, "", "SELECT 1"),
                        CuratedView.of("Equipment", ViewKind.CONCEPTUAL, "", "SELECT 2")),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of()))
        .hasMessageContaining("view Equipment appears twice");
  }

  @Test
  void should_refuse_a_value_dictionary_that_lists_a_code_twice() {
    assertThatThrownBy(
            () ->
                new DataDescription(
                    "status",
                    "",
                    "",
                    List.of(new ValueLabel("1", "open"), new ValueLabel("1", "closed")),
                    true))
        .hasMessageContaining("lists value '1' twice");
  }

  @Test
  void should_replace_a_view_in_place_when_one_of_its_name_is_added_again() {
    Curation c = CurationFixture.plant();
    Curation changed = c.withView(CurationFixture.installation().withDescription("Plant."));

    assertThat(changed.views())
        .extracting(CuratedView::name)
        .containsExactly("installation", "maintenance_order");
    assertThat(changed.view("INSTALLATION").orElseThrow().description()).isEqualTo("Plant.");
  }

  @Test
  void should_expand_views_by_the_dialects_definition_except_those_in_the_database() {
    CuratedView dated =
        new CuratedView(
            "recent",
            ViewKind.CONCEPTUAL,
            "",
            "SELECT * FROM TB_MO WHERE MO_DT_CRE > date('now', '-30 day')",
            Map.of(
                Dialect.POSTGRESQL,
                "SELECT * FROM TB_MO WHERE MO_DT_CRE > now() - interval '30 day'"),
            false,
            List.of());
    Curation c =
        CurationFixture.plant()
            .withView(dated)
            .withView(CurationFixture.installation().withInDatabase(true));
    ViewExpansion expansion = c.expansion();
    DataSource sqlite = DataSource.of("plant", "jdbc:sqlite:/tmp/p.db", Credentials.none());
    DataSource postgres =
        DataSource.of("plant", "jdbc:postgresql://localhost/p", Credentials.none());

    assertThat(expansion.find(sqlite, "RECENT").orElseThrow().sql()).contains("date('now'");
    assertThat(expansion.find(postgres, "recent").orElseThrow().sql()).contains("interval");
    assertThat(expansion.find(sqlite, "installation")).isEmpty();
    assertThat(expansion.find(sqlite, "TB_MO")).isEmpty();
  }

  @Test
  void should_list_only_approved_questions_when_asked_for_regression_checks() {
    Curation c =
        CurationFixture.plant()
            .withVerified(
                new VerifiedQuery(
                    "q2", "Which orders?", "SELECT id FROM maintenance_order", "", null, ""));

    assertThat(c.approved()).extracting(VerifiedQuery::id).containsExactly("q1");
    assertThat(c.verifiedQuery("q2").orElseThrow().status()).isEqualTo(VerifiedStatus.PROPOSED);
  }
}
