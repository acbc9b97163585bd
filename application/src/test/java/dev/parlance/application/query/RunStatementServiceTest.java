package dev.parlance.application.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RunStatementServiceTest {

  private final List<RunQueryUseCase.Command> ran = new ArrayList<>();
  private final DataSourcesPort sources = new DemoSourceOnly();
  private final RunStatementService statements =
      new RunStatementService(
          sources,
          command -> {
            ran.add(command);
            return QueryOutcome.Refused.of(RefusalKind.DATA_CHANGE, "no writes", command.sql());
          });

  @Test
  void should_run_a_stewards_statement_as_that_steward() {
    UserIdentity sam =
        new UserIdentity("sam", Set.of("steward"), Map.of("stewarded_sources", "demo"));

    QueryOutcome outcome = statements.run(sam, "demo", "DELETE FROM TB_MO");

    assertThat(outcome).isInstanceOf(QueryOutcome.Refused.class);
    assertThat(ran)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.user()).isEqualTo(sam);
              assertThat(c.source()).isEqualTo("demo");
            });
  }

  @Test
  void should_refuse_analysts_and_other_stewards_before_anything_runs() {
    assertThatThrownBy(() -> statements.run(UserIdentity.of("ana", "analyst"), "demo", "SELECT 1"))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(
            () ->
                statements.run(
                    new UserIdentity("oz", Set.of("steward"), Map.of("stewarded_sources", "x")),
                    "demo",
                    "SELECT 1"))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> statements.run(UserIdentity.of("ad", "admin"), "nope", "SELECT 1"))
        .isInstanceOf(UnknownSourceException.class);
    assertThatThrownBy(() -> statements.run(UserIdentity.of("ad", "admin"), "demo", " "))
        .hasMessageStartingWith("sql:");
    assertThat(ran).isEmpty();
  }
}
