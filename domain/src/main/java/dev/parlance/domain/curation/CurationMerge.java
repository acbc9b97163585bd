package dev.parlance.domain.curation;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Merges a fragment of curation (an accepted suggestion, a partial import) into a curation: its
 * views replace views of the same name; its table and view column descriptions fill in what they
 * say and keep what they leave empty; its hints, synonyms and verified questions are added.
 */
public final class CurationMerge {
  private CurationMerge() {}

  public static Curation apply(Curation base, Curation fragment) {
    Curation out = base;
    for (CuratedView v : fragment.views()) {
      out = out.withView(v);
    }
    for (TableDescription t : fragment.tables()) {
      // A description may name a view: then it describes the view's columns.
      Optional<CuratedView> view = out.view(t.table());
      if (view.isPresent()) {
        CuratedView merged = view.get();
        if (!t.description().isEmpty()) {
          merged = merged.withDescription(t.description());
        }
        for (DataDescription c : t.columns()) {
          merged = merged.withColumn(merge(merged.column(c.column()), c));
        }
        out = out.withView(merged);
        continue;
      }
      TableDescription current =
          out.table(t.table()).orElse(new TableDescription(t.table(), "", List.of()));
      if (!t.description().isEmpty()) {
        current = current.withDescription(t.description());
      }
      for (DataDescription c : t.columns()) {
        current = current.withColumn(merge(current.column(c.column()), c));
      }
      out = out.withTable(current);
    }
    for (String hint : fragment.hints()) {
      if (!out.hints().contains(hint)) {
        out = out.withHint(hint);
      }
    }
    for (Synonym s : fragment.synonyms()) {
      out = out.withSynonym(s);
    }
    for (VerifiedQuery q : fragment.verified()) {
      out = out.withVerified(q);
    }
    if (!fragment.hiddenTables().isEmpty()) {
      List<String> hidden = new ArrayList<>(out.hiddenTables());
      fragment.hiddenTables().stream().filter(h -> !hidden.contains(h)).forEach(hidden::add);
      out = out.withHiddenTables(hidden);
    }
    return out;
  }

  private static DataDescription merge(Optional<DataDescription> current, DataDescription next) {
    if (current.isEmpty()) {
      return next;
    }
    DataDescription c = current.get();
    return new DataDescription(
        c.column(),
        next.meaning().isEmpty() ? c.meaning() : next.meaning(),
        next.unit().isEmpty() ? c.unit() : next.unit(),
        next.values().isEmpty() ? c.values() : next.values(),
        c.valuesShown() && next.valuesShown());
  }
}
