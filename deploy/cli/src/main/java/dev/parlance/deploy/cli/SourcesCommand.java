package dev.parlance.deploy.cli;

import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
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
      SourcesCommand.Remove.class
    })
final class SourcesCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @ParentCommand ParlanceCli cli;

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
      DataSource source = DataSource.of(name, url, credentials);
      boolean replaced = parent.cli.components().dataSources().find(name).isPresent();
      parent.cli.components().dataSources().save(source);
      parent.cli.out().println((replaced ? "replaced source " : "added source ") + name);
      return ParlanceCli.OK;
    }
  }

  @Command(name = "list", mixinStandardHelpOptions = true, description = "List the sources.")
  static final class ListSources implements Callable<Integer> {
    @ParentCommand SourcesCommand parent;

    @Override
    public Integer call() {
      List<DataSource> sources = parent.cli.components().dataSources().all();
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
      DataSource s =
          parent
              .cli
              .components()
              .dataSources()
              .find(name)
              .orElseThrow(
                  () ->
                      CommandFailure.failed(
                          "no source named '" + name + "' (see 'parlance sources list')"));
      PrintStream out = parent.cli.out();
      out.println("name         " + s.name());
      out.println("dialect      " + s.dialect().name().toLowerCase(java.util.Locale.ROOT));
      out.println("url          " + s.jdbcUrl());
      out.println("credentials  " + describe(s.credentials()));
      GovernancePolicy p =
          parent
              .cli
              .components()
              .policies()
              .current(name)
              .orElseGet(() -> GovernancePolicy.defaults(name));
      out.println(
          "policy       "
              + (p.version() == 0
                  ? "built-in default (no steward has published one)"
                  : "version " + p.version() + " by " + p.editedBy() + " at " + p.editedAt()));
      out.println("row cap      " + p.rowCap());
      out.println("timeout      " + p.timeout().toMillis() + " ms");
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

  @Command(name = "remove", mixinStandardHelpOptions = true, description = "Forget a source.")
  static final class Remove implements Callable<Integer> {
    @ParentCommand SourcesCommand parent;

    @Parameters(index = "0", paramLabel = "NAME")
    String name;

    @Override
    public Integer call() {
      if (!parent.cli.components().dataSources().remove(name)) {
        throw CommandFailure.failed("no source named '" + name + "' (see 'parlance sources list')");
      }
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
