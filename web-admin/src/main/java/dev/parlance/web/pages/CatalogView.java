package dev.parlance.web.pages;

import dev.parlance.application.explore.BrowseCatalogUseCase.Entry;
import dev.parlance.application.explore.BrowseCatalogUseCase.EntryColumn;
import dev.parlance.application.explore.BrowseCatalogUseCase.SourceCatalog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A source's catalog as the catalog page shows it: plain maps and lists for the template. */
final class CatalogView {

  private CatalogView() {}

  static Map<String, Object> of(SourceCatalog catalog) {
    Map<String, Object> view = new HashMap<>();
    view.put("source", catalog.source());
    view.put("query", catalog.query());
    view.put("searched", !catalog.query().isEmpty());
    view.put("curated", catalog.curated());
    view.put("total", catalog.total());
    view.put("shown", catalog.entries().size());
    view.put("nothing", catalog.entries().isEmpty());
    List<String> words = Highlight.words(catalog.query());
    List<Map<String, Object>> entries = new ArrayList<>();
    for (Entry entry : catalog.entries()) {
      Map<String, Object> e = new HashMap<>();
      e.put("name", entry.name());
      e.put("nameHtml", Highlight.html(entry.name(), words));
      e.put("descriptionHtml", Highlight.html(entry.description(), words));
      e.put("columnCount", entry.columns().size());
      // Collapsed by view; a search's few hits open.
      e.put("open", !words.isEmpty());
      e.put("anchor", "entry-" + entry.name().replaceAll("[^A-Za-z0-9_-]", "-"));
      e.put("kind", entry.kind());
      if (!entry.description().isEmpty()) {
        e.put("description", entry.description());
      }
      List<Map<String, Object>> columns = new ArrayList<>();
      int hits = 0;
      for (EntryColumn column : entry.columns()) {
        Map<String, Object> c = new HashMap<>();
        c.put("name", column.name());
        c.put("nameHtml", Highlight.html(column.name(), words));
        c.put("descriptionHtml", Highlight.html(column.description(), words));
        if (!words.isEmpty()
            && (Highlight.matchesAny(words, column.name())
                || Highlight.matchesAny(words, column.description()))) {
          hits++;
        }
        c.put("type", column.type());
        c.put("description", column.description());
        c.put(
            "values",
            column.values().stream()
                .map(
                    v ->
                        Map.of(
                            "code", v.code(),
                            "label", v.label(),
                            "labelHtml", Highlight.html(v.label(), words)))
                .toList());
        c.put("hasValues", !column.values().isEmpty());
        c.put("valueText", column.valueText());
        columns.add(c);
      }
      e.put("columns", columns);
      if (hits > 0) {
        e.put("hits", hits);
      }
      // Types the database does not say (e.g. SQLite's for a view's expressions) are left out.
      e.put("typed", entry.columns().stream().anyMatch(c -> !c.type().isEmpty()));
      entries.add(e);
    }
    view.put("entries", entries);
    return view;
  }
}
