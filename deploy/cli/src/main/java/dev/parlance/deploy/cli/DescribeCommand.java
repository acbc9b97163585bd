package dev.parlance.deploy.cli;

import dev.parlance.application.curation.EditCurationUseCase;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.Synonym;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.ValueLabel;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code parlance describe}: data descriptions of a view's or a base table's columns (meaning,
 * unit, value dictionary, whether values may be shown to an LLM), and the source's hints and
 * synonyms. Changes go to the draft.
 */
@Command(
    name = "describe",
    mixinStandardHelpOptions = true,
    description =
        "Show or change what a table, view or column means (TARGET is NAME or NAME.COLUMN), and"
            + " add hints and synonyms; changes go to the source's draft.")
final class DescribeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Inject EditCurationUseCase editCuration;

  @Option(names = "--source", required = true, description = "the data source's name")
  String source;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "TARGET",
      description = "NAME or NAME.COLUMN")
  String target;

  @Option(
      names = "--description",
      paramLabel = "TEXT",
      description = "what the table or view holds")
  String description;

  @Option(names = "--meaning", paramLabel = "TEXT", description = "what the column means")
  String meaning;

  @Option(names = "--unit", paramLabel = "UNIT", description = "the unit of its numbers")
  String unit;

  @Option(
      names = "--values",
      paramLabel = "CODE=LABEL,…",
      description = "its value dictionary, e.g. 1=open,5=closed (replaces the old one)")
  String values;

  @Option(names = "--hide-values", description = "never show its values to an LLM")
  boolean hideValues;

  @Option(names = "--show-values", description = "its values may be shown to an LLM again")
  boolean showValues;

  @Option(names = "--hint", paramLabel = "TEXT", description = "add a source-level hint")
  String hint;

  @Option(
      names = "--synonym",
      paramLabel = "TERM=TARGET",
      description = "add a user term for a view or column")
  String synonym;

  @Option(names = "--by", paramLabel = "STEWARD", description = "who edits (default: OS user)")
  String by;

  @Override
  public Integer call() {
    ParlanceCli cli = ParlanceCli.of(spec);
    var edits = editCuration;
    String steward = CurationOutput.steward(by);
    boolean columnChange =
        meaning != null || unit != null || values != null || hideValues || showValues;
    if (hideValues && showValues) {
      throw CommandFailure.refused("--hide-values and --show-values contradict each other");
    }
    if (hint != null || synonym != null) {
      Optional<Synonym> s = Optional.ofNullable(synonym).map(DescribeCommand::synonym);
      edits.change(
          source,
          steward,
          c -> {
            Curation out = hint != null ? c.withHint(hint) : c;
            return s.isPresent() ? out.withSynonym(s.get()) : out;
          });
      cli.out().println("added to the draft of " + source);
      if (target == null) {
        return ParlanceCli.OK;
      }
    }
    if (target == null) {
      Curation c = edits.workingCopy(source);
      c.hints().forEach(h -> cli.out().println("hint     " + h));
      c.synonyms().forEach(x -> cli.out().println("synonym  " + x.term() + " → " + x.target()));
      return ParlanceCli.OK;
    }
    String name = target.contains(".") ? target.substring(0, target.indexOf('.')) : target;
    String column = target.contains(".") ? target.substring(target.indexOf('.') + 1) : null;
    if (columnChange && column == null) {
      throw CommandFailure.refused(
          "--meaning, --unit and --values describe a column: name TABLE.COLUMN");
    }
    if (description != null && column != null) {
      throw CommandFailure.refused(
          "--description describes a table or view: name it without a column");
    }
    if (!columnChange && description == null) {
      show(cli, edits.workingCopy(source), name, column);
      return ParlanceCli.OK;
    }
    edits.change(source, steward, c -> change(c, name, column));
    cli.out().println("described " + target + " in the draft of " + source);
    return ParlanceCli.OK;
  }

  private Curation change(Curation c, String name, String column) {
    Optional<CuratedView> view = c.view(name);
    if (view.isPresent()) {
      CuratedView v = view.get();
      if (description != null) {
        return c.withView(v.withDescription(description));
      }
      return c.withView(v.withColumn(changed(v.column(column), column)));
    }
    TableDescription t = c.table(name).orElse(new TableDescription(name, "", List.of()));
    if (description != null) {
      return c.withTable(t.withDescription(description));
    }
    return c.withTable(t.withColumn(changed(t.column(column), column)));
  }

  private DataDescription changed(Optional<DataDescription> before, String column) {
    DataDescription d = before.orElse(DataDescription.of(column, ""));
    return new DataDescription(
        d.column(),
        meaning != null ? meaning : d.meaning(),
        unit != null ? unit : d.unit(),
        values != null ? dictionary(values) : d.values(),
        hideValues ? false : showValues || d.valuesShown());
  }

  static List<ValueLabel> dictionary(String text) {
    List<ValueLabel> out = new ArrayList<>();
    if (text.isBlank()) {
      return out;
    }
    for (String pair : text.split(",")) {
      int eq = pair.indexOf('=');
      if (eq < 1) {
        throw new IllegalArgumentException("value '" + pair.strip() + "' is not CODE=LABEL");
      }
      out.add(new ValueLabel(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip()));
    }
    return out;
  }

  private static Synonym synonym(String text) {
    int eq = text.indexOf('=');
    if (eq < 1) {
      throw new IllegalArgumentException("synonym '" + text + "' is not TERM=TARGET");
    }
    return new Synonym(text.substring(0, eq), text.substring(eq + 1));
  }

  private static void show(ParlanceCli cli, Curation c, String name, String column) {
    List<DataDescription> columns;
    String text;
    Optional<CuratedView> view = c.view(name);
    if (view.isPresent()) {
      text = view.get().description();
      columns = view.get().columns();
    } else {
      Optional<TableDescription> t = c.table(name);
      text = t.map(TableDescription::description).orElse("");
      columns = t.map(TableDescription::columns).orElse(List.of());
    }
    if (column == null) {
      cli.out()
          .println(
              name
                  + (view.isPresent() ? " (view)" : " (table)")
                  + (text.isEmpty() ? "" : ": " + text));
    }
    List<List<Object>> rows =
        columns.stream()
            .filter(d -> column == null || d.column().equalsIgnoreCase(column))
            .map(
                d ->
                    List.<Object>of(
                        d.column(),
                        d.meaningText(),
                        d.dictionaryText(),
                        d.valuesShown() ? "" : "values hidden"))
            .toList();
    if (rows.isEmpty()) {
      cli.out()
          .println("no description of " + (column == null ? name : name + "." + column) + " yet");
      return;
    }
    TextTable.print(cli.out(), List.of("COLUMN", "MEANING", "VALUES", ""), rows, 70);
  }
}
