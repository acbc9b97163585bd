package dev.parlance.deploy.cli;

import dev.parlance.adapters.db.testing.DemoFixture;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** One command line run in-process: its exit code and what it printed. */
record CliRun(int exitCode, String out, String err) {

  /**
   * The command line's container over {@code home}, with {@code environment} as its variables. A
   * fresh home gets the demo database generated once for the whole run ({@link DemoFixture}), not
   * its own; that the first start generates it is {@link ParlanceContainerTest}'s to prove.
   */
  static ParlanceContainer container(Path home, Map<String, String> environment) {
    DemoFixture.placeInto(home);
    return containerGeneratingTheDemo(home, environment);
  }

  /** The container over {@code home} as a user's first start meets it: it generates the demo. */
  static ParlanceContainer containerGeneratingTheDemo(Path home, Map<String, String> environment) {
    Map<String, String> env = new HashMap<>(environment);
    env.put("PARLANCE_HOME", home.toString());
    return ParlanceContainer.boot(env);
  }

  static CliRun of(ParlanceContainer components, String... args) {
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
