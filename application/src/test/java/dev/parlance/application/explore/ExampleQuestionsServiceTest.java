package dev.parlance.application.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.explore.ExampleQuestionsUseCase.ExampleQuestion;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.governance.UserIdentity;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ExampleQuestionsServiceTest {

  private static final UserIdentity ANALYST = UserIdentity.of("ana", "analyst");

  private static Curation withQuestions(int approved) {
    Curation curation =
        Curation.empty("plant")
            .withVerified(
                new VerifiedQuery(
                    "draft-one",
                    "Not yet approved?",
                    "SELECT 1",
                    "ste",
                    VerifiedStatus.PROPOSED,
                    ""));
    for (int i = 1; i <= approved; i++) {
      curation =
          curation.withVerified(
              new VerifiedQuery(
                  "q" + i,
                  "Question " + i + "?",
                  "SELECT " + i,
                  "ste",
                  VerifiedStatus.APPROVED,
                  ""));
    }
    return curation.withVerified(
        new VerifiedQuery("old", "Retired?", "SELECT 0", "ste", VerifiedStatus.RETIRED, ""));
  }

  @Test
  void should_offer_the_newest_approved_questions_only_and_at_most_six() {
    ExampleQuestionsService service =
        new ExampleQuestionsService(
            ExploreFakes.sources(), ExploreFakes.published(withQuestions(8)));

    assertThat(service.examples(ANALYST, "plant"))
        .extracting(ExampleQuestion::id)
        .containsExactly("q8", "q7", "q6", "q5", "q4", "q3");
    assertThat(service.examples(ANALYST, "plant").get(0).question()).isEqualTo("Question 8?");
  }

  @Test
  void should_offer_the_easiest_first_covering_the_views_when_questions_differ() {
    Curation curation =
        Curation.empty("plant")
            .withView(
                dev.parlance.domain.curation.CuratedView.of(
                    "installation",
                    dev.parlance.domain.curation.ViewKind.CONCEPTUAL,
                    "",
                    "SELECT IN_ID AS id FROM TB_IN"))
            .withView(
                dev.parlance.domain.curation.CuratedView.of(
                    "equipment",
                    dev.parlance.domain.curation.ViewKind.CONCEPTUAL,
                    "",
                    "SELECT EQ_ID AS id FROM TB_EQ"));
    String[][] questions = {
      {
        "hard",
        "Orders per installation and equipment?",
        "SELECT 1 FROM installation i JOIN" + " equipment e ON 1 = 1 GROUP BY i.id",
        "complex"
      },
      {"inst1", "How many installations?", "SELECT count(*) FROM installation", "simple"},
      {"inst2", "Installations by name?", "SELECT id FROM installation", "simple"},
      {"inst3", "Installations per region?", "SELECT count(*) FROM installation GROUP BY 1", ""},
      {"equip", "How much equipment?", "SELECT count(*) FROM equipment", "medium"},
      {"inst4", "Newest installation?", "SELECT max(id) FROM installation", "simple"},
      {"inst5", "Oldest installation?", "SELECT min(id) FROM installation", "simple"},
      {"inst6", "Any installation?", "SELECT id FROM installation LIMIT 1", "simple"}
    };
    for (String[] q : questions) {
      curation =
          curation.withVerified(
              new VerifiedQuery(q[0], q[1], q[2], "ste", VerifiedStatus.APPROVED, q[3]));
    }
    ExampleQuestionsService service =
        new ExampleQuestionsService(ExploreFakes.sources(), ExploreFakes.published(curation));

    // Six: the simple ones first (newest first among equals), equipment's one kept so that
    // both views are covered, the complex one last and left out.
    assertThat(service.examples(ANALYST, "plant"))
        .extracting(ExampleQuestion::id)
        .containsExactly("inst6", "inst5", "inst4", "inst2", "inst1", "equip");
  }

  @Test
  void should_offer_none_when_nothing_is_published() {
    ExampleQuestionsService service =
        new ExampleQuestionsService(
            ExploreFakes.sources(), ExploreFakes.published(Curation.empty("elsewhere")));

    assertThat(service.examples(ANALYST, "plant")).isEmpty();
  }

  @Test
  void should_refuse_who_may_not_use_the_source() {
    ExampleQuestionsService service =
        new ExampleQuestionsService(
            ExploreFakes.sources(), ExploreFakes.published(withQuestions(2)));
    UserIdentity other = new UserIdentity("oz", Set.of("steward"), Map.of());

    assertThatThrownBy(() -> service.examples(other, "plant"))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> service.examples(ANALYST, "nope"))
        .isInstanceOf(UnknownSourceException.class);
  }
}
