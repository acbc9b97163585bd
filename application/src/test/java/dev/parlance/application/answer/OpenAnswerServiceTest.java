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
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An answer as a document: its owner's by number, anyone else's only through a shared link. */
class OpenAnswerServiceTest {

  private final InMemoryAnswers answers = new InMemoryAnswers();
  private final List<RunQueryUseCase.Command> ran = new ArrayList<>();
  private final OpenAnswerService service =
      new OpenAnswerService(
          answers,
          command -> {
            ran.add(command);
            return new QueryOutcome.Ran(
                new QueryResult(
                    List.of(new ResultColumn("n", "INTEGER")),
                    List.of(List.of((long) command.user().name().length())),
                    false,
                    1,
                    command.sql(),
                    command.sql()));
          });

  private AnswerRecord asked(String user, String source) {
    return answers.save(
        new AnswerRecord(
            0,
            Instant.parse("2026-01-01T00:00:00Z"),
            user,
            source,
            "How many installations per region?",
            "answered",
            Optional.of("SELECT count(*) AS n FROM installation"),
            1,
            1,
            10,
            2,
            BigDecimal.ZERO,
            true,
            5,
            Optional.empty(),
            OptionalLong.empty(),
            List.of("SELECT 2 AS n")));
  }

  @Test
  void should_run_the_stored_sql_again_as_whoever_opens_it() {
    AnswerRecord mine = asked("ana", "demo");
    UserIdentity ana = UserIdentity.of("ana", "analyst");

    OpenAnswerUseCase.OpenedAnswer opened = service.open(ana, mine.id(), false);

    assertThat(opened.own()).isTrue();
    assertThat(opened.sql()).contains("SELECT count(*) AS n FROM installation");
    assertThat(((QueryOutcome.Ran) opened.rows().orElseThrow()).result().rows())
        .containsExactly(List.of(3L));
    assertThat(ran).extracting(RunQueryUseCase.Command::user).containsExactly(ana);
  }

  @Test
  void should_open_a_shared_answer_with_the_readers_own_rows_and_never_by_its_number_alone() {
    AnswerRecord hers = asked("ana", "demo");
    UserIdentity regional = new UserIdentity("se", Set.of("analyst"), Map.of("region", "SE"));

    assertThatThrownBy(() -> service.open(regional, hers.id(), false))
        .isInstanceOf(UnknownAnswerException.class);
    assertThat(ran).isEmpty();

    OpenAnswerUseCase.OpenedAnswer opened = service.open(regional, hers.id(), true);

    assertThat(opened.own()).isFalse();
    // Run as the reader (the fake's rows say whose run it was), under their policy.
    assertThat(ran).extracting(RunQueryUseCase.Command::user).containsExactly(regional);
    assertThat(((QueryOutcome.Ran) opened.rows().orElseThrow()).result().rows())
        .containsExactly(List.of(2L));
  }

  @Test
  void should_refuse_a_shared_answer_to_a_reader_who_may_not_use_its_source() {
    AnswerRecord hers = asked("ana", "demo");
    UserIdentity steward = new UserIdentity("oz", Set.of("steward"), Map.of());

    assertThatThrownBy(() -> service.open(steward, hers.id(), true))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> service.open(steward, 999, true))
        .isInstanceOf(UnknownAnswerException.class);
    assertThat(ran).isEmpty();
  }

  @Test
  void should_run_a_chosen_readings_sql_instead_of_the_answers() {
    AnswerRecord mine = asked("ana", "demo");
    UserIdentity ana = UserIdentity.of("ana", "analyst");

    OpenAnswerUseCase.OpenedAnswer opened = service.openReading(ana, mine.id(), false, 1);

    assertThat(opened.sql()).contains("SELECT 2 AS n");
    assertThat(ran).extracting(RunQueryUseCase.Command::sql).containsExactly("SELECT 2 AS n");
    assertThatThrownBy(() -> service.openReading(ana, mine.id(), false, 2))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
