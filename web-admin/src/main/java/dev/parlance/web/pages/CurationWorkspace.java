package dev.parlance.web.pages;

import static dev.parlance.web.pages.PageServlet.field;

import dev.parlance.application.curation.StewardCurationUseCase;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.TableDescription;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The workspace section of the curation page, as its template's model. */
final class CurationWorkspace {

  private CurationWorkspace() {}

  /**
   * The workspace: the working copy's views, tables and columns as a list to move through (a search
   * keeps the items holding every word, its words marked), the chosen item's editor with its
   * current text filled in, and the draft's changes beside them.
   */
  static void workspace(
      HttpServletRequest request,
      Curation working,
      StewardCurationUseCase.WorkingCopy copy,
      Map<String, Object> model) {
    String source = working.source();
    String q = field(request, "q");
    String chosen = field(request, "item");
    List<String> words = Highlight.words(q);
    String base =
        request.getContextPath()
            + "/portal/curation?source="
            + URLEncoder.encode(source, StandardCharsets.UTF_8)
            + (q.isEmpty() ? "" : "&q=" + URLEncoder.encode(q, StandardCharsets.UTF_8))
            + "&item=";
    List<Map<String, Object>> list = new ArrayList<>();
    int shown = 0;
    int total = 0;
    record Item(String name, String kind, String description, List<DataDescription> columns) {}
    List<Item> all = new ArrayList<>();
    for (CuratedView v : working.views()) {
      all.add(new Item(v.name(), v.kind().label(), v.description(), v.columns()));
    }
    for (TableDescription t : working.tables()) {
      all.add(new Item(t.table(), "table", t.description(), t.columns()));
    }
    Map<String, Object> editor = null;
    for (Item item : all) {
      total++;
      boolean itemHit =
          words.isEmpty() || Highlight.matchesAll(words, item.name(), item.description());
      List<Map<String, Object>> columns = new ArrayList<>();
      for (DataDescription c : item.columns()) {
        String target = item.name() + "." + c.column();
        boolean hit =
            words.isEmpty()
                || itemHit
                || Highlight.matchesAll(
                    words, item.name(), c.column(), c.meaning(), c.unit(), c.dictionaryText());
        if (target.equalsIgnoreCase(chosen)) {
          editor = columnEditor(item.name(), c);
        }
        if (!hit && !target.equalsIgnoreCase(chosen)) {
          continue;
        }
        Map<String, Object> col = new HashMap<>();
        col.put("target", target);
        col.put("nameHtml", Highlight.html(c.column(), words));
        col.put("meaningHtml", Highlight.html(c.meaning(), words));
        col.put("href", base + URLEncoder.encode(target, StandardCharsets.UTF_8) + "#item-editor");
        col.put("selected", target.equalsIgnoreCase(chosen));
        col.put("undescribed", c.meaning().isBlank());
        columns.add(col);
      }
      if (item.name().equalsIgnoreCase(chosen)) {
        editor = itemEditor(item.name(), item.kind(), item.description());
      }
      if (columns.isEmpty() && !itemHit && !item.name().equalsIgnoreCase(chosen)) {
        continue;
      }
      shown++;
      Map<String, Object> entry = new HashMap<>();
      entry.put("name", item.name());
      entry.put("kind", item.kind());
      entry.put("nameHtml", Highlight.html(item.name(), words));
      entry.put("descriptionHtml", Highlight.html(item.description(), words));
      entry.put(
          "href", base + URLEncoder.encode(item.name(), StandardCharsets.UTF_8) + "#item-editor");
      entry.put("selected", item.name().equalsIgnoreCase(chosen));
      boolean holdsChosen =
          chosen.toLowerCase(Locale.ROOT).startsWith(item.name().toLowerCase(Locale.ROOT) + ".");
      entry.put("open", !words.isEmpty() || holdsChosen || item.name().equalsIgnoreCase(chosen));
      entry.put("columns", columns);
      entry.put("columnCount", item.columns().size());
      list.add(entry);
    }
    Map<String, Object> ws = new HashMap<>();
    ws.put("q", q);
    ws.put("searched", !words.isEmpty());
    ws.put("items", list);
    ws.put("shown", shown);
    ws.put("total", total);
    ws.put("nothing", list.isEmpty());
    if (editor != null) {
      editor.put("q", q);
      ws.put("itemEditor", editor);
    } else if (!chosen.isEmpty()) {
      ws.put("unknownItem", chosen);
    }
    model.put("workspace", ws);
  }

  private static Map<String, Object> columnEditor(String owner, DataDescription c) {
    Map<String, Object> editor = new HashMap<>();
    editor.put("target", owner + "." + c.column());
    editor.put("isColumn", true);
    editor.put("owner", owner);
    editor.put("column", c.column());
    editor.put("meaning", c.meaning());
    editor.put("unit", c.unit());
    editor.put("values", ValueDictionaryText.format(c.values()));
    editor.put("valuesHidden", !c.valuesShown());
    return editor;
  }

  private static Map<String, Object> itemEditor(String name, String kind, String description) {
    Map<String, Object> editor = new HashMap<>();
    editor.put("target", name);
    editor.put("isColumn", false);
    editor.put("kind", kind);
    editor.put("description", description);
    editor.put("isView", !"table".equals(kind));
    return editor;
  }
}
