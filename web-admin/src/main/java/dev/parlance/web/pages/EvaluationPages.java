package dev.parlance.web.pages;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.evaluation.BenchmarkRunsUseCase;
import dev.parlance.application.evaluation.EvaluationJobsUseCase;
import dev.parlance.application.evaluation.EvaluationJobsUseCase.EvaluationJob;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The admin's evaluation page ({@code /portal/admin/evaluations}): start a run over a source's
 * verified questions ({@link EvaluationJobsUseCase}, as {@code POST /api/v1/evaluations}), the runs
 * started here with their progress (polled by the page's script from {@code
 * /portal/admin/evaluations/job?id=ID}), and the {@code bench e2e} runs kept on this installation,
 * newest first as the use case lists them, each with its HTML report ({@code
 * /portal/admin/evaluations/report?run=NAME}). Admins only, as {@code /api/v1/benchmarks/runs}.
 */
public class EvaluationPages extends PageServlet {

  private static final Page EVALUATION_REPORT =
      Page.of("evaluations", "Evaluation report", "evaluations", SourceAccess.ADMIN);
  private static final Page EVALUATIONS =
      Page.of("evaluations", "Evaluations", "evaluations", SourceAccess.ADMIN);

  private static final long serialVersionUID = 1L;

  /**
   * The policy a report is shown under: the report is one self-contained file with its own inline
   * styles and a JSON data block, so it gets inline styles and nothing else; {@code sandbox}
   * (without {@code allow-scripts}) makes sure no script in it could ever run.
   */
  static final String REPORT_POLICY =
      "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:;"
          + " frame-ancestors 'none'";

  @Inject transient BenchmarkRunsUseCase runs;
  @Inject transient EvaluationJobsUseCase jobs;
  @Inject transient UseSourcesUseCase sources;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    if (request.getServletPath().endsWith("/report")) {
      page(
          request,
          response,
          EVALUATION_REPORT,
          (user, model) -> {
            String html = runs.report(user, field(request, "run"));
            response.setHeader("Content-Security-Policy", REPORT_POLICY);
            response.setHeader("Cache-Control", "no-store");
            response.setContentType("text/html");
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            response.getWriter().write(html);
            response.flushBuffer();
          });
      return;
    }
    if (request.getServletPath().endsWith("/job")) {
      page(
          request,
          response,
          EVALUATIONS,
          (user, model) -> {
            EvaluationJob job = jobs.job(user, field(request, "id"));
            response.setHeader("Cache-Control", "no-store");
            response.setContentType("application/json");
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            response.getWriter().write(Json.of(jobModel(request, job)));
            response.flushBuffer();
          });
      return;
    }
    page(request, response, EVALUATIONS, (user, model) -> list(request, user, model));
  }

  /** Starts a run: the source and an optional number of questions from the form. */
  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    page(
        request,
        response,
        EVALUATIONS,
        (user, model) -> {
          try {
            String limit = field(request, "limit");
            EvaluationJob job =
                jobs.start(
                    user,
                    field(request, "source"),
                    limit.isBlank() ? OptionalInt.empty() : OptionalInt.of(limit(limit)));
            model.put(
                "notice",
                "Started run " + job.id() + " over " + job.total() + " verified question(s).");
          } finally {
            list(request, user, model);
          }
        });
  }

  private static int limit(String text) {
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("the number of questions must be a whole number");
    }
  }

  private void list(HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    List<Map<String, Object>> started = new ArrayList<>();
    for (EvaluationJob job : jobs.jobs(user)) {
      started.add(jobModel(request, job));
    }
    model.put("jobs", started);
    model.put("hasJobs", !started.isEmpty());
    model.put(
        "sources",
        sources.usable(user).stream().map(UseSourcesUseCase.SourceSummary::name).toList());
    List<Map<String, Object>> rows = new ArrayList<>();
    for (var run : runs.runs(user)) {
      Map<String, Object> row = new HashMap<>();
      row.put("name", run.name());
      row.put("updated", time(run.updatedAt()));
      row.put("updatedIso", run.updatedAt().toString());
      row.put("logs", String.join(", ", run.logs()));
      row.put("hasReport", run.hasReport());
      row.put("report", reportLink(request, run.name()));
      rows.add(row);
    }
    model.put("runs", rows);
    model.put("empty", rows.isEmpty());
  }

  // What the page's table and its script show of a run started here (the JSON the script polls).
  private static Map<String, Object> jobModel(HttpServletRequest request, EvaluationJob job) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", job.id());
    m.put("source", job.source());
    m.put("state", job.state().name().toLowerCase(java.util.Locale.ROOT));
    m.put("running", job.state() == EvaluationJobsUseCase.State.RUNNING);
    m.put("done", job.done());
    m.put("total", job.total());
    m.put("failure", job.failure().orElse(""));
    m.put("startedBy", job.startedBy());
    m.put("started", time(job.startedAt()));
    m.put("startedIso", job.startedAt().toString());
    m.put("finished", job.state() == EvaluationJobsUseCase.State.DONE);
    m.put("report", reportLink(request, job.id()));
    m.put(
        "poll",
        request.getContextPath()
            + "/portal/admin/evaluations/job?id="
            + URLEncoder.encode(job.id(), StandardCharsets.UTF_8));
    return m;
  }

  private static String reportLink(HttpServletRequest request, String run) {
    return request.getContextPath()
        + "/portal/admin/evaluations/report?run="
        + URLEncoder.encode(run, StandardCharsets.UTF_8);
  }

  private static String time(Instant at) {
    return at.toString().replace('T', ' ').replaceAll("\\.\\d+Z$", "Z");
  }
}
