package dev.parlance.deploy.cli;

import dev.parlance.application.retrieval.IndexSchemaUseCase.IndexReport;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import jakarta.inject.Inject;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code parlance schema index --source NAME}: read the live catalog and index it. */
@Command(
    name = "index",
    mixinStandardHelpOptions = true,
    description =
        "Read a source's tables, views, columns, keys and sample values from the database and"
            + " make them searchable (replacing what was indexed before).")
final class SchemaIndexCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Inject SourceSchemaUseCase schema;

  @Option(names = "--source", required = true, description = "the data source's name")
  String source;

  @Override
  public Integer call() {
    ParlanceCli cli = ParlanceCli.of(spec);
    IndexReport report = schema.index(source, new TerminalProgress(cli.err()));
    cli.out()
        .printf(
            "%s %s: %d tables, %d columns with %s in %.1f s%n",
            report.unchanged() ? "index already current for" : "indexed",
            report.source(),
            report.tables(),
            report.columns(),
            report.model(),
            report.millis() / 1000.0);
    return ParlanceCli.OK;
  }
}
