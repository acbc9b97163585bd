package dev.parlance.deploy.cli;

import dev.parlance.application.source.ManageSourcesUseCase;
import dev.parlance.application.source.SourceCheckFailedException;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.SourceCheck;
import jakarta.inject.Inject;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code parlance sources}: the databases Parlance answers questions about. */
@Command(
    name = "sources",
    mixinStandardHelpOptions = true,
    description = "Add, list, show and remove data sources (credentials are kept by reference).",
    subcommands = {
      SourcesCommand.Add.class,
      SourcesCommand.ListSources.class,
      SourcesCommand.Show.class,
      SourcesCommand.Test.class,
      SourcesCommand.Remove.class
    })
final class SourcesCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @ParentCommand ParlanceCli cli;
  @Inject ManageSourcesUseCase sources;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  @Command(name = "add", mixinStandardHelpOptions = true, description = "Add or replace a source.")
  static final class Add implements Callable<Integer> {
    @ParentCommand SourcesCommand parent;

    @Parameters(index = "0", paramLabel = "NAME", description = "lower-case name, e.g. plant")
    String name;

    @Option(
        names = "--url",
        required = true,
        paramLabel = "JDBC_URL",
        description = "jdbc:sqlite:…, jdbc:h2:… or jdbc:postgresql:… (no password in it)")
    String url;

    @Option(
        names = "--user-env",
        paramLabel = "VAR",
        description = "environment variable holding the user name")
    String userEnv;

    @Option(
        names = "--password-env",
        paramLabel = "VAR",
        description = "environment variable holding the password")
    String passwordEnv;

    @Option(
        names = "--credentials-file",
        paramLabel = "FILE",
        description = "file with user= and password= lines, instead of variables")
    String credentialsFile;

    @Option(
        names = "--no-check",
        description = "add it without opening it first (e.g. a database that is not reachable yet)")
    boolean noCheck;

    @Override
    public Integer call() {
      Credentials credentials;
      if (credentialsFile != null) {
        if (userEnv != null || passwordEnv != null) {
          throw CommandFailure.refused(
              "give either --credentials-file or --user-env/--password-env, not both");
        }
        credentials = new Credentials.FromFile(credentialsFile);
      } else if (userEnv != null || passwordEnv != null) {
        credentials = new Credentials.FromEnvironment(userEnv, passwordEnv);
      } else {
        credentials = Credentials.none();
      }
      ManageSourcesUseCase.Added added;
      try {
        added =
            parent.sources.add(
                new ManageSourcesUseCase.AddSource(name, url, credentials, !noCheck));
      } catch (SourceCheckFailedException e) {
        throw CommandFailure.refused(
            "cannot add source "
                + name
                + ": "
                + e.check().problem().description()
                + " ("
                + e.check().message()
                + "); fix it, or add it anyway with --no-check");
      }
      parent
          .cli
          .out()
          .println(
              (added.replaced() ? "replaced source " : "added source ")
                  + name
                  + added.check().map(c -> " (" + describe(c) + ")").orElse(" (not checked)"));
      return ParlanceCli.OK;
    }
  }

  @Command(name = "list", mixinStandardHelpOptions = true, description = "List the sources.")
  static final class ListSources implements Callable<Integer> {
    @ParentCommand SourcesCommand parent;

    @Override
    public Integer call() {
      List<DataSource> sources = parent.sources.list();
      PrintStream out = parent.cli.out();
      if (sources.isEmpty()) {
        out.println("no sources; add one with: parlance sources add NAME --url JDBC_URL");
        return ParlanceCli.OK;
      }
      List<List<Object>> rows =
          sources.stream()
              .map(
                  s ->
                      List.<Object>of(
                          s.name(),
                          s.dialect().name().toLowerCase(java.util.Locale.ROOT),
                          s.jdbcUrl(),
                          describe(s.credentials())))
              .toList();
      TextTable.print(out, List.of("NAME", "DIALECT", "URL", "CREDENTIALS"), rows, 80);
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "show",
      mixinStandardHelpOptions = true,
      description = "Show a source and its current governance policy.")
  static final class Show implements Callable<Integer> {
    @ParentCommand SourcesCommand parent;

    @Parameters(index = "0", paramLabel = "NAME")
    String name;

    @Override
    public Integer call() {
      ManageSourcesUseCase.SourceDetails details = parent.sources.show(name);
      DataSource s = details.source();
      PrintStream out = parent.cli.out();
      out.println("name         " + s.name());
      out.println("dialect      " + s.dialect().name().toLowerCase(java.util.Locale.ROOT));
      out.println("url          " + s.jdbcUrl());
      out.println("credentials  " + describe(s.credentials()));
      GovernancePolicy p = details.policy();
      out.println(
          "policy       "
              + (p.version() == 0
                  ? "built-in default (no steward has published one)"
                  : "version " + p.version() + " by " + p.editedBy() + " at " + p.editedAt()));
      out.println("row cap      " + p.rowCap());
      out.println("timeout      " + p.timeout().toMillis() + " ms");
      p.roleTimeouts()
          .forEach((role, limit) -> out.println("  for " + role + " " + limit.toMillis() + " ms"));
      out.println(
          "cost ceiling "
              + (p.costCeiling().isPresent()
                  ? String.valueOf(p.costCeiling().getAsDouble())
                  : "none"));
      out.println(
          "schemas      "
              + (p.allowedSchemas().isEmpty() ? "all" : String.join(", ", p.allowedSchemas())));
      out.println(
          "tables       "
              + (p.allowedTables().isEmpty()
                  ? "all tables (views only when named)"
                  : String.join(", ", p.allowedTables())));
      for (RowFilter f : p.rowFilters()) {
        out.println(
            "row filter   role "
                + f.role()
                + " on "
                + f.table()
                + (f.followForeignKeys() ? " and every table that reaches it" : "")
                + ": "
                + f.predicate());
      }
      for (ColumnRule r : p.columnRules()) {
        out.println(
            "column rule  role "
                + r.role()
                + " "
                + r.treatment().name().toLowerCase(java.util.Locale.ROOT)
                + " "
                + r.table()
                + "."
                + r.column()
                + (r.maskSql().isEmpty() ? "" : " as " + r.maskSql()));
      }
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "test",
      mixinStandardHelpOptions = true,
      description = {
        "Open a source read-only and read its table list.",
        "Exit codes: 0 it opens, 1 it does not (the problem is printed)."
      })
  static final class Test implements Callable<Integer> {
    @ParentCommand SourcesCommand parent;

    @Parameters(index = "0", paramLabel = "NAME")
    String name;

    @Override
    public Integer call() {
      SourceCheck check = parent.sources.test(name);
      if (check instanceof SourceCheck.Unreachable u) {
        throw CommandFailure.failed(
            "source " + name + ": " + u.problem().description() + " (" + u.message() + ")");
      }
      parent.cli.out().println("source " + name + ": " + describe(check));
      return ParlanceCli.OK;
    }
  }

  static String describe(SourceCheck check) {
    return switch (check) {
      case SourceCheck.Reachable r ->
          "opens read-only, " + r.tables() + (r.tables() == 1 ? " table" : " tables");
      case SourceCheck.Unreachable u -> u.problem().description() + " (" + u.message() + ")";
    };
  }

  @Command(name = "remove", mixinStandardHelpOptions = true, description = "Forget a source.")
  static final class Remove implements Callable<Integer> {
    @ParentCommand SourcesCommand parent;

    @Parameters(index = "0", paramLabel = "NAME")
    String name;

    @Override
    public Integer call() {
      parent.sources.remove(name);
      parent.cli.out().println("removed source " + name);
      return ParlanceCli.OK;
    }
  }

  static String describe(Credentials credentials) {
    return switch (credentials) {
      case Credentials.None none -> "none";
      case Credentials.FromEnvironment env ->
          "environment "
              + (env.userVariable() == null ? "-" : "$" + env.userVariable())
              + " / "
              + (env.passwordVariable() == null ? "-" : "$" + env.passwordVariable());
      case Credentials.FromFile file -> "file " + file.path();
    };
  }
}
