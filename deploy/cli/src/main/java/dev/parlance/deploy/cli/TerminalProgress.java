package dev.parlance.deploy.cli;

import dev.parlance.application.retrieval.Progress;
import java.io.PrintStream;

/** Prints progress of long jobs to stderr, at most about once a second, and always at the end. */
final class TerminalProgress implements Progress {
  private final PrintStream err;
  private long stageStart = System.nanoTime();
  private long lastPrint;
  private String lastStage = "";

  TerminalProgress(PrintStream err) {
    this.err = err;
  }

  @Override
  public void update(String stage, long done, long total) {
    long now = System.nanoTime();
    boolean finished = done >= total;
    if (!finished && stage.equals(lastStage) && now - lastPrint < 1_000_000_000L) {
      return;
    }
    if (!stage.equals(lastStage)) {
      stageStart = now;
      lastStage = stage;
    }
    lastPrint = now;
    double seconds = (now - stageStart) / 1e9;
    // A rate over less than a tenth of a second says nothing.
    double rate = seconds >= 0.1 ? done / seconds : 0;
    String speed = rate > 0 ? String.format(" %.1f/s", rate) : "";
    String eta = finished || rate == 0 ? "" : String.format(" ETA %.0fs", (total - done) / rate);
    err.printf(
        "%s %d/%d (%.0f%%)%s%s%n",
        stage, done, total, 100.0 * done / Math.max(1, total), speed, eta);
  }
}
