package dev.parlance.deploy.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code parlance shell}: runs command lines read from standard input in one process, so that the
 * embedding model, the store's and the index's connections and caches stay loaded between them.
 * Several shells on one store and one OpenSearch are several Parlance instances
 * (docs/design/scale.md).
 */
@Command(
    name = "shell",
    mixinStandardHelpOptions = true,
    description = {
      "Run Parlance commands read from standard input, one per line, in one process (models,"
          + " connections and caches stay loaded). Words are split as a shell splits them;"
          + " 'exit' or the end of input stops.",
      "Example: echo 'schema search --source demo \"open orders\"' | parlance shell"
    })
final class ShellCommand implements Callable<Integer> {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--end-marker",
      paramLabel = "TEXT",
      description =
          "after each command print a line 'TEXT EXITCODE', so that a program driving the shell"
              + " knows when a command is done")
  String endMarker;

  /** Standard input, unless a test hands the shell its own. */
  static InputStream input = System.in;

  @Override
  public Integer call() throws IOException {
    ParlanceCli cli = ParlanceCli.of(spec);
    boolean interactive = System.console() != null && input == System.in;
    BufferedReader lines = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8));
    int last = ParlanceCli.OK;
    while (true) {
      if (interactive) {
        cli.err().print("parlance> ");
        cli.err().flush();
      }
      String line = lines.readLine();
      if (line == null) {
        break;
      }
      String text = line.strip();
      if (text.isEmpty() || text.startsWith("#")) {
        continue;
      }
      if (text.equals("exit") || text.equals("quit")) {
        break;
      }
      List<String> words;
      try {
        words = ShellWords.split(text);
        if (words.getFirst().equals("shell")) {
          throw new IllegalArgumentException("the shell is running already");
        }
        last = ParlanceCli.run(cli.container(), cli.out(), cli.err(), words.toArray(String[]::new));
      } catch (IllegalArgumentException e) {
        cli.err().println("parlance: " + e.getMessage());
        last = ParlanceCli.REFUSED;
      }
      if (endMarker != null) {
        cli.out().println(endMarker + " " + last);
      }
      cli.out().flush();
    }
    return last;
  }
}
