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
   * fresh home gets the demo database generated once for the whole run ({@link DemoFixture}) and
   * the demo's embeddings ({@link DemoEmbeddings}), not its own; that the first start generates the
   * demo and embeds it is {@link ParlanceContainerTest}'s to prove.
   */
  static ParlanceContainer container(Path home, Map<String, String> environment) {
    DemoFixture.placeInto(home);
    DemoEmbeddings.placeInto(home);
    return containerGeneratingTheDemo(home, environment);
  }

  /** The container over {@code home} as a user's first start meets it: it generates the demo. */
  static ParlanceContainer containerGeneratingTheDemo(Path home, Map<String, String> environment) {
    Map<String, String> env = new HashMap<>(environment);
    env.put("PARLANCE_HOME", home.toString());
    return ParlanceContainer.boot(env);
  }

  /**
   * Publishes the demo's policy again with an hour's timeout instead of its 10 s, for tests that
   * run the demo's heaviest statements (every verified question's SQL): on a machine many times
   * oversubscribed they run longer than 10 s, and a cancel would fail the test for the machine's
   * speed, not for what Parlance does. Tests of the timeout itself use policies of their own.
   */
  static void patientDemoPolicy(ParlanceContainer components, Path home) {
    String shown = of(components, "policy", "show", "demo").out();
    String patient = shown.replaceFirst("\"timeout_ms\" : \\d+", "\"timeout_ms\" : 3600000");
    if (patient.equals(shown)) {
      throw new IllegalStateException("no timeout_ms in the demo's policy: " + shown);
    }
    try {
      Path file = java.nio.file.Files.writeString(home.resolve("patient-policy.json"), patient);
      CliRun set =
          of(components, "policy", "set", "demo", "--file", file.toString(), "--by", "test");
      if (set.exitCode() != 0) {
        throw new IllegalStateException("policy set: " + set.out() + set.err());
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
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
