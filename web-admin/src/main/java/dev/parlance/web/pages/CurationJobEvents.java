package dev.parlance.web.pages;

import static dev.parlance.web.pages.PageServlet.field;
import static dev.parlance.web.pages.PageServlet.requireRole;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.curation.CurationJobsUseCase;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * Starts and follows the curation page's jobs: {@code POST /portal/curation/jobs} answers where the
 * job's events stream, {@code GET /portal/curation/jobs/events} streams them, and a plain form post
 * waits for the job's end. Routed by {@link CurationPages}.
 */
final class CurationJobEvents {

  private static final java.util.logging.Logger LOG =
      java.util.logging.Logger.getLogger(CurationPages.class.getName());

  /** How long a plain form post waits for its job (the page without JavaScript). */
  private static final Duration PLAIN_POST_WAIT = Duration.ofMinutes(10);

  /** How often a job's event stream says it is alive while nothing changes. */
  private static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

  private CurationJobEvents() {}

  /** The job once it ended, or as it is after {@link #PLAIN_POST_WAIT}. */
  static CurationJobsUseCase.Job awaitEnd(
      CurationJobsUseCase jobs, UserIdentity user, CurationJobsUseCase.Job job) {
    long deadline = System.nanoTime() + PLAIN_POST_WAIT.toNanos();
    try {
      while (!job.ended() && System.nanoTime() < deadline) {
        job = jobs.next(user, job.id(), job.step(), KEEP_ALIVE);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return job;
  }

  /**
   * {@code POST /portal/curation/jobs} (the page's script, with the CSRF header): starts the form's
   * job and answers JSON {@code {id, events, page}}: where its events stream and the page that
   * shows its outcome; a refusal answers {@code {status, message}} with its status.
   */
  static void startJob(
      CurationJobsUseCase jobs,
      UserIdentity user,
      HttpServletRequest request,
      HttpServletResponse response)
      throws IOException {
    Map<String, Object> answer = new java.util.LinkedHashMap<>();
    int status = 202;
    try {
      requireRole(user, SourceAccess.STEWARD, SourceAccess.ADMIN);
      String source = field(request, "source");
      CurationJobsUseCase.Job job =
          jobs.start(user, source, CurationForms.work(request, field(request, "action")));
      answer.put("id", job.id());
      answer.put(
          "events",
          request.getContextPath()
              + CurationPages.JOB_EVENTS_PATH
              + "?id="
              + URLEncoder.encode(job.id(), StandardCharsets.UTF_8));
      answer.put("page", jobPage(request, source, job.id()));
    } catch (RuntimeException failure) {
      PageFailure known =
          PageFailure.of(failure)
              .orElseGet(
                  () -> {
                    LOG.log(
                        java.util.logging.Level.SEVERE, "starting a curation job failed", failure);
                    return new PageFailure(500, "Something went wrong on our side.", true);
                  });
      status = known.status();
      answer.put("status", status);
      answer.put("message", known.message());
    }
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setHeader("Cache-Control", "no-store");
    response.getWriter().write(Json.of(answer));
  }

  private static String jobPage(HttpServletRequest request, String source, String id) {
    return request.getContextPath()
        + "/portal/curation?source="
        + URLEncoder.encode(source, StandardCharsets.UTF_8)
        + "&job="
        + URLEncoder.encode(id, StandardCharsets.UTF_8)
        + "#publish-title";
  }

  /**
   * {@code GET /portal/curation/jobs/events?id=ID}: the job as Server-Sent Events: {@code progress}
   * {@code {stage, done, total, state}} each time it moves on, then {@code end} {@code {state,
   * page}} naming the page of its outcome. Held while the job runs (a publish: seconds to a
   * minute); a browser gone away ends the stream, never the job.
   */
  static void jobEvents(
      CurationJobsUseCase jobs,
      UserIdentity user,
      HttpServletRequest request,
      HttpServletResponse response)
      throws IOException {
    CurationJobsUseCase.Job job;
    try {
      requireRole(user, SourceAccess.STEWARD, SourceAccess.ADMIN);
      job = jobs.job(user, field(request, "id"));
    } catch (RuntimeException failure) {
      PageFailure known = PageFailure.of(failure).orElse(new PageFailure(500, "no such job", true));
      response.sendError(known.status(), known.message());
      return;
    }
    response.setContentType("text/event-stream");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setHeader("Cache-Control", "no-store");
    java.io.PrintWriter out = response.getWriter();
    long seen = -1;
    try {
      while (true) {
        if (job.step() != seen) {
          seen = job.step();
          Map<String, Object> data = new java.util.LinkedHashMap<>();
          data.put("stage", job.stage());
          data.put("done", job.done());
          data.put("total", job.total());
          data.put("state", job.state().name().toLowerCase(Locale.ROOT));
          out.write("event: progress\ndata: " + Json.of(data) + "\n\n");
        } else {
          out.write(": still working\n\n");
        }
        if (job.ended()) {
          Map<String, Object> end = new java.util.LinkedHashMap<>();
          end.put("state", job.state().name().toLowerCase(Locale.ROOT));
          end.put("page", jobPage(request, job.source(), job.id()));
          out.write("event: end\ndata: " + Json.of(end) + "\n\n");
          out.flush();
          return;
        }
        // Flushes; true once the browser went away (the job goes on).
        if (out.checkError()) {
          return;
        }
        response.flushBuffer();
        job = jobs.next(user, job.id(), seen, KEEP_ALIVE);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
