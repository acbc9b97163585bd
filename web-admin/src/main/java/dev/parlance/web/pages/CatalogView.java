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
    List<Map<String, Object>> entries = new ArrayList<>();
    for (Entry entry : catalog.entries()) {
      Map<String, Object> e = new HashMap<>();
      e.put("name", entry.name());
      e.put("anchor", "entry-" + entry.name().replaceAll("[^A-Za-z0-9_-]", "-"));
      e.put("kind", entry.kind());
      if (!entry.description().isEmpty()) {
        e.put("description", entry.description());
      }
      List<Map<String, Object>> columns = new ArrayList<>();
      for (EntryColumn column : entry.columns()) {
        Map<String, Object> c = new HashMap<>();
        c.put("name", column.name());
        c.put("type", column.type());
        c.put("description", column.description());
        c.put(
            "values",
            column.values().stream()
                .map(v -> Map.of("code", v.code(), "label", v.label()))
                .toList());
        c.put("hasValues", !column.values().isEmpty());
        c.put("valueText", column.valueText());
        columns.add(c);
      }
      e.put("columns", columns);
      // Types the database does not say (e.g. SQLite's for a view's expressions) are left out.
      e.put("typed", entry.columns().stream().anyMatch(c -> !c.type().isEmpty()));
      entries.add(e);
    }
    view.put("entries", entries);
    return view;
  }
}
