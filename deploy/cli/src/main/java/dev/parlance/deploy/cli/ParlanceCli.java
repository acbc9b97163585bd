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
import java.util.function.Supplier;
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
      ServeCommand.class,
      PortalCommand.class,
      ShellCommand.class
    })
public final class ParlanceCli implements Runnable {

  public static final int OK = 0;
  public static final int FAILED = 1;
  public static final int REFUSED = 2;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private PrintStream out = System.out;
  private PrintStream err = System.err;
  private Path logs;
  private Supplier<ParlanceContainer> container;

  // Lucene tells the terminal how it could vectorise faster, Weld that it started; that is not the
  // user's business. The loggers are kept here: a logger nobody references forgets its level.
  private static final java.util.logging.Logger LUCENE_LOG =
      java.util.logging.Logger.getLogger("org.apache.lucene");

  private static final java.util.logging.Logger WELD_LOG =
      java.util.logging.Logger.getLogger("org.jboss.weld");

  public static void main(String[] args) {
    LUCENE_LOG.setLevel(java.util.logging.Level.SEVERE);
    WELD_LOG.setLevel(java.util.logging.Level.WARNING);
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
    Lazy container = new Lazy(ParlanceContainer::bootWithFlags);
    int code;
    try {
      code = run(container, out, err, args);
    } finally {
      container.close();
    }
    System.exit(code);
  }

  /** Runs one command line in a running container; never throws, never prints a stack trace. */
  public static int run(
      ParlanceContainer container, PrintStream out, PrintStream err, String... args) {
    return run(() -> container, out, err, args);
  }

  /**
   * Runs one command line; the container is started only when a command runs (not for help, the
   * version or a usage error). Never throws, never prints a stack trace to the user.
   */
  static int run(
      Supplier<ParlanceContainer> container, PrintStream out, PrintStream err, String... args) {
    CommandLine cli = new CommandLine(ParlanceCli.class);
    ParlanceCli root = cli.getCommand();
    root.out = out;
    root.err = err;
    root.container = container;
    cli.setExecutionStrategy(
        parsed -> {
          Integer help = CommandLine.executeHelpRequest(parsed);
          if (help != null) {
            return help;
          }
          try {
            java.util.Map<String, String> flags = new java.util.TreeMap<>();
            for (CommandLine c : parsed.asCommandLineList()) {
              if (c.getCommand() instanceof SettingFlags f) {
                flags.putAll(f.settings());
              }
            }
            if (container instanceof Lazy lazy) {
              lazy.flags(flags);
            }
            ParlanceContainer running = container.get();
            refuseChanged(running, flags);
            root.logs = running.logs();
            // The command that runs, and the parents whose options and use cases it reads.
            for (CommandLine c : parsed.asCommandLineList()) {
              running.inject(c.getCommand());
            }
          } catch (RuntimeException e) {
            // A configuration the container cannot start with is worded like any failure.
            throw new CommandLine.ExecutionException(parsed.commandSpec().commandLine(), "", e);
          }
          return new CommandLine.RunLast().execute(parsed);
        });
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

  /**
   * A command whose flags stand for settings ({@code --index opensearch} for {@code
   * parlance.index}): they configure the container the command runs in.
   */
  interface SettingFlags {
    /** The settings the given flags stand for; empty when none was given. */
    java.util.Map<String, String> settings();
  }

  // A running container (the shell's, a test's) was configured once: a flag cannot change it.
  private static void refuseChanged(
      ParlanceContainer running, java.util.Map<String, String> flags) {
    flags.forEach(
        (key, value) -> {
          if (!running.setting(key).orElse("").equals(value)) {
            throw new IllegalArgumentException(
                "this session runs with "
                    + key
                    + "="
                    + running.setting(key).orElse("(unset)")
                    + "; start a new one to use "
                    + value);
          }
        });
  }

  /** The container commands run in (the shell runs each of its lines in it). */
  Supplier<ParlanceContainer> container() {
    return container;
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
    if (logs == null) {
      return "";
    }
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

  /** The container, started the first time a command needs it. */
  private static final class Lazy implements Supplier<ParlanceContainer> {
    private final java.util.function.Function<java.util.Map<String, String>, ParlanceContainer>
        boot;
    private java.util.Map<String, String> flags = java.util.Map.of();
    private ParlanceContainer started;

    Lazy(java.util.function.Function<java.util.Map<String, String>, ParlanceContainer> boot) {
      this.boot = boot;
    }

    /** Settings the command's flags stand for, used if the container has not started yet. */
    synchronized void flags(java.util.Map<String, String> given) {
      if (started == null) {
        flags = java.util.Map.copyOf(given);
      }
    }

    @Override
    public synchronized ParlanceContainer get() {
      if (started == null) {
        started = boot.apply(flags);
      }
      return started;
    }

    synchronized void close() {
      if (started != null) {
        started.close();
      }
    }
  }
}
