package dev.parlance.deploy.cli;

import dev.parlance.application.governance.ReadAuditUseCase;
import dev.parlance.domain.governance.QueryAttempted;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code parlance audit}: the latest statement attempts on a source, newest first. */
@Command(
    name = "audit",
    mixinStandardHelpOptions = true,
    description = "Show the audit trail of a source: who ran what, how it ended, newest first.")
final class AuditCommand implements Callable<Integer> {
  @ParentCommand ParlanceCli cli;
  @Inject ReadAuditUseCase audit;

  @Option(names = "--source", required = true, paramLabel = "NAME")
  String source;

  @Option(names = "--limit", defaultValue = "20", description = "rows (default: ${DEFAULT-VALUE})")
  int limit;

  @Override
  public Integer call() {
    List<QueryAttempted> latest = audit.latest(source, limit);
    List<List<Object>> rows =
        latest.stream()
            .map(
                a ->
                    List.<Object>of(
                        a.at().toString(),
                        a.user(),
                        a.outcome().name().toLowerCase(java.util.Locale.ROOT),
                        a.rows(),
                        a.elapsedMs(),
                        a.sqlAsked(),
                        a.detail()))
            .toList();
    TextTable.print(
        cli.out(), List.of("AT", "USER", "OUTCOME", "ROWS", "MS", "SQL", "DETAIL"), rows, 60);
    return ParlanceCli.OK;
  }
}
