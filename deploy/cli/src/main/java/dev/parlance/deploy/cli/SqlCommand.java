package dev.parlance.deploy.cli;

import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code parlance sql}: one statement through the whole governed pipeline. Exit 0 when it ran, 2
 * when it was refused (the reason on stderr), 1 on any other failure.
 */
@Command(
    name = "sql",
    mixinStandardHelpOptions = true,
    description = {
      "Run one read-only statement on a source under its governance policy and print the rows.",
      "Exit codes: 0 ran, 2 refused (reason on stderr), 1 failed."
    })
final class SqlCommand implements Callable<Integer> {
  @ParentCommand ParlanceCli cli;
  @Inject RunQueryUseCase queries;

  @Option(names = "--source", required = true, paramLabel = "NAME", description = "the source")
  String source;

  @Option(
      names = "--as",
      paramLabel = "USER",
      description = "the user the statement runs for (default: the operating-system user)")
  String user;

  @Option(
      names = "--roles",
      split = ",",
      paramLabel = "R1,R2",
      description = "the user's roles, which select row filters and column rules")
  List<String> roles = new ArrayList<>();

  @Option(
      names = "--attr",
      paramLabel = "NAME=VALUE",
      description = "a user attribute for row filters, e.g. region=SE (repeatable)")
  List<String> attributes = new ArrayList<>();

  @Option(names = "--show-sql", description = "also print the statement as it ran")
  boolean showSql;

  @Option(names = "--max-width", defaultValue = "40", description = "widest column printed")
  int maxWidth;

  @Parameters(index = "0", paramLabel = "SQL", description = "the statement, e.g. \"SELECT …\"")
  String sql;

  @Override
  public Integer call() {
    Map<String, String> attrs = IdentityOptions.attributes(attributes);
    String name = IdentityOptions.userName(user);
    UserIdentity identity = new UserIdentity(name, new HashSet<>(roles), attrs);
    QueryOutcome outcome = queries.run(new RunQueryUseCase.Command(source, identity, sql));
    return switch (outcome) {
      case QueryOutcome.Ran ran -> {
        print(ran.result());
        yield ParlanceCli.OK;
      }
      case QueryOutcome.Refused refused -> {
        cli.err()
            .println(
                "parlance: refused ("
                    + refused.refusal().kind().name().toLowerCase(java.util.Locale.ROOT)
                    + "): "
                    + refused.refusal().reason());
        yield ParlanceCli.REFUSED;
      }
      case QueryOutcome.Failed failed -> {
        cli.err().println("parlance: " + failed.message());
        if (showSql) {
          failed.sqlRun().ifPresent(s -> cli.err().println("ran: " + s));
        }
        yield ParlanceCli.FAILED;
      }
    };
  }

  private void print(QueryResult result) {
    List<String> header = result.columns().stream().map(ResultColumn::name).toList();
    TextTable.print(cli.out(), header, result.rows(), Math.max(4, maxWidth));
    cli.err()
        .println(
            "("
                + result.rowCount()
                + (result.rowCount() == 1 ? " row" : " rows")
                + (result.cuts().isEmpty() ? "" : ", " + result.cutExplanation())
                + ", "
                + result.elapsedMs()
                + " ms)");
    if (showSql) {
      cli.err().println("ran: " + result.sqlRun());
    }
  }
}
