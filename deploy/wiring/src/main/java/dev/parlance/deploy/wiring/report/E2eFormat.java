package dev.parlance.deploy.wiring.report;

import dev.parlance.application.evaluation.report.E2eReport;
import java.util.Locale;

/**
 * How the report writes numbers and words: percentages, decimals, confidence buckets, cut labels.
 */
final class E2eFormat {

  private E2eFormat() {}

  // A document read from an older or hand-made file may lack a field.
  static String text(String s) {
    return s == null ? "" : s;
  }

  static String shorten(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 1) + "…";
  }

  static String bucket(E2eReport.Bucket b) {
    double from = b.from();
    double to = b.to();
    return to >= 1
        ? String.format(Locale.ROOT, "[%.1f, 1.0]", from)
        : String.format(Locale.ROOT, "[%.1f, %.1f)", from, to);
  }

  static String pct(double v) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * v);
  }

  // A narrow bar (many series side by side) has room for the number only.
  static String barLabel(double v, int seriesSideBySide) {
    return seriesSideBySide <= 2 ? pct0(v) : String.format(Locale.ROOT, "%.0f", 100 * v);
  }

  static String pct0(double v) {
    return String.format(Locale.ROOT, "%.0f%%", 100 * v);
  }

  static String fmt(double v, int decimals) {
    return String.format(Locale.ROOT, "%,." + decimals + "f", v);
  }
}
