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
    description =
        "Show, publish and list versions of a source's governance policy (JSON); provision it in"
            + " the source's database (apply) and check what it covers (lint).",
    subcommands = {
      PolicyCommand.Show.class,
      PolicyCommand.Set.class,
      PolicyCommand.History.class,
      PolicyCommand.Apply.class,
      PolicyCommand.Lint.class
    })
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

  @Command(
      name = "apply",
      mixinStandardHelpOptions = true,
      description = {
        "Provision the source's current policy in its database, so that the engine enforces it"
            + " (PostgreSQL: roles, grants, row-level security, masking views; see"
            + " docs/design/governance.md). Idempotent. The administrator's user and password are read"
            + " from environment variables and never stored.",
        "Exit codes: 0 provisioned (or nothing to provision), 1 failed."
      })
  static final class Apply implements Callable<Integer> {
    @ParentCommand PolicyCommand parent;
    @Inject dev.parlance.application.policy.ApplyPolicyUseCase applying;

    @Option(names = "--source", required = true, paramLabel = "NAME", description = "the source")
    String source;

    @Option(
        names = "--admin-user-env",
        defaultValue = "PARLANCE_ADMIN_USER",
        paramLabel = "VAR",
        description = "variable holding the administrator's user name (default: ${DEFAULT-VALUE})")
    String adminUser;

    @Option(
        names = "--admin-password-env",
        defaultValue = "PARLANCE_ADMIN_PASSWORD",
        paramLabel = "VAR",
        description = "variable holding the administrator's password (default: ${DEFAULT-VALUE})")
    String adminPassword;

    @Option(names = "--show-steps", description = "print every statement it ran")
    boolean showSteps;

    @Override
    public Integer call() {
      dev.parlance.domain.governance.Provisioning done =
          applying.apply(
              new dev.parlance.application.policy.ApplyPolicyUseCase.Command(
                  source,
                  new dev.parlance.domain.source.Credentials.FromEnvironment(
                      adminUser, adminPassword)));
      parent.cli.out().println(done.summary());
      if (showSteps) {
        done.steps().forEach(step -> parent.cli.out().println("  " + step));
      }
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "lint",
      mixinStandardHelpOptions = true,
      description = {
        "Check that the source's current policy covers what it means: tables that reach a filtered"
            + " table through foreign keys unfiltered, unmasked columns that spell out a masked one,"
            + " names the source does not have, an engine that cannot enforce it.",
        "Exit codes: 0 no findings, 2 findings (listed), 1 failed."
      })
  static final class Lint implements Callable<Integer> {
    @ParentCommand PolicyCommand parent;
    @Inject dev.parlance.application.policy.LintPolicyUseCase linting;

    @Option(names = "--source", required = true, paramLabel = "NAME", description = "the source")
    String source;

    @Option(
        names = "--admin-user-env",
        paramLabel = "VAR",
        description =
            "sample rows as the administrator this variable names (PostgreSQL after 'policy"
                + " apply', where the source's login role reads nothing by itself)")
    String adminUser;

    @Option(
        names = "--admin-password-env",
        paramLabel = "VAR",
        description = "variable holding the administrator's password")
    String adminPassword;

    @Override
    public Integer call() {
      dev.parlance.application.policy.LintPolicyUseCase.Report report =
          linting.lint(
              source,
              adminUser == null && adminPassword == null
                  ? java.util.Optional.empty()
                  : java.util.Optional.of(
                      new dev.parlance.domain.source.Credentials.FromEnvironment(
                          adminUser, adminPassword)));
      String which =
          report.policyVersion() == 0
              ? "the default policy of " + report.source()
              : "policy version " + report.policyVersion() + " of " + report.source();
      if (report.passes()) {
        parent.cli.out().println(which + " passes lint");
        return ParlanceCli.OK;
      }
      parent
          .cli
          .out()
          .println(
              which
                  + ": "
                  + report.findings().size()
                  + (report.findings().size() == 1 ? " finding" : " findings"));
      for (dev.parlance.domain.governance.PolicyLint.Finding f : report.findings()) {
        parent
            .cli
            .out()
            .println(
                "  "
                    + f.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                    + ": "
                    + f.message());
      }
      return ParlanceCli.REFUSED;
    }
  }
}
