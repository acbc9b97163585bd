package dev.parlance.deploy.cli;

import dev.parlance.deploy.Components;
import dev.parlance.deploy.ParlanceHome;
import dev.parlance.deploy.Settings;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code parlance} command line. Exit codes: 0 success, 1 failure, 2 refused or bad usage. */
@Command(
    name = "parlance",
    mixinStandardHelpOptions = true,
    version = "Parlance 0.1.0",
    description = "Plain-language questions over your databases, answered with governed SQL.",
    subcommands = {
      SchemaCommand.class,
      SourcesCommand.class,
      PolicyCommand.class,
      SqlCommand.class,
      AskCommand.class,
      AuditCommand.class,
      ViewsCommand.class,
      DescribeCommand.class,
      VerifiedCommand.class,
      SuggestCommand.class,
      LlmCommand.class,
      BenchCommand.class,
      ShellCommand.class
    })
public final class ParlanceCli implements Runnable {

  public static final int OK = 0;
  public static final int FAILED = 1;
  public static final int REFUSED = 2;

  // Failures of the world, not of Parlance: their message is all the user needs.
  private static final java.util.List<Class<? extends Exception>> EXPECTED_FAILURES =
      java.util.List.of(
          dev.parlance.domain.benchmark.BenchmarkDataException.class,
          dev.parlance.application.retrieval.MissingHallucinationException.class,
          dev.parlance.application.retrieval.UnknownSourceException.class,
          dev.parlance.adapters.db.jdbc.DatabaseUnavailableException.class,
          dev.parlance.adapters.index.lucene.IndexFailedException.class,
          dev.parlance.adapters.index.opensearch.OpenSearchFailedException.class,
          dev.parlance.adapters.llm.embedding.EmbeddingFailedException.class);

  private final Components components;
  private final PrintStream out;
  private final PrintStream err;

  ParlanceCli(Components components, PrintStream out, PrintStream err) {
    this.components = components;
    this.out = out;
    this.err = err;
  }

  // Lucene tells the terminal how it could vectorise faster; that is not the user's business.
  private static final java.util.logging.Logger LUCENE_LOG =
      java.util.logging.Logger.getLogger("org.apache.lucene");

  public static void main(String[] args) {
    LUCENE_LOG.setLevel(java.util.logging.Level.SEVERE);
    Map<String, String> env = System.getenv();
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
    int code;
    try (Components components =
        new Components(ParlanceHome.fromEnvironment(env), new Settings(env))) {
      code = run(components, out, err, args);
    }
    System.exit(code);
  }

  /** Runs one command line; never throws, never prints a stack trace to the user. */
  public static int run(Components components, PrintStream out, PrintStream err, String... args) {
    ParlanceCli root = new ParlanceCli(components, out, err);
    CommandLine cli = new CommandLine(root);
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> root.failure(e));
    cli.setParameterExceptionHandler(
        (e, args2) -> {
          err.println("parlance: " + e.getMessage());
          err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
          return REFUSED;
        });
    return cli.execute(args);
  }

  @Override
  public void run() {
    new CommandLine(this).usage(out);
  }

  /** The root of the command line a sub-command runs under. */
  static ParlanceCli of(picocli.CommandLine.Model.CommandSpec spec) {
    return (ParlanceCli) spec.root().userObject();
  }

  Components components() {
    return components;
  }

  PrintStream out() {
    return out;
  }

  PrintStream err() {
    return err;
  }

  private int failure(Exception e) {
    if (e instanceof CommandFailure f) {
      err.println("parlance: " + f.getMessage());
      return f.exitCode();
    }
    if (e instanceof IllegalArgumentException) {
      err.println("parlance: " + e.getMessage());
      return REFUSED;
    }
    if (EXPECTED_FAILURES.stream().anyMatch(type -> type.isInstance(e))) {
      err.println("parlance: " + oneLine(e.getMessage()));
      return FAILED;
    }
    String where = log(e);
    err.println(
        "parlance: "
            + oneLine(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
            + where);
    return FAILED;
  }

  // The whole trace goes to the log for whoever diagnoses it; the user gets its file name.
  private String log(Exception e) {
    try {
      var file = components.home().logs().resolve("parlance.log");
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      Files.writeString(
          file,
          Instant.now() + " " + trace + System.lineSeparator(),
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
      return " (details in " + file + ")";
    } catch (IOException | RuntimeException ignored) {
      return "";
    }
  }

  private static String oneLine(String message) {
    return message.replaceAll("\\s+", " ").strip();
  }
}
