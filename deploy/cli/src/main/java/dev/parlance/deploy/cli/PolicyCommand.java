package dev.parlance.deploy.cli;

import dev.parlance.domain.governance.GovernancePolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code parlance policy}: stewards read and publish a source's governance policy. */
@Command(
    name = "policy",
    mixinStandardHelpOptions = true,
    description = "Show, publish and list versions of a source's governance policy (JSON).",
    subcommands = {PolicyCommand.Show.class, PolicyCommand.Set.class, PolicyCommand.History.class})
final class PolicyCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @ParentCommand ParlanceCli cli;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  private static void requireSource(ParlanceCli cli, String name) {
    if (cli.components().dataSources().find(name).isEmpty()) {
      throw CommandFailure.failed("no source named '" + name + "' (see 'parlance sources list')");
    }
  }

  @Command(
      name = "show",
      mixinStandardHelpOptions = true,
      description = "Print the current policy as JSON (the format 'policy set' reads).")
  static final class Show implements Callable<Integer> {
    @ParentCommand PolicyCommand parent;

    @Parameters(index = "0", paramLabel = "SOURCE")
    String source;

    @Override
    public Integer call() {
      requireSource(parent.cli, source);
      GovernancePolicy p =
          parent
              .cli
              .components()
              .policies()
              .current(source)
              .orElseGet(() -> GovernancePolicy.defaults(source));
      parent.cli.out().println(PolicyJson.write(p));
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "set",
      mixinStandardHelpOptions = true,
      description = "Publish a policy file as the source's next version.")
  static final class Set implements Callable<Integer> {
    @ParentCommand PolicyCommand parent;

    @Parameters(index = "0", paramLabel = "SOURCE")
    String source;

    @Option(names = "--file", required = true, paramLabel = "FILE", description = "policy JSON")
    Path file;

    @Option(
        names = "--by",
        paramLabel = "STEWARD",
        description = "who publishes it (default: the operating-system user)")
    String steward;

    @Override
    public Integer call() throws IOException {
      requireSource(parent.cli, source);
      if (!Files.isRegularFile(file)) {
        throw CommandFailure.refused("no policy file at " + file);
      }
      GovernancePolicy draft = PolicyJson.read(source, Files.readString(file));
      String by = steward != null ? steward : System.getProperty("user.name", "steward");
      GovernancePolicy published = parent.cli.components().policies().publish(draft, by);
      parent.cli.out().println("published version " + published.version() + " of " + source);
      return ParlanceCli.OK;
    }
  }

  @Command(name = "history", mixinStandardHelpOptions = true, description = "List versions.")
  static final class History implements Callable<Integer> {
    @ParentCommand PolicyCommand parent;

    @Parameters(index = "0", paramLabel = "SOURCE")
    String source;

    @Override
    public Integer call() {
      requireSource(parent.cli, source);
      List<List<Object>> rows =
          parent.cli.components().policies().history(source).stream()
              .map(
                  p ->
                      List.<Object>of(
                          p.version(),
                          p.editedBy(),
                          p.editedAt().toString(),
                          p.rowCap(),
                          p.rowFilters().size(),
                          p.columnRules().size()))
              .toList();
      if (rows.isEmpty()) {
        parent.cli.out().println("no published policy; the built-in default applies");
        return ParlanceCli.OK;
      }
      TextTable.print(
          parent.cli.out(),
          List.of("VERSION", "BY", "AT", "ROW CAP", "FILTERS", "COLUMN RULES"),
          rows,
          40);
      return ParlanceCli.OK;
    }
  }
}
