package dev.parlance.domain.curation;

import dev.parlance.domain.catalog.Names;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/** What changed from one curation to another, item by item, in a stable order. */
public record CurationDiff(List<Change> changes) {

  public CurationDiff {
    changes = List.copyOf(changes);
  }

  /** One changed item: {@code added}, {@code removed} or {@code changed}, with what changed. */
  public record Change(String change, String item, String detail) {
    public Change {
      Objects.requireNonNull(change, "change");
      Objects.requireNonNull(item, "item");
      detail = detail == null ? "" : detail;
    }

    @Override
    public String toString() {
      return change + " " + item + (detail.isEmpty() ? "" : ": " + detail);
    }
  }

  public boolean isEmpty() {
    return changes.isEmpty();
  }

  public static CurationDiff between(Curation from, Curation to) {
    List<Change> changes = new ArrayList<>();
    compare(changes, "view", from.views(), to.views(), CuratedView::name, CurationDiff::viewDetail);
    compare(
        changes,
        "table",
        from.tables(),
        to.tables(),
        TableDescription::table,
        (a, b) -> columnsDetail(a.description(), b.description(), a.columns(), b.columns()));
    compare(
        changes,
        "verified",
        from.verified(),
        to.verified(),
        VerifiedQuery::id,
        CurationDiff::verifiedDetail);
    compare(
        changes,
        "synonym",
        from.synonyms(),
        to.synonyms(),
        Synonym::term,
        (a, b) -> a.target().equals(b.target()) ? "" : a.target() + " → " + b.target());
    compare(changes, "hint", from.hints(), to.hints(), h -> h, (a, b) -> "");
    compare(changes, "hidden table", from.hiddenTables(), to.hiddenTables(), h -> h, (a, b) -> "");
    return new CurationDiff(changes);
  }

  private static <T> void compare(
      List<Change> changes,
      String what,
      List<T> before,
      List<T> after,
      Function<T, String> name,
      java.util.function.BiFunction<T, T, String> detail) {
    Map<String, T> old = byKey(before, name);
    Map<String, T> now = byKey(after, name);
    for (Map.Entry<String, T> e : old.entrySet()) {
      T next = now.get(e.getKey());
      if (next == null) {
        changes.add(new Change("removed", what + " " + name.apply(e.getValue()), ""));
      } else if (!next.equals(e.getValue())) {
        changes.add(
            new Change("changed", what + " " + name.apply(next), detail.apply(e.getValue(), next)));
      }
    }
    for (Map.Entry<String, T> e : now.entrySet()) {
      if (!old.containsKey(e.getKey())) {
        changes.add(new Change("added", what + " " + name.apply(e.getValue()), ""));
      }
    }
  }

  private static <T> Map<String, T> byKey(List<T> items, Function<T, String> name) {
    Map<String, T> map = new LinkedHashMap<>();
    items.forEach(i -> map.put(Names.key(name.apply(i)), i));
    return map;
  }

  private static String viewDetail(CuratedView a, CuratedView b) {
    List<String> parts = new ArrayList<>();
    if (a.kind() != b.kind()) {
      parts.add("kind " + a.kind().label() + " → " + b.kind().label());
    }
    if (!a.sql().equals(b.sql()) || !a.dialectSql().equals(b.dialectSql())) {
      parts.add("definition");
    }
    if (a.inDatabase() != b.inDatabase()) {
      parts.add(b.inDatabase() ? "now in the database" : "now expanded by Parlance");
    }
    String columns = columnsDetail(a.description(), b.description(), a.columns(), b.columns());
    if (!columns.isEmpty()) {
      parts.add(columns);
    }
    return String.join("; ", parts);
  }

  private static String columnsDetail(
      String descriptionA, String descriptionB, List<DataDescription> a, List<DataDescription> b) {
    List<String> parts = new ArrayList<>();
    if (!descriptionA.equals(descriptionB)) {
      parts.add("description");
    }
    Map<String, DataDescription> old = byKey(a, DataDescription::column);
    Map<String, DataDescription> now = byKey(b, DataDescription::column);
    List<String> added = new ArrayList<>();
    List<String> removed = new ArrayList<>();
    List<String> changed = new ArrayList<>();
    old.forEach(
        (k, v) -> {
          if (!now.containsKey(k)) {
            removed.add(v.column());
          } else if (!now.get(k).equals(v)) {
            changed.add(v.column());
          }
        });
    now.forEach(
        (k, v) -> {
          if (!old.containsKey(k)) {
            added.add(v.column());
          }
        });
    if (!added.isEmpty()) {
      parts.add("columns described " + String.join(", ", added));
    }
    if (!removed.isEmpty()) {
      parts.add("column descriptions removed " + String.join(", ", removed));
    }
    if (!changed.isEmpty()) {
      parts.add("column descriptions changed " + String.join(", ", changed));
    }
    return String.join("; ", parts);
  }

  private static String verifiedDetail(VerifiedQuery a, VerifiedQuery b) {
    List<String> parts = new ArrayList<>();
    if (a.status() != b.status()) {
      parts.add("status " + a.status().label() + " → " + b.status().label());
    }
    if (!a.question().equals(b.question())) {
      parts.add("question");
    }
    if (!a.sql().equals(b.sql())) {
      parts.add("SQL");
    }
    if (!a.owner().equals(b.owner())) {
      parts.add("owner " + a.owner() + " → " + b.owner());
    }
    if (!a.difficulty().equals(b.difficulty())) {
      parts.add("difficulty");
    }
    return String.join("; ", parts);
  }
}
