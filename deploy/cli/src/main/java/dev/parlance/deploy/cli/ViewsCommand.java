package dev.parlance.deploy.cli;

import dev.parlance.application.curation.CurationRef;
import dev.parlance.application.curation.EditCurationUseCase;
import dev.parlance.application.curation.PublishCurationUseCase;
import dev.parlance.application.curation.ReadCurationUseCase;
import dev.parlance.application.curation.ValidateCurationUseCase;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationDiff;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.ViewKind;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
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
      ViewsCommand.Draft.class,
      ViewsCommand.Validate.class,
      ViewsCommand.Publish.class,
      ViewsCommand.Diff.class,
      ViewsCommand.Rollback.class,
      ViewsCommand.History.class,
      ViewsCommand.Export.class,
      ViewsCommand.Import.class
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
      name = "draft",
      mixinStandardHelpOptions = true,
      description =
          "Add or replace a view in the source's draft (--name with --sql or --sql-file), remove one"
              + " (--remove), or discard the draft (--discard).")
  static final class Draft implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject EditCurationUseCase editCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @ArgGroup(exclusive = true, multiplicity = "1")
    What what;

    static final class What {
      @ArgGroup(exclusive = false)
      Define define;

      @Option(names = "--remove", paramLabel = "VIEW", description = "remove this view")
      String remove;

      @Option(names = "--discard", description = "drop the draft and its changes")
      boolean discard;
    }

    static final class Define {
      @Option(
          names = "--name",
          required = true,
          paramLabel = "VIEW",
          description = "the view's name")
      String name;

      @Option(names = "--sql", paramLabel = "SQL", description = "the defining query")
      String sql;

      @Option(
          names = "--sql-file",
          paramLabel = "FILE",
          description = "a file with the defining query")
      Path sqlFile;

      @Option(
          names = "--kind",
          paramLabel = "KIND",
          description = "conceptual (default), partially-extended or fully-extended")
      String kind;

      @Option(names = "--description", paramLabel = "TEXT", description = "what the view holds")
      String description;

      @Option(
          names = "--in-database",
          description = "the database has this view: run it, do not expand it")
      boolean inDatabase;
    }

    @Option(names = "--by", paramLabel = "STEWARD", description = "who edits (default: OS user)")
    String by;

    @Override
    public Integer call() throws IOException {
      ParlanceCli cli = ParlanceCli.of(spec);
      var edits = editCuration;
      String steward = CurationOutput.steward(by);
      if (what.discard) {
        edits.discard(source);
        cli.out().println("discarded the draft of " + source);
        return ParlanceCli.OK;
      }
      if (what.remove != null) {
        if (edits.workingCopy(source).view(what.remove).isEmpty()) {
          throw CommandFailure.refused("source " + source + " has no view " + what.remove);
        }
        edits.change(source, steward, c -> c.withoutView(what.remove));
        cli.out().println("removed view " + what.remove + " from the draft of " + source);
        return ParlanceCli.OK;
      }
      Define d = what.define;
      if ((d.sql == null) == (d.sqlFile == null)) {
        throw CommandFailure.refused(
            "give the view's query with --sql or --sql-file (one of them)");
      }
      String sql = d.sql != null ? d.sql : Files.readString(d.sqlFile, StandardCharsets.UTF_8);
      edits.change(
          source,
          steward,
          c -> {
            CuratedView before = c.view(d.name).orElse(null);
            CuratedView view =
                new CuratedView(
                    d.name,
                    d.kind != null
                        ? ViewKind.parse(d.kind)
                        : before != null ? before.kind() : ViewKind.CONCEPTUAL,
                    d.description != null
                        ? d.description
                        : before != null ? before.description() : "",
                    sql,
                    before != null ? before.dialectSql() : Map.of(),
                    d.inDatabase,
                    before != null ? before.columns() : List.of());
            return c.withView(view);
          });
      cli.out()
          .println(
              "view " + d.name + " is in the draft of " + source + " (validate, then publish)");
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

  @Command(
      name = "publish",
      mixinStandardHelpOptions = true,
      description =
          "Validate and publish the draft as the next version, re-index the source, and run its"
              + " approved verified questions to report which results changed.")
  static final class Publish implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject PublishCurationUseCase publishCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(
        names = "--by",
        paramLabel = "STEWARD",
        description = "who publishes (default: OS user)")
    String by;

    @Option(names = "--note", paramLabel = "TEXT", description = "why, for the history")
    String note;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      return CurationOutput.published(
          cli.out(),
          cli.err(),
          publishCuration.publishDraft(source, CurationOutput.steward(by), note));
    }
  }

  @Command(
      name = "rollback",
      mixinStandardHelpOptions = true,
      description = "Publish an old version again as the next version (the draft is kept).")
  static final class Rollback implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject PublishCurationUseCase publishCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(
        names = "--to",
        required = true,
        paramLabel = "VERSION",
        description = "the version to restore")
    int version;

    @Option(
        names = "--by",
        paramLabel = "STEWARD",
        description = "who publishes (default: OS user)")
    String by;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      return CurationOutput.published(
          cli.out(),
          cli.err(),
          publishCuration.rollback(source, version, CurationOutput.steward(by)));
    }
  }

  @Command(
      name = "diff",
      mixinStandardHelpOptions = true,
      description = "What changed between two curations (default: published → draft).")
  static final class Diff implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject ReadCurationUseCase readCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(
        names = "--from",
        paramLabel = "REF",
        defaultValue = "published",
        description = "draft, published or a number (default: ${DEFAULT-VALUE})")
    String from;

    @Option(
        names = "--to",
        paramLabel = "REF",
        defaultValue = "draft",
        description = "draft, published or a number (default: ${DEFAULT-VALUE})")
    String to;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      CurationDiff diff = readCuration.diff(source, CurationRef.parse(from), CurationRef.parse(to));
      if (diff.isEmpty()) {
        cli.out().println("no differences between " + from + " and " + to);
      }
      diff.changes().forEach(c -> cli.out().println(c));
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "history",
      mixinStandardHelpOptions = true,
      description = "List published versions.")
  static final class History implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject ReadCurationUseCase readCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      List<CurationVersion> versions = readCuration.history(source);
      if (versions.isEmpty()) {
        cli.out().println("source " + source + " has no published curation");
        return ParlanceCli.OK;
      }
      TextTable.print(
          cli.out(),
          List.of("VERSION", "BY", "AT", "VIEWS", "VERIFIED", "NOTE"),
          versions.stream()
              .map(
                  v ->
                      List.<Object>of(
                          v.version(),
                          v.publishedBy(),
                          v.publishedAt().toString(),
                          v.curation().views().size(),
                          v.curation().verified().size(),
                          v.note()))
              .toList(),
          60);
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "export",
      mixinStandardHelpOptions = true,
      description = "Write a source's whole curation as one YAML file.")
  static final class Export implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject ReadCurationUseCase readCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(
        names = "--version",
        paramLabel = "REF",
        defaultValue = "published",
        description = "draft, published or a number (default: ${DEFAULT-VALUE})")
    String version;

    @Option(names = "--file", paramLabel = "FILE", description = "write here instead of stdout")
    Path file;

    @Override
    public Integer call() throws IOException {
      ParlanceCli cli = ParlanceCli.of(spec);
      String yaml = readCuration.export(source, CurationRef.parse(version));
      if (file == null) {
        cli.out().print(yaml);
      } else {
        Files.writeString(file, yaml, StandardCharsets.UTF_8);
        cli.out().println("wrote the " + version + " curation of " + source + " to " + file);
      }
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "import",
      mixinStandardHelpOptions = true,
      description = "Read a YAML curation file into the source's draft (replacing the draft).")
  static final class Import implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject EditCurationUseCase editCuration;
    @Inject PublishCurationUseCase publishCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(names = "--file", required = true, paramLabel = "FILE", description = "the YAML file")
    Path file;

    @Option(names = "--by", paramLabel = "STEWARD", description = "who imports (default: OS user)")
    String by;

    @Option(names = "--publish", description = "publish it right away (validated first)")
    boolean publish;

    @Override
    public Integer call() throws IOException {
      ParlanceCli cli = ParlanceCli.of(spec);
      if (!Files.isRegularFile(file)) {
        throw CommandFailure.refused("no curation file at " + file);
      }
      String steward = CurationOutput.steward(by);
      var draft =
          editCuration.importFile(source, Files.readString(file, StandardCharsets.UTF_8), steward);
      cli.out()
          .println(
              "imported "
                  + draft.curation().views().size()
                  + " views, "
                  + draft.curation().tables().size()
                  + " described tables, "
                  + draft.curation().verified().size()
                  + " verified questions into the draft of "
                  + source);
      if (!publish) {
        return ParlanceCli.OK;
      }
      return CurationOutput.published(
          cli.out(),
          cli.err(),
          publishCuration.publishDraft(source, steward, "imported from " + file.getFileName()));
    }
  }

  static String describe(DataDescription d) {
    return d.meaningText() + (d.values().isEmpty() ? "" : " [" + d.dictionaryText() + "]");
  }
}
