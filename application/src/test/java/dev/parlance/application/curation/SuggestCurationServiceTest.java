package dev.parlance.application.curation;

import static dev.parlance.application.curation.CurationFakes.ran;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.FakeLanguageModels;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionKind;
import dev.parlance.domain.curation.SuggestionStatus;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SuggestCurationServiceTest {

  private static final SchemaCatalog RAW =
      new SchemaCatalog(
          "plant",
          List.of(
              new Table(
                  "TB_IN",
                  TableKind.TABLE,
                  "",
                  List.of(Column.of("IN_ID", "INTEGER"), Column.of("IN_CD", "TEXT")),
                  List.of("IN_ID"),
                  List.of()),
              new Table(
                  "TB_MO",
                  TableKind.TABLE,
                  "",
                  List.of(
                      Column.of("MO_ID", "INTEGER"),
                      Column.of("MO_ST", "INTEGER"),
                      Column.of("MO_IN_ID", "INTEGER")),
                  List.of("MO_ID"),
                  List.of(ForeignKey.of("MO_IN_ID", "TB_IN", "IN_ID")))));

  private final CurationFakes.Store store = new CurationFakes.Store();
  private final CurationFakes.Suggestions suggestions = new CurationFakes.Suggestions();
  private final List<String> prompts = new ArrayList<>();
  private String answer = "";

  private final CompleteChatPort model =
      request -> {
        prompts.add(request.messages().getLast().text());
        return Completions.of(
            new Completion(
                answer,
                new TokenUsage(100, 20),
                Cost.of(new BigDecimal("0.00001")),
                "openai",
                "gpt-4o-mini",
                Duration.ofMillis(5),
                1,
                Completion.Ending.FINISHED));
      };

  private SuggestCurationService service(Optional<CompleteChatPort> llm) {
    return new SuggestCurationService(
        CurationFakes.sources(),
        s -> RAW,
        FakeLanguageModels.of(llm),
        new CurationFakes.Executor(
            sql ->
                sql.contains("SELECT MO_ST,")
                    ? ran(
                        sql,
                        List.of("MO_ST", "n"),
                        List.of(List.<Object>of(1L, 30L), List.<Object>of(5L, 70L)))
                    : ran(sql, List.of("x", "n"), List.of())),
        CurationFakes.noPolicy(),
        new EditCurationService(CurationFakes.sources(), store, null),
        suggestions,
        Clock.systemUTC());
  }

  @Test
  void should_propose_a_conceptual_view_per_table_from_the_models_lines_and_skip_odd_lines() {
    answer =
        """
        table | Maintenance Order | A work order on a piece of equipment.
        column | MO_ID | id | order key
        column | MO_ST | status | where the order stands
        column | MO_IN_ID | installation id | the installation
        column | NOT_A_COLUMN | ghost | invented
        some chatter the parser ignores
        """;

    List<Suggestion> made =
        service(Optional.of(model))
            .suggestDescriptions("plant", List.of("TB_MO"), Optional.empty());

    assertThat(prompts.getFirst())
        .contains("Table TB_MO")
        .contains("- MO_ST INTEGER")
        .contains("MO_IN_ID] -> TB_IN[IN_ID]");
    Suggestion s = made.getFirst();
    assertThat(s.kind()).isEqualTo(SuggestionKind.DESCRIPTION);
    CuratedView view = s.proposal().view("maintenance_order").orElseThrow();
    assertThat(view.sql())
        .isEqualTo(
            "SELECT\n  t.MO_ID AS id,\n  t.MO_ST AS status,\n  t.MO_IN_ID AS installation_id\nFROM TB_MO t");
    assertThat(view.column("status").orElseThrow().meaning()).isEqualTo("where the order stands");
  }

  @Test
  void should_merge_a_suggestion_into_the_draft_only_when_the_steward_accepts_it() {
    answer =
        "table | installation | A platform.\ncolumn | IN_ID | id | key\ncolumn | IN_CD | code | code";
    SuggestCurationService service = service(Optional.of(model));
    List<Suggestion> made =
        service.suggestDescriptions("plant", List.of("TB_IN", "TB_MO"), Optional.empty());

    service.accept("plant", made.get(0).id(), "rita");
    service.reject("plant", made.get(1).id(), "rita");

    assertThat(store.draft("plant").orElseThrow().curation().view("installation")).isPresent();
    assertThat(suggestions.list("plant", SuggestionStatus.PENDING)).isEmpty();
    assertThatThrownBy(() -> service.accept("plant", made.get(1).id(), "rita"))
        .hasMessageContaining("already rejected");
  }

  @Test
  void should_pre_join_descriptive_columns_along_foreign_keys_when_conceptual_views_exist() {
    answer =
        "table | installation | A platform.\ncolumn | IN_ID | id | key\ncolumn | IN_CD | code | installation code";
    SuggestCurationService service = service(Optional.of(model));
    service.accept(
        "plant",
        service.suggestDescriptions("plant", List.of("TB_IN"), Optional.empty()).getFirst().id(),
        "rita");
    answer =
        "table | maintenance_order | Orders.\ncolumn | MO_ID | id | key\ncolumn | MO_ST | status | s\ncolumn | MO_IN_ID | installation_id | i";
    service.accept(
        "plant",
        service.suggestDescriptions("plant", List.of("TB_MO"), Optional.empty()).getFirst().id(),
        "rita");

    List<Suggestion> views = service(Optional.empty()).suggestViews("plant");

    CuratedView extended = views.getFirst().proposal().views().getFirst();
    assertThat(extended.name()).isEqualTo("maintenance_order_extended");
    assertThat(extended.sql())
        .isEqualTo(
            "SELECT v.*, j1.code AS installation_code\nFROM maintenance_order v\n"
                + "LEFT JOIN installation j1 ON j1.id = v.installation_id");
    assertThat(extended.column("installation_code").orElseThrow().meaning())
        .isEqualTo("installation code of the installation (pre-joined)");
  }

  @Test
  void should_propose_value_dictionaries_for_coded_columns_from_their_distinct_values() {
    answer = "MO_ST | 1 | open\nMO_ST | 5 | closed\nMO_ST | 7 | invented code";

    List<Suggestion> made =
        service(Optional.of(model)).suggestValues("plant", List.of("TB_MO"), Optional.empty());

    assertThat(prompts.getFirst()).contains("- MO_ST: 1 (30 rows), 5 (70 rows)");
    assertThat(made)
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.target()).isEqualTo("TB_MO.MO_ST");
              assertThat(
                      s.proposal()
                          .table("TB_MO")
                          .orElseThrow()
                          .column("MO_ST")
                          .orElseThrow()
                          .dictionaryText())
                  .isEqualTo("1 = open; 5 = closed");
            });
  }

  @Test
  void should_say_a_model_is_needed_when_none_is_configured() {
    assertThatThrownBy(
            () ->
                service(Optional.empty()).suggestDescriptions("plant", List.of(), Optional.empty()))
        .hasMessageContaining("none is configured");
  }
}
