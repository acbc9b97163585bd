package dev.parlance.web.pages;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.evaluation.BenchmarkRunsUseCase;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The admin's evaluation page ({@code /portal/admin/evaluations}): the {@code bench e2e} runs kept
 * on this installation, newest first as the use case lists them, each with its HTML report ({@code
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
    page(
        request,
        response,
        EVALUATIONS,
        (user, model) -> {
          List<Map<String, Object>> rows = new ArrayList<>();
          for (var run : runs.runs(user)) {
            Map<String, Object> row = new HashMap<>();
            row.put("name", run.name());
            row.put(
                "updated",
                run.updatedAt().toString().replace('T', ' ').replaceAll("\\.\\d+Z$", "Z"));
            row.put("logs", String.join(", ", run.logs()));
            row.put("hasReport", run.hasReport());
            row.put(
                "report",
                request.getContextPath()
                    + "/portal/admin/evaluations/report?run="
                    + URLEncoder.encode(run.name(), StandardCharsets.UTF_8));
            rows.add(row);
          }
          model.put("runs", rows);
          model.put("empty", rows.isEmpty());
        });
  }
}
