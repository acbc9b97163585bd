package dev.parlance.deploy.cli;

import dev.parlance.deploy.Components;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One command line run in-process: its exit code and what it printed. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(Components components, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        ParlanceCli.run(
            components,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            args);
    return new CliRun(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Whether stderr holds exactly one line (a clear error), and no stack trace. */
  boolean oneErrorLine() {
    return err.strip().lines().count() == 1 && !err.contains("\tat ") && !err.contains("Exception");
  }
}
