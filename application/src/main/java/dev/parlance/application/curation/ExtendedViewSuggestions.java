package dev.parlance.application.curation;

import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.Identifiers;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionKind;
import dev.parlance.domain.curation.ViewInlining;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.source.DataSource;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Partially extended views proposed from the foreign keys and the existing conceptual views: a view
 * that pre-joins the descriptive columns of the tables its base table refers to (no LLM).
 */
final class ExtendedViewSuggestions {

  private static final Set<String> DESCRIPTIVE =
      Set.of("code", "name", "tag", "number", "description", "title");

  private ExtendedViewSuggestions() {}

  /** The views proposed for a source's raw schema and working curation, as pending suggestions. */
  static List<Suggestion> propose(
      String source, DataSource ds, SchemaCatalog raw, Curation working, Clock clock) {
    // Conceptual views that rename one base table's columns: table key → (view, base → view column)
    Map<String, CuratedView> viewOf = new HashMap<>();
    Map<String, Map<String, String>> renames = new HashMap<>();
    for (CuratedView v : working.views()) {
      if (v.kind() != ViewKind.CONCEPTUAL) {
        continue;
      }
      List<Table> read =
          ViewInlining.namesIn(v.sqlFor(ds.dialect())).stream()
              .map(raw::table)
              .flatMap(Optional::stream)
              .toList();
      if (read.size() != 1) {
        continue;
      }
      String key = Names.key(read.get(0).name());
      viewOf.put(key, v);
      renames.put(key, renames(v.sqlFor(ds.dialect())));
    }
    List<Suggestion> out = new ArrayList<>();
    for (Table t : raw.tables()) {
      String key = Names.key(t.name());
      CuratedView base = viewOf.get(key);
      if (base == null) {
        continue;
      }
      List<String> items = new ArrayList<>(List.of("v.*"));
      List<String> joins = new ArrayList<>();
      List<DataDescription> added = new ArrayList<>();
      int n = 0;
      for (ForeignKey fk : t.foreignKeys()) {
        String target = Names.key(fk.referencedTable());
        CuratedView other = viewOf.get(target);
        if (fk.columns().size() != 1 || other == null || target.equals(key)) {
          continue;
        }
        String from = renames.get(key).get(Names.key(fk.columns().get(0)));
        String to = renames.get(target).get(Names.key(fk.referencedColumns().get(0)));
        if (from == null || to == null) {
          continue;
        }
        String prefix =
            from.toLowerCase(Locale.ROOT).endsWith("_id")
                ? from.substring(0, from.length() - 3)
                : other.name();
        List<DataDescription> descriptive =
            other.columns().stream()
                .filter(c -> DESCRIPTIVE.contains(Names.key(c.column())))
                .limit(2)
                .toList();
        if (descriptive.isEmpty()) {
          continue;
        }
        String alias = "j" + ++n;
        joins.add(
            "LEFT JOIN " + other.name() + " " + alias + " ON " + alias + "." + to + " = v." + from);
        for (DataDescription c : descriptive) {
          String name = prefix + "_" + c.column();
          if (base.column(name).isPresent() || !Identifiers.isPlain(name)) {
            continue;
          }
          items.add(alias + "." + c.column() + " AS " + name);
          added.add(
              new DataDescription(
                  name,
                  c.meaning() + " of the " + prefix.replace('_', ' ') + " (pre-joined)",
                  c.unit(),
                  c.values(),
                  c.valuesShown()));
        }
      }
      if (added.isEmpty()) {
        continue;
      }
      List<DataDescription> columns = new ArrayList<>(base.columns());
      columns.addAll(added);
      String name = base.name() + "_extended";
      CuratedView view =
          new CuratedView(
              name,
              ViewKind.PARTIALLY_EXTENDED,
              (base.description()
                      + " With "
                      + added.stream()
                          .map(DataDescription::column)
                          .collect(Collectors.joining(", "))
                      + " pre-joined.")
                  .strip(),
              "SELECT "
                  + String.join(", ", items)
                  + "\nFROM "
                  + base.name()
                  + " v\n"
                  + String.join("\n", joins),
              Map.of(),
              false,
              columns);
      out.add(
          Suggestion.pending(
              SuggestionKind.VIEW,
              base.name(),
              "partially extended view "
                  + name
                  + " adds "
                  + added.stream().map(DataDescription::column).collect(Collectors.joining(", ")),
              Curation.empty(source).withView(view),
              clock.instant()));
    }
    return out;
  }

  private static Map<String, String> renames(String sql) {
    int from = sql.toUpperCase(Locale.ROOT).lastIndexOf("FROM");
    String select = from < 0 ? sql : sql.substring(0, from);
    select = select.replaceFirst("(?is)^\\s*SELECT\\s+", "");
    Map<String, String> out = new HashMap<>();
    for (String item : select.split(",")) {
      Matcher m =
          Pattern.compile("(?is)^\\s*(?:\\w+\\.)?(\\w+)\\s+AS\\s+(\\w+)\\s*$").matcher(item);
      if (m.matches()) {
        out.put(Names.key(m.group(1)), m.group(2));
      }
    }
    return out;
  }
}
