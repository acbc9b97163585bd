package dev.parlance.web.pages;

import dev.parlance.application.curation.CurationJobsUseCase;
import dev.parlance.application.curation.PublishOutcome;
import dev.parlance.application.curation.RegressionReport;
import dev.parlance.application.curation.ValidationReport;
import dev.parlance.application.curation.ViewCheck;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The outcome of a curation job as the curation page's notice and sections. */
final class CurationOutcomes {

  private CurationOutcomes() {}

  /** A job's page: its progress while it runs, its outcome once it ended. */
  static String jobOutcome(CurationJobsUseCase.Job job, Map<String, Object> model) {
    String what =
        switch (job.kind()) {
          case "publish" -> "The publish";
          case "rollback" -> "The rollback";
          default -> "The check of the verified questions with the model";
        };
    switch (job.state()) {
      case RUNNING -> {
        Map<String, Object> running = new HashMap<>();
        running.put("id", job.id());
        running.put("stage", job.stage());
        running.put("done", job.done());
        running.put("total", job.total());
        model.put("runningJob", running);
        return what + " is still running: " + job.stage() + ".";
      }
      case FAILED ->
          throw new IllegalArgumentException(
              what + " failed: " + job.failure().orElse("no reason given"));
      default -> {
        if (job.outcome().isPresent()) {
          return outcome(job.outcome().get(), model);
        }
        return modelCheck(job.report().orElseThrow(), model);
      }
    }
  }

  private static String outcome(PublishOutcome outcome, Map<String, Object> model) {
    model.put("validation", validation(outcome.validation()));
    model.put("hasValidation", true);
    return switch (outcome) {
      case PublishOutcome.Published published -> {
        List<Map<String, Object>> checks = new ArrayList<>();
        for (RegressionReport.Check c : published.regression().checks()) {
          checks.add(
              Map.of(
                  "id", c.id(),
                  "question", c.question(),
                  "result", c.result().name().toLowerCase(Locale.ROOT),
                  "changed",
                      c.result() == RegressionReport.Result.CHANGED
                          || c.result() == RegressionReport.Result.FAILED,
                  "detail", c.detail()));
        }
        model.put("regression", checks);
        model.put("hasRegression", !checks.isEmpty());
        yield "Published version " + published.version().version() + ".";
      }
      case PublishOutcome.Blocked blocked -> "Nothing was published: a view fails validation.";
    };
  }

  /** The model-based check's report: each question, whether the model's answer has its rows. */
  private static String modelCheck(RegressionReport report, Map<String, Object> model) {
    List<Map<String, Object>> rows = new ArrayList<>();
    int agree = 0;
    for (RegressionReport.Check c : report.checks()) {
      String verdict =
          switch (c.pipeline()) {
            case AGREES -> "right: the verified rows";
            case DISAGREES -> "different rows";
            case FAILED -> "no usable answer (no SQL, or SQL that did not run)";
            case NOT_RUN ->
                c.result() == RegressionReport.Result.FAILED
                    ? "not asked: " + c.detail()
                    : "not asked";
          };
      if (c.pipeline() == RegressionReport.Pipeline.AGREES) {
        agree++;
      }
      rows.add(
          Map.of(
              "id", c.id(),
              "question", c.question(),
              "rows", c.rows().map(String::valueOf).orElse("–"),
              "verdict", verdict,
              "wrong", c.pipeline() != RegressionReport.Pipeline.AGREES));
    }
    model.put("modelCheck", rows);
    model.put("hasModelCheck", true);
    return "The model answered "
        + agree
        + " of "
        + rows.size()
        + " verified question(s) of version "
        + report.toVersion()
        + " with the verified rows.";
  }

  static List<Map<String, Object>> validation(ValidationReport report) {
    List<Map<String, Object>> views = new ArrayList<>();
    for (ViewCheck check : report.checks()) {
      views.add(
          Map.of(
              "view", check.view(),
              "passed", check.passed(),
              "problems", String.join("; ", check.problems())));
    }
    return views;
  }
}
