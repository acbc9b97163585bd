package dev.parlance.deploy.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Optional;
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
      BenchCommand.class
    })
public final class ParlanceCli implements Runnable {

  public static final int OK = 0;
  public static final int FAILED = 1;
  public static final int REFUSED = 2;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private PrintStream out = System.out;
  private PrintStream err = System.err;
  private Path logs;

  // Lucene tells the terminal how it could vectorise faster; that is not the user's business.
  private static final java.util.logging.Logger LUCENE_LOG =
      java.util.logging.Logger.getLogger("org.apache.lucene");

  public static void main(String[] args) {
    LUCENE_LOG.setLevel(java.util.logging.Level.SEVERE);
    java.util.logging.Logger.getLogger("org.jboss.weld").setLevel(java.util.logging.Level.WARNING);
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
    int code;
    try (ParlanceContainer container = ParlanceContainer.boot()) {
      code = run(container, out, err, args);
    }
    System.exit(code);
  }

  /** Runs one command line; never throws, never prints a stack trace to the user. */
  public static int run(
      ParlanceContainer container, PrintStream out, PrintStream err, String... args) {
    CommandLine cli = new CommandLine(ParlanceCli.class, container.factory());
    ParlanceCli root = cli.getCommand();
    root.out = out;
    root.err = err;
    root.logs = container.logs();
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
    spec.commandLine().usage(out);
  }

  /** The root of the command line a sub-command runs under. */
  static ParlanceCli of(picocli.CommandLine.Model.CommandSpec spec) {
    return (ParlanceCli) spec.root().userObject();
  }

  PrintStream out() {
    return out;
  }

  PrintStream err() {
    return err;
  }

  private int failure(Exception e) {
    Optional<CliFailures.Worded> worded = CliFailures.word(e);
    if (worded.isPresent()) {
      err.println("parlance: " + worded.get().message());
      return worded.get().exitCode();
    }
    String where = log(e);
    err.println(
        "parlance: "
            + CliFailures.oneLine(
                e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
            + where);
    return FAILED;
  }

  // The whole trace goes to the log for whoever diagnoses it; the user gets its file name.
  private String log(Exception e) {
    try {
      var file = logs.resolve("parlance.log");
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
}
