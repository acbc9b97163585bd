package dev.parlance.deploy.cli;

import dev.parlance.application.governance.ManagePoliciesUseCase;
import dev.parlance.domain.governance.GovernancePolicy;
import jakarta.inject.Inject;
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
  @Inject ManagePoliciesUseCase policies;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
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
      GovernancePolicy p = parent.policies.current(source);
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
      parent.policies.current(source); // an unknown source is said before a missing file
      if (!Files.isRegularFile(file)) {
        throw CommandFailure.refused("no policy file at " + file);
      }
      GovernancePolicy draft = PolicyJson.read(source, Files.readString(file));
      String by = steward != null ? steward : System.getProperty("user.name", "steward");
      GovernancePolicy published = parent.policies.publish(source, draft, by);
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
      List<List<Object>> rows =
          parent.policies.history(source).stream()
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
