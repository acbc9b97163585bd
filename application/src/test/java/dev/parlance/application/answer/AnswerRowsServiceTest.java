package dev.parlance.application.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.UserIdentity;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AnswerRowsServiceTest {

  private final InMemoryAnswers answers = new InMemoryAnswers();
  private final List<RunQueryUseCase.Command> ran = new ArrayList<>();
  private final AnswerRowsService service =
      new AnswerRowsService(
          new AnswerHistoryService(answers),
          command -> {
            ran.add(command);
            return new QueryOutcome.Ran(
                new QueryResult(
                    List.of(new ResultColumn("n", "INTEGER")),
                    List.of(List.of(3L)),
                    false,
                    1,
                    command.sql(),
                    command.sql()));
          });

  private AnswerRecord asked(String user, Optional<String> sql) {
    return answers.save(
        new AnswerRecord(
            0,
            Instant.parse("2025-01-01T00:00:00Z"),
            user,
            "demo",
            "How many?",
            sql.isPresent() ? "answered" : "no_answer",
            sql,
            1,
            1,
            10,
            2,
            BigDecimal.ZERO,
            true,
            5,
            Optional.empty()));
  }

  @Test
  void should_run_the_answers_sql_again_governed_as_the_user_asking_now() {
    AnswerRecord mine = asked("ana", Optional.of("SELECT count(*) AS n FROM installation"));
    UserIdentity ana = UserIdentity.of("ana", "analyst");
    UserIdentity admin = UserIdentity.of("root", "admin");

    QueryOutcome outcome = service.rows(ana, mine.id());
    service.rows(admin, mine.id());

    assertThat(((QueryOutcome.Ran) outcome).result().rows()).containsExactly(List.of(3L));
    assertThat(ran).extracting(RunQueryUseCase.Command::user).containsExactly(ana, admin);
    assertThat(ran.get(0).sql()).isEqualTo("SELECT count(*) AS n FROM installation");
    assertThat(ran.get(0).source()).isEqualTo("demo");
  }

  @Test
  void should_not_run_someone_elses_answer_nor_one_without_sql() {
    AnswerRecord hers = asked("ana", Optional.of("SELECT 1"));
    AnswerRecord unanswered = asked("ana", Optional.empty());
    UserIdentity ana = UserIdentity.of("ana", "analyst");

    assertThatThrownBy(() -> service.rows(UserIdentity.of("bob", "analyst"), hers.id()))
        .isInstanceOf(UnknownAnswerException.class);
    assertThatThrownBy(() -> service.rows(ana, unanswered.id()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no SQL");
    assertThat(ran).isEmpty();
  }

  @Test
  void should_refuse_a_user_who_may_no_longer_use_the_source() {
    AnswerRecord hers = asked("oz", Optional.of("SELECT 1"));
    UserIdentity formerSteward = new UserIdentity("oz", Set.of("steward"), Map.of());

    assertThatThrownBy(() -> service.rows(formerSteward, hers.id()))
        .isInstanceOf(AccessDeniedException.class);
    assertThat(ran).isEmpty();
  }
}
