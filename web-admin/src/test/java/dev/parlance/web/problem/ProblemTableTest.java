package dev.parlance.web.problem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.answer.QuotaExceededException;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.application.source.SourceNotReadyException;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.identity.UnknownUserException;
import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.ProcessingException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProblemTableTest {

  @Test
  void should_answer_400_naming_the_reason_when_a_command_rejects_its_input() {
    Problem problem =
        ProblemTable.problemFor(
                new IllegalArgumentException("question must not be blank"), "/api/v1/x")
            .orElseThrow();

    assertThat(problem.status()).isEqualTo(400);
    assertThat(problem.title()).isEqualTo("Bad Request");
    assertThat(problem.detail()).isEqualTo("question must not be blank");
    assertThat(problem.instance()).isEqualTo("/api/v1/x");
    assertThat(problem.type()).isEqualTo("about:blank");
  }

  @Test
  void should_answer_400_when_the_body_is_not_json_the_resource_reads() {
    var failure = new ProcessingException(new JsonbException("Unknown property colour"));

    Problem problem = ProblemTable.problemFor(failure, "/api/v1/x").orElseThrow();

    assertThat(problem.status()).isEqualTo(400);
    assertThat(problem.detail()).contains("field this resource does not know");
  }

  @Test
  void should_answer_413_when_the_body_was_cut_off_at_the_limit() {
    var failure = new ProcessingException(new BodyTooLargeException(1024));

    assertThat(ProblemTable.problemFor(failure, "/x").orElseThrow().status()).isEqualTo(413);
  }

  @Test
  void should_answer_409_when_another_publish_came_first() {
    Problem problem =
        ProblemTable.problemFor(
                new dev.parlance.domain.curation.CurationConflictException("demo", 1, 2), "/x")
            .orElseThrow();

    assertThat(problem.status()).isEqualTo(409);
    assertThat(problem.detail()).contains("version 2 was published by someone else");
  }

  @Test
  void should_answer_404_for_an_unknown_user() {
    assertThat(
            ProblemTable.problemFor(new UnknownUserException("bob"), "/x").orElseThrow().status())
        .isEqualTo(404);
  }

  @Test
  void should_leave_unexpected_failures_to_the_500_path() {
    assertThat(ProblemTable.problemFor(new IllegalStateException("bug"), "/x")).isEmpty();
    assertThat(ProblemTable.problemFor(new NullPointerException(), "/x")).isEmpty();
  }

  @Test
  void should_answer_429_with_the_wait_when_a_rate_or_budget_is_spent() {
    var spent = new QuotaExceededException("30 questions a minute", Duration.ofSeconds(42));

    assertThat(ProblemTable.problemFor(spent, "/x").orElseThrow().status()).isEqualTo(429);
    assertThat(ProblemTable.retryAfter(spent)).contains(Duration.ofSeconds(42));
  }

  // Issue 24: one user's questions beyond their share, or everyone's beyond the server's.
  @Test
  void should_answer_429_for_the_users_share_and_503_for_everyones_both_with_the_wait() {
    var mine =
        new dev.parlance.application.answer.TooManyAsksException(
            "you already have 2 questions being answered", false, Duration.ofSeconds(7));
    var everyone =
        new dev.parlance.application.answer.TooManyAsksException(
            "the server is answering as many questions as it may at once (16)",
            true,
            Duration.ofMillis(300));

    assertThat(ProblemTable.problemFor(mine, "/x").orElseThrow().status()).isEqualTo(429);
    assertThat(ProblemTable.retryAfter(mine)).contains(Duration.ofSeconds(7));
    assertThat(ProblemTable.problemFor(everyone, "/x").orElseThrow().status()).isEqualTo(503);
    assertThat(ProblemTable.retryAfter(everyone)).contains(Duration.ofSeconds(1));
  }

  @Test
  void should_answer_409_with_a_wait_while_the_source_is_indexed() {
    var notReady =
        new SourceNotReadyException("demo", new IndexSourceUseCase.Indexing("values", 3, 10));

    assertThat(ProblemTable.problemFor(notReady, "/x").orElseThrow().status()).isEqualTo(409);
    assertThat(ProblemTable.retryAfter(notReady)).isPresent();
  }

  @Test
  void should_answer_503_saying_how_to_configure_a_model_when_none_is_set() {
    var none = new NoLanguageModelException("asking", "set PARLANCE_LLM_PROVIDER\nor ollama");

    Problem problem = ProblemTable.problemFor(none, "/x").orElseThrow();

    assertThat(problem.status()).isEqualTo(503);
    assertThat(problem.detail()).contains("PARLANCE_LLM_PROVIDER").doesNotContain("\n");
  }

  @Test
  void should_answer_403_and_404_for_denied_access_and_unknown_sources() {
    assertThat(
            ProblemTable.problemFor(new AccessDeniedException("not yours"), "/x")
                .orElseThrow()
                .status())
        .isEqualTo(403);
    assertThat(
            ProblemTable.problemFor(new UnknownSourceException("nope"), "/x")
                .orElseThrow()
                .status())
        .isEqualTo(404);
  }
}
