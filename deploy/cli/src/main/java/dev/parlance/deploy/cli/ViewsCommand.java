package dev.parlance.deploy.cli;

import dev.parlance.application.curation.CurationRef;
import dev.parlance.application.curation.EditCurationUseCase;
import dev.parlance.application.curation.ReadCurationUseCase;
import dev.parlance.application.curation.ValidateCurationUseCase;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parlance views}: LLM-friendly views and the curation versions that hold them. */
@Command(
    name = "views",
    mixinStandardHelpOptions = true,
    description =
        "Curate a source's LLM-friendly views: list, show, edit the draft, validate, publish,"
            + " diff, roll back, export and import (YAML).",
    subcommands = {
      ViewsCommand.ListViews.class,
      ViewsCommand.Show.class,
      ViewsDraftCommand.class,
      ViewsCommand.Validate.class,
      ViewsVersionCommands.Publish.class,
      ViewsVersionCommands.Diff.class,
      ViewsVersionCommands.Rollback.class,
      ViewsVersionCommands.History.class,
      ViewsFileCommands.Export.class,
      ViewsFileCommands.Import.class
    })
final class ViewsCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The curation a read command shows: {@code --version} if given, else draft or published. */
  static Curation curation(Curations curations, String source, String version) {
    if (version != null) {
      return curations.read.curation(source, CurationRef.parse(version));
    }
    return curations.edit.workingCopy(source);
  }

  /** The curation use cases read commands need, injected where a command shows a curation. */
  @jakarta.enterprise.context.Dependent
  static final class Curations {
    @Inject ReadCurationUseCase read;
    @Inject EditCurationUseCase edit;
  }

  @Command(name = "list", mixinStandardHelpOptions = true, description = "List the views.")
  static final class ListViews implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject Curations curations;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(
        names = "--version",
        paramLabel = "REF",
        description = "draft, published or a version number (default: the draft if any)")
    String version;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      Curation c = curation(curations, source, version);
      if (c.views().isEmpty()) {
        cli.out().println("source " + source + " has no views yet (see 'parlance views draft')");
        return ParlanceCli.OK;
      }
      List<List<Object>> rows =
          c.views().stream()
              .map(
                  v ->
                      List.<Object>of(
                          v.name(),
                          v.kind().label(),
                          v.columns().size(),
                          v.inDatabase() ? "database" : "expanded",
                          v.description()))
              .toList();
      TextTable.print(
          cli.out(), List.of("VIEW", "KIND", "COLUMNS", "RUNS AS", "DESCRIPTION"), rows, 70);
      return ParlanceCli.OK;
    }
  }

  @Command(name = "show", mixinStandardHelpOptions = true, description = "Show one view.")
  static final class Show implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject Curations curations;

    @Parameters(index = "0", paramLabel = "VIEW")
    String name;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(names = "--version", paramLabel = "REF", description = "draft, published or a number")
    String version;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      CuratedView v =
          curation(curations, source, version)
              .view(name)
              .orElseThrow(
                  () -> CommandFailure.failed("source " + source + " has no view " + name));
      cli.out()
          .println(
              v.name()
                  + " ("
                  + v.kind().label()
                  + (v.inDatabase() ? ", in the database" : "")
                  + ")");
      if (!v.description().isEmpty()) {
        cli.out().println(v.description());
      }
      cli.out().println();
      cli.out().println(v.sql());
      v.dialectSql().forEach((d, sql) -> cli.out().println("-- for " + d + ":\n" + sql));
      if (!v.columns().isEmpty()) {
        cli.out().println();
        List<List<Object>> rows =
            v.columns().stream()
                .map(
                    c ->
                        List.<Object>of(
                            c.column(),
                            c.meaningText(),
                            c.dictionaryText(),
                            c.valuesShown() ? "" : "values hidden"))
                .toList();
        TextTable.print(cli.out(), List.of("COLUMN", "MEANING", "VALUES", ""), rows, 60);
      }
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "validate",
      mixinStandardHelpOptions = true,
      description =
          "Compile every view of the draft (or a version) against the live database, with zero"
              + " rows through governed execution.")
  static final class Validate implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject Curations curations;
    @Inject ValidateCurationUseCase validateCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(names = "--version", paramLabel = "REF", description = "draft, published or a number")
    String version;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      var report = validateCuration.validate(curation(curations, source, version));
      CurationOutput.validation(cli.out(), report);
      return report.passed() ? ParlanceCli.OK : ParlanceCli.FAILED;
    }
  }

  static String describe(DataDescription d) {
    return d.meaningText() + (d.values().isEmpty() ? "" : " [" + d.dictionaryText() + "]");
  }
}
