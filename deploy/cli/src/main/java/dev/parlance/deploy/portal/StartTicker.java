package dev.parlance.deploy.portal;

import java.io.PrintStream;

/** Says every 30 s that a start is still under way, so a long first start never looks hung. */
final class StartTicker implements AutoCloseable {
  private final Thread thread;

  StartTicker(PrintStream progress, String what, long started) {
    thread =
        Thread.ofPlatform()
            .daemon()
            .name("parlance-serve-progress")
            .start(
                () -> {
                  try {
                    while (true) {
                      Thread.sleep(30_000);
                      progress.printf(
                          "parlance: still starting %s (%d s)...%n", what, seconds(started));
                    }
                  } catch (InterruptedException e) {
                    // done
                  }
                });
  }

  @Override
  public void close() {
    thread.interrupt();
  }

  /** Whole seconds since {@code startedNanos} (a {@link System#nanoTime()}). */
  static long seconds(long startedNanos) {
    return Math.round((System.nanoTime() - startedNanos) / 1e9);
  }
}
