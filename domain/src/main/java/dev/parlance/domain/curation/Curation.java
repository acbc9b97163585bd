package dev.parlance.domain.curation;

import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.governance.ViewExpansion;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Everything a steward curates for one source, as one immutable value: LLM-friendly views, data
 * descriptions of base tables, hints, synonyms, verified questions, and base tables kept out of
 * prompts. A version of the curation is one such value.
 *
 * @param hiddenTables base tables that retrieval and prompts never show (e.g. a legacy code table
 *     replaced by value dictionaries); queries may still read them if the policy allows
 */
public record Curation(
    String source,
    List<CuratedView> views,
    List<TableDescription> tables,
    List<String> hints,
    List<Synonym> synonyms,
    List<VerifiedQuery> verified,
    List<String> hiddenTables) {

  public Curation {
    if (source == null || source.isBlank()) {
      throw new IllegalArgumentException("a curation belongs to a source");
    }
    views = List.copyOf(Objects.requireNonNullElse(views, List.of()));
    tables = List.copyOf(Objects.requireNonNullElse(tables, List.of()));
    hints =
        Objects.requireNonNullElse(hints, List.<String>of()).stream()
            .map(String::strip)
            .filter(h -> !h.isEmpty())
            .toList();
    synonyms = List.copyOf(Objects.requireNonNullElse(synonyms, List.of()));
    verified = List.copyOf(Objects.requireNonNullElse(verified, List.of()));
    hiddenTables =
        Objects.requireNonNullElse(hiddenTables, List.<String>of()).stream()
            .map(String::strip)
            .toList();
    unique(views, CuratedView::name, "view");
    unique(tables, TableDescription::table, "table description");
    unique(verified, VerifiedQuery::id, "verified question");
    for (CuratedView v : views) {
      for (TableDescription t : tables) {
        if (Names.key(t.table()).equals(Names.key(v.name()))) {
          throw new IllegalArgumentException(
              "view " + v.name() + " has the name of a described base table");
        }
      }
    }
  }

  public static Curation empty(String source) {
    return new Curation(source, List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
  }

  public Optional<CuratedView> view(String name) {
    String key = Names.key(name);
    return views.stream().filter(v -> Names.key(v.name()).equals(key)).findFirst();
  }

  public Optional<TableDescription> table(String name) {
    String key = Names.key(name);
    return tables.stream().filter(t -> Names.key(t.table()).equals(key)).findFirst();
  }

  public Optional<VerifiedQuery> verifiedQuery(String id) {
    return verified.stream().filter(q -> q.id().equalsIgnoreCase(id)).findFirst();
  }

  public List<VerifiedQuery> approved() {
    return verified.stream().filter(VerifiedQuery::approved).toList();
  }

  public boolean hides(String table) {
    String key = Names.key(table);
    return hiddenTables.stream().anyMatch(h -> Names.key(h).equals(key));
  }

  /** The views as the governed execution's expansion hook sees them. */
  public ViewExpansion expansion() {
    return (source, name) ->
        view(name)
            .filter(v -> !v.inDatabase())
            .map(v -> new ViewExpansion.ViewDefinition(v.name(), v.sqlFor(source.dialect())));
  }

  public Curation withView(CuratedView view) {
    return new Curation(
        source,
        replace(views, view, v -> Names.key(v.name()).equals(Names.key(view.name()))),
        tables,
        hints,
        synonyms,
        verified,
        hiddenTables);
  }

  public Curation withoutView(String name) {
    return new Curation(
        source,
        views.stream().filter(v -> !Names.key(v.name()).equals(Names.key(name))).toList(),
        tables,
        hints,
        synonyms,
        verified,
        hiddenTables);
  }

  public Curation withTable(TableDescription table) {
    return new Curation(
        source,
        views,
        replace(tables, table, t -> Names.key(t.table()).equals(Names.key(table.table()))),
        hints,
        synonyms,
        verified,
        hiddenTables);
  }

  public Curation withVerified(VerifiedQuery query) {
    return new Curation(
        source,
        views,
        tables,
        hints,
        synonyms,
        replace(verified, query, q -> q.id().equalsIgnoreCase(query.id())),
        hiddenTables);
  }

  public Curation withoutVerified(String id) {
    return new Curation(
        source,
        views,
        tables,
        hints,
        synonyms,
        verified.stream().filter(q -> !q.id().equalsIgnoreCase(id)).toList(),
        hiddenTables);
  }

  public Curation withHint(String hint) {
    List<String> more = new ArrayList<>(hints);
    more.add(hint);
    return new Curation(source, views, tables, more, synonyms, verified, hiddenTables);
  }

  public Curation withoutHint(int index) {
    if (index < 0 || index >= hints.size()) {
      throw new IllegalArgumentException(
          "there is no hint number " + (index + 1) + " (" + hints.size() + " hints)");
    }
    List<String> fewer = new ArrayList<>(hints);
    fewer.remove(index);
    return new Curation(source, views, tables, fewer, synonyms, verified, hiddenTables);
  }

  public Curation withSynonym(Synonym synonym) {
    return new Curation(
        source,
        views,
        tables,
        hints,
        replace(synonyms, synonym, s -> s.term().equalsIgnoreCase(synonym.term())),
        verified,
        hiddenTables);
  }

  public Curation withoutSynonym(String term) {
    return new Curation(
        source,
        views,
        tables,
        hints,
        synonyms.stream().filter(s -> !s.term().equalsIgnoreCase(term)).toList(),
        verified,
        hiddenTables);
  }

  public Curation withHiddenTables(List<String> tablesToHide) {
    return new Curation(source, views, tables, hints, synonyms, verified, tablesToHide);
  }

  /** The same curation for another source name (an import under a new name). */
  public Curation forSource(String newSource) {
    return new Curation(newSource, views, tables, hints, synonyms, verified, hiddenTables);
  }

  private static <T> List<T> replace(List<T> items, T item, Predicate<T> same) {
    List<T> copy = new ArrayList<>(items);
    for (int i = 0; i < copy.size(); i++) {
      if (same.test(copy.get(i))) {
        copy.set(i, item);
        return copy;
      }
    }
    copy.add(item);
    return copy;
  }

  private static <T> void unique(
      List<T> items, java.util.function.Function<T, String> name, String what) {
    Set<String> seen = new HashSet<>();
    for (T item : items) {
      if (!seen.add(Names.key(name.apply(item)))) {
        throw new IllegalArgumentException(what + " " + name.apply(item) + " appears twice");
      }
    }
  }
}
