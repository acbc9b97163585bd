package dev.parlance.application.curation;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.Identifiers;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionKind;
import dev.parlance.domain.curation.ViewKind;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A table's description suggestion read from the model's line-format answer (a "table | name |
 * description" line and "column | name | view name | meaning" lines; other lines skipped): a
 * conceptual view that renames the table's columns.
 */
final class DescriptionSuggestions {

  private DescriptionSuggestions() {}

  /**
   * The conceptual view the model's answer for one table describes; empty when it names no plain
   * view name.
   */
  static Optional<Suggestion> fromAnswer(String source, Table t, String answer, Clock clock) {
    String viewName = "";
    String viewDescription = "";
    Map<String, String[]> byColumn = new HashMap<>();
    for (String line : answer.lines().toList()) {
      String[] parts = line.strip().split("\\s*\\|\\s*");
      if (parts.length == 3 && parts[0].equalsIgnoreCase("table")) {
        viewName = snake(parts[1]);
        viewDescription = parts[2];
      } else if (parts.length == 4 && parts[0].equalsIgnoreCase("column")) {
        t.column(parts[1]).ifPresent(c -> byColumn.put(Names.key(c.name()), parts));
      }
    }
    if (!Identifiers.isPlain(viewName)) {
      return Optional.empty();
    }
    List<String> items = new ArrayList<>();
    List<DataDescription> columns = new ArrayList<>();
    Set<String> used = new HashSet<>();
    for (Column c : t.columns()) {
      String[] said = byColumn.get(Names.key(c.name()));
      String name = said == null ? snake(c.name()) : snake(said[2]);
      if (!Identifiers.isPlain(name)) {
        name = snake(c.name());
      }
      String unique = name;
      for (int i = 2; !used.add(unique) || !Identifiers.isPlain(unique); i++) {
        unique = name + "_" + i;
      }
      items.add("t." + c.name() + " AS " + unique);
      columns.add(DataDescription.of(unique, said == null ? "" : said[3]));
    }
    String sql = "SELECT\n  " + String.join(",\n  ", items) + "\nFROM " + t.name() + " t";
    CuratedView view =
        new CuratedView(
            viewName, ViewKind.CONCEPTUAL, viewDescription, sql, Map.of(), false, columns);
    Curation proposal = Curation.empty(source).withView(view);
    return Optional.of(
        Suggestion.pending(
            SuggestionKind.DESCRIPTION,
            t.name(),
            "conceptual view " + viewName + " for " + t.name() + ": " + viewDescription,
            proposal,
            clock.instant()));
  }

  static String snake(String text) {
    String s =
        text.strip()
            .replaceAll("([a-z0-9])([A-Z])", "$1_$2")
            .replaceAll("[^A-Za-z0-9]+", "_")
            .replaceAll("^_+|_+$", "")
            .toLowerCase(Locale.ROOT);
    return s.isEmpty() || Character.isDigit(s.charAt(0)) ? "c_" + s : s;
  }
}
