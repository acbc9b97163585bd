package dev.parlance.deploy.cli;

import dev.parlance.application.curation.EditCurationUseCase;
import dev.parlance.domain.curation.CuratedView;
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
import picocli.CommandLine.Spec;

/** {@code parlance views draft}: a view added to, replaced in or removed from a source's draft. */
@Command(
    name = "draft",
    mixinStandardHelpOptions = true,
    description =
        "Add or replace a view in the source's draft (--name with --sql or --sql-file), remove one"
            + " (--remove), or discard the draft (--discard).")
final class ViewsDraftCommand implements Callable<Integer> {
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
    @Option(names = "--name", required = true, paramLabel = "VIEW", description = "the view's name")
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
      throw CommandFailure.refused("give the view's query with --sql or --sql-file (one of them)");
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
        .println("view " + d.name + " is in the draft of " + source + " (validate, then publish)");
    return ParlanceCli.OK;
  }
}
