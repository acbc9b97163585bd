package dev.parlance.deploy.cli;

import dev.parlance.application.curation.PublishOutcome;
import dev.parlance.application.curation.RegressionReport;
import dev.parlance.application.curation.ValidationReport;
import dev.parlance.application.curation.ViewCheck;
import java.io.PrintStream;
import java.util.List;

/** How curation commands print validation and publishing results. */
final class CurationOutput {
  private CurationOutput() {}

  static String steward(String given) {
    return given != null && !given.isBlank() ? given : System.getProperty("user.name", "steward");
  }

  static void validation(PrintStream out, ValidationReport report) {
    for (ViewCheck check : report.checks()) {
      if (check.passed()) {
        out.println("ok      " + check.view() + " (" + check.columns().size() + " columns)");
      } else {
        for (String problem : check.problems()) {
          out.println("FAILED  " + check.view() + ": " + problem);
        }
      }
    }
    out.println(
        report.checks().size()
            + " views checked, "
            + report.failures().size()
            + " failed"
            + (report.passed() ? "" : "; fix them before publishing"));
  }

  /** Prints the outcome; the exit code: 0 published, 2 blocked by validation. */
  static int published(PrintStream out, PrintStream err, PublishOutcome outcome) {
    switch (outcome) {
      case PublishOutcome.Blocked blocked -> {
        for (ViewCheck check : blocked.validation().failures()) {
          for (String problem : check.problems()) {
            out.println("FAILED  " + check.view() + ": " + problem);
          }
        }
        err.println(
            "parlance: not published: "
                + blocked.validation().failures().size()
                + " view(s) fail validation");
        return ParlanceCli.REFUSED;
      }
      case PublishOutcome.Published p -> {
        out.println(
            "published version "
                + p.version().version()
                + " of "
                + p.version().source()
                + " by "
                + p.version().publishedBy()
                + " at "
                + p.version().publishedAt()
                + (p.version().note().isEmpty() ? "" : " (" + p.version().note() + ")"));
        out.println(p.validation().checks().size() + " views validated; " + p.reindexed());
        regression(out, p.regression());
        return ParlanceCli.OK;
      }
    }
  }

  static void regression(PrintStream out, RegressionReport r) {
    out.printf(
        "verified questions: %d unchanged, %d changed, %d new, %d failed%s%n",
        r.count(RegressionReport.Result.UNCHANGED),
        r.count(RegressionReport.Result.CHANGED),
        r.count(RegressionReport.Result.NEW),
        r.count(RegressionReport.Result.FAILED),
        r.fromVersion() > 0 ? " (against version " + r.fromVersion() + ")" : "");
    List<List<Object>> rows =
        r.checks().stream()
            .filter(
                c ->
                    c.result() != RegressionReport.Result.UNCHANGED
                        || c.pipeline() != RegressionReport.Pipeline.NOT_RUN)
            .filter(
                c ->
                    c.result() != RegressionReport.Result.NEW
                        || c.pipeline() != RegressionReport.Pipeline.NOT_RUN
                        || r.fromVersion() > 0)
            .map(
                c ->
                    List.<Object>of(
                        c.id(),
                        c.result().name().toLowerCase(java.util.Locale.ROOT),
                        c.rows().map(String::valueOf).orElse("-"),
                        c.pipeline().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '),
                        c.detail()))
            .toList();
    if (!rows.isEmpty()) {
      TextTable.print(out, List.of("ID", "RESULT", "ROWS", "PIPELINE", "DETAIL"), rows, 80);
    }
  }
}
