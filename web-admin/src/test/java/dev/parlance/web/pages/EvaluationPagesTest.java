package dev.parlance.web.pages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.evaluation.BenchmarkRunsUseCase;
import dev.parlance.application.evaluation.EvaluationJobsUseCase;
import dev.parlance.application.evaluation.EvaluationJobsUseCase.EvaluationJob;
import dev.parlance.application.evaluation.EvaluationJobsUseCase.State;
import dev.parlance.domain.governance.UserIdentity;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code EvaluationPages} itself with the real templates, its use cases faked: starting a run from
 * the form, a second start of the same source (409, said next to the form), the runs started here
 * with their progress and the address the page's script polls, that address's JSON, and the page
 * refused to whoever is not an admin.
 */
class EvaluationPagesTest {

  private static final UserIdentity ADMIN = new UserIdentity("ada", Set.of("admin"), Map.of());
  private static final UserIdentity ANALYST = new UserIdentity("ann", Set.of("analyst"), Map.of());

  private final List<String> started = new ArrayList<>();
  private final List<EvaluationJob> jobs = new ArrayList<>();
  private UserIdentity user = ADMIN;

  private static EvaluationJob jobOf(String id, State state, long done, Optional<String> failure) {
    return new EvaluationJob(
        id,
        "demo",
        state,
        done,
        3,
        failure,
        "ada",
        Instant.parse("2026-11-24T12:00:00Z"),
        Optional.empty());
  }

  private EvaluationPages pages() {
    EvaluationPages pages = new EvaluationPages();
    pages.caller = PageExchange.caller(() -> user);
    pages.sources = PageExchange.usableDemo();
    pages.runs = PageExchange.fake(BenchmarkRunsUseCase.class, Map.of("runs", args -> List.of()));
    pages.jobs =
        new EvaluationJobsUseCase() {
          @Override
          public EvaluationJob start(UserIdentity who, String source, OptionalInt limit) {
            if (!jobs.isEmpty()) {
              throw new AlreadyRunningException(source, jobs.getFirst().id());
            }
            started.add(source + " " + limit);
            EvaluationJob job = jobOf("portal-demo-1", State.RUNNING, 0, Optional.empty());
            jobs.add(job);
            return job;
          }

          @Override
          public EvaluationJob job(UserIdentity who, String id) {
            return jobs.stream()
                .filter(j -> j.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new UnknownJobException(id));
          }

          @Override
          public List<EvaluationJob> jobs(UserIdentity who) {
            if (!who.roles().contains("admin")) {
              throw new AccessDeniedException("only admins may see evaluation runs");
            }
            return List.copyOf(jobs);
          }
        };
    return pages;
  }

  private PageExchange post(PageExchange exchange) throws IOException {
    pages().doPost(exchange.request(), exchange.response());
    return exchange;
  }

  private PageExchange get(PageExchange exchange) throws IOException {
    pages().doGet(exchange.request(), exchange.response());
    return exchange;
  }

  @Test
  void should_start_a_run_from_the_form_and_show_its_progress_with_the_address_to_poll()
      throws IOException {
    PageExchange answer =
        post(
            new PageExchange("/portal/admin/evaluations")
                .with("source", "demo")
                .with("limit", " 2 "));

    assertThat(answer.status).isEqualTo(200);
    assertThat(started).containsExactly("demo OptionalInt[2]");
    assertThat(answer.page())
        .contains("id=\"notice\">Started run portal-demo-1 over 3 verified question(s).")
        .contains("<form method=\"post\" action=\"/portal/admin/evaluations\"")
        .contains("name=\"_csrf\"")
        .contains("<option value=\"demo\">demo</option>")
        .contains(
            "<tr id=\"job-portal-demo-1\" data-job=\"/portal/admin/evaluations/job?id=portal-demo-1\">")
        .contains("<progress max=\"3\" value=\"0\"")
        .contains("<span class=\"job-done\">0 of 3</span>");
  }

  @Test
  void should_say_next_to_the_form_that_a_run_of_the_source_is_under_way() throws IOException {
    jobs.add(jobOf("portal-demo-1", State.RUNNING, 1, Optional.empty()));

    PageExchange answer =
        post(new PageExchange("/portal/admin/evaluations").with("source", "demo"));

    assertThat(answer.status).isEqualTo(409);
    assertThat(started).isEmpty();
    assertThat(answer.page())
        .contains("role=\"alert\" id=\"error\">an evaluation of source demo is running")
        .contains("id=\"start-evaluation\"")
        .contains("<span class=\"job-done\">1 of 3</span>");
  }

  @Test
  void should_refuse_a_limit_that_is_no_number_and_start_nothing() throws IOException {
    PageExchange answer =
        post(
            new PageExchange("/portal/admin/evaluations")
                .with("source", "demo")
                .with("limit", "ten"));

    assertThat(answer.status).isEqualTo(400);
    assertThat(started).isEmpty();
    assertThat(answer.page()).contains("the number of questions must be a whole number");
  }

  @Test
  void should_answer_the_runs_progress_as_json_and_a_failed_runs_reason_on_the_page()
      throws IOException {
    jobs.add(jobOf("portal-demo-1", State.RUNNING, 2, Optional.empty()));
    jobs.add(jobOf("portal-demo-0", State.FAILED, 0, Optional.of("no model answers <here>")));

    PageExchange json =
        get(new PageExchange("/portal/admin/evaluations/job").with("id", "portal-demo-1"));
    PageExchange page = get(new PageExchange("/portal/admin/evaluations"));

    assertThat(json.contentType).isEqualTo("application/json");
    assertThat(json.body.toString())
        .contains("\"id\":\"portal-demo-1\"")
        .contains("\"state\":\"running\"")
        .contains("\"running\":true")
        .contains("\"done\":2")
        .contains("\"total\":3");
    assertThat(page.page())
        .contains("failed: <span class=\"job-failure\">no model answers &lt;here&gt;</span>")
        .doesNotContain("data-job=\"/portal/admin/evaluations/job?id=portal-demo-0\"");
    assertThat(get(new PageExchange("/portal/admin/evaluations/job").with("id", "other")).status)
        .isEqualTo(404);
  }

  @Test
  void should_refuse_whoever_is_not_an_admin() throws IOException {
    user = ANALYST;

    PageExchange answer =
        post(new PageExchange("/portal/admin/evaluations").with("source", "demo"));

    assertThat(answer.status).isEqualTo(403);
    assertThat(started).isEmpty();
  }
}
