package dev.parlance.web.answers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchRuntimeException;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.domain.governance.FailureKind;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.Refusal;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.web.problem.ProblemTable;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RerunTest {

  @Test
  void should_take_the_rows_of_an_answer_that_ran_and_answer_a_refusal_or_failure_as_a_problem() {
    QueryResult result = new QueryResult(List.of(), List.of(), false, 1, "SELECT 1", "SELECT 1");
    assertThat(Rerun.rows(new QueryOutcome.Ran(result))).isSameAs(result);

    RuntimeException refused =
        catchRuntimeException(
            () ->
                Rerun.rows(
                    new QueryOutcome.Refused(
                        new Refusal(RefusalKind.EMPTY, "table t is not allowed"),
                        "SELECT 1",
                        Optional.empty(),
                        1)));
    assertThat(refused).isInstanceOf(AccessDeniedException.class).hasMessageContaining("table t");
    assertThat(ProblemTable.problemFor(refused, "/api/v1/answers/7/xlsx"))
        .hasValueSatisfying(p -> assertThat(p.status()).isEqualTo(403));
    RuntimeException failed =
        catchRuntimeException(
            () ->
                Rerun.rows(
                    new QueryOutcome.Failed(
                        FailureKind.values()[0],
                        "no such table: t",
                        "SELECT 1",
                        Optional.empty(),
                        1,
                        "")));
    assertThat(ProblemTable.problemFor(failed, "/api/v1/answers/7/xlsx"))
        .hasValueSatisfying(
            p -> {
              assertThat(p.status()).isEqualTo(400);
              assertThat(p.detail()).contains("no such table: t");
            });
  }
}
