package dev.parlance.application.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.domain.governance.AuditEntry;
import dev.parlance.domain.governance.AuditPage;
import dev.parlance.domain.governance.AuditQuery;
import dev.parlance.domain.governance.UserIdentity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SearchAuditServiceTest {

  private final List<AuditQuery> asked = new ArrayList<>();
  private final SearchAuditService audit =
      new SearchAuditService(
          q -> {
            asked.add(q);
            return new AuditPage(List.of(), 0, q.page(), q.size());
          });
  private static final UserIdentity SAM =
      new UserIdentity("sam", Set.of("steward"), Map.of("stewarded_sources", "demo"));

  @Test
  void should_let_admins_read_everything_and_stewards_their_sources_only() {
    audit.search(UserIdentity.of("ad", "admin"), AuditQuery.newest(10));
    audit.search(SAM, AuditQuery.newest(10).forSource("demo"));

    assertThatThrownBy(() -> audit.search(SAM, AuditQuery.newest(10)))
        .isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("name a source");
    assertThatThrownBy(() -> audit.search(SAM, AuditQuery.newest(10).forSource("other")))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> audit.search(UserIdentity.of("ana", "analyst"), AuditQuery.newest(10)))
        .isInstanceOf(AccessDeniedException.class);
    assertThat(asked).hasSize(2);
  }

  @Test
  void should_export_every_matching_entry_once_across_pages_even_when_new_ones_arrive() {
    // 1,200 entries, numbered newest first; after the first page two new entries arrive and
    // push every older entry two places down.
    List<AuditEntry> trail = new ArrayList<>();
    for (long id = 1200; id >= 1; id--) {
      trail.add(entry(id));
    }
    List<AuditQuery> pages = new ArrayList<>();
    SearchAuditService growing =
        new SearchAuditService(
            q -> {
              pages.add(q);
              if (q.page() == 1) {
                trail.add(0, entry(1201));
                trail.add(0, entry(1202));
              }
              int from = Math.min(trail.size(), q.page() * q.size());
              int to = Math.min(trail.size(), from + q.size());
              return new AuditPage(trail.subList(from, to), trail.size(), q.page(), q.size());
            });
    List<Long> exported = new ArrayList<>();

    growing.export(
        UserIdentity.of("ad", "admin"),
        new AuditQuery(
            Optional.of("ana"),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.of("refused"),
            Optional.empty(),
            7,
            25),
        e -> exported.add(e.id()));

    assertThat(exported).hasSize(1200).doesNotHaveDuplicates().startsWith(1200L).endsWith(1L);
    assertThat(pages)
        .allSatisfy(
            q -> {
              assertThat(q.user()).contains("ana");
              assertThat(q.outcome()).contains("refused");
              assertThat(q.size()).isEqualTo(AuditQuery.MAX_SIZE);
            });
    assertThat(pages).extracting(AuditQuery::page).containsExactly(0, 1, 2);
  }

  @Test
  void should_refuse_an_export_to_whoever_may_not_read_the_trail() {
    assertThatThrownBy(
            () -> audit.export(UserIdentity.of("ana", "analyst"), AuditQuery.newest(1), e -> {}))
        .isInstanceOf(AccessDeniedException.class);
    assertThat(asked).isEmpty();
  }

  @Test
  void should_name_the_question_whose_answer_ran_each_statement_and_none_for_others() {
    dev.parlance.application.answer.InMemoryAnswers answers =
        new dev.parlance.application.answer.InMemoryAnswers();
    Instant asked = Instant.parse("2026-11-27T10:00:00Z");
    answers.save(
        new dev.parlance.domain.answer.AnswerRecord(
            0,
            asked,
            "ana",
            "demo",
            "How many installations per region?",
            "answered",
            Optional.of("SELECT region, count(*)\n FROM installation GROUP BY region"),
            1,
            3,
            10,
            1,
            java.math.BigDecimal.ZERO,
            true,
            900,
            Optional.empty(),
            java.util.OptionalLong.empty(),
            List.of("SELECT 2")));
    SearchAuditService withAnswers =
        new SearchAuditService(q -> new AuditPage(List.of(), 0, 0, 10), answers);
    AuditEntry ran =
        statement(
            11,
            asked.plusSeconds(2),
            "ana",
            "SELECT region, count(*) FROM installation GROUP BY region;");
    AuditEntry reading = statement(12, asked.plusSeconds(3), "ana", "SELECT 2");
    AuditEntry steward = statement(13, asked.plusSeconds(4), "ana", "SELECT 3");
    AuditEntry tooLate =
        statement(14, asked.plus(java.time.Duration.ofHours(1)), "ana", "SELECT 2");
    AuditEntry someoneElse = statement(15, asked.plusSeconds(2), "bo", "SELECT 2");

    Map<Long, String> questions =
        withAnswers.questions(
            UserIdentity.of("ad", "admin"), List.of(ran, reading, steward, tooLate, someoneElse));

    assertThat(questions)
        .containsOnly(
            Map.entry(11L, "How many installations per region?"),
            Map.entry(12L, "How many installations per region?"));
    // A steward of another source is told nothing of demo's questions.
    UserIdentity otherSteward =
        new UserIdentity("oz", Set.of("steward"), Map.of("stewarded_sources", "other"));
    assertThat(withAnswers.questions(otherSteward, List.of(reading))).isEmpty();
  }

  private static AuditEntry statement(long id, Instant at, String user, String sql) {
    return new AuditEntry(
        id,
        at,
        user,
        Set.of("analyst"),
        "demo",
        AuditEntry.QUERY,
        "ran",
        "",
        sql,
        Optional.empty(),
        1,
        false,
        1,
        1);
  }

  private static AuditEntry entry(long id) {
    return new AuditEntry(
        id,
        Instant.EPOCH.plusSeconds(id),
        "ana",
        Set.of("analyst"),
        "demo",
        AuditEntry.QUERY,
        "refused",
        "",
        "SELECT 1",
        Optional.empty(),
        0,
        false,
        1,
        1);
  }
}
