package dev.parlance.application.ask;

import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.values.ColumnValue;
import dev.parlance.domain.values.MatchingRatio;
import dev.parlance.domain.values.QuestionPhrases;
import dev.parlance.domain.values.SearchValuesPort;
import dev.parlance.domain.values.ValueMatch;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * SQL-PaLM's value retrieval V(Q) (§6.3, Eqs. 16–18): every phrase of the question is matched
 * against the indexed distinct values with the matching ratio; matches over δ are kept, best first,
 * top-K. Only values the user may see survive: the column must be visible and unmasked, its values
 * shareable with a model, and the user's own governed SQL must find the value ({@link
 * VisibleValues}) — so a filter that follows foreign keys hides a value as surely as a declared
 * one, and a fuzzy match can only ever name a value the user could read anyway.
 */
final class ValueRetrieval {

  /** Words per phrase: n-grams up to three words cover codes, names and short labels. */
  static final int MAX_WORDS = 3;

  /** Candidates fetched per phrase before exact scoring. */
  static final int CANDIDATES = 20;

  /** Best matches whose visibility is checked (at least; four times top-K when larger). */
  static final int CHECKED = 40;

  private final SearchValuesPort search;
  private final ExecuteQueryPort execute;

  ValueRetrieval(SearchValuesPort search, ExecuteQueryPort execute) {
    this.search = search;
    this.execute = execute;
  }

  List<ValueMatch> find(
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      String question,
      SchemaCatalog visible,
      CuratedContext curated,
      double threshold,
      int topK) {
    if (topK == 0) {
      return List.of();
    }
    Visibility visibility = new Visibility(policy, user, source.dialect());
    Map<ColumnValue, ValueMatch> best = new LinkedHashMap<>();
    for (String phrase : QuestionPhrases.of(question, MAX_WORDS)) {
      if (phrase.length() < 3) {
        continue;
      }
      for (ColumnValue v : search.candidates(source.name(), phrase, CANDIDATES)) {
        double ratio = MatchingRatio.of(phrase, v.value());
        if (ratio >= threshold) {
          ValueMatch m = new ValueMatch(v, phrase, ratio);
          best.merge(v, m, (a, b) -> a.ratio() >= b.ratio() ? a : b);
        }
      }
    }
    List<ValueMatch> ranked = new ArrayList<>(best.values());
    ranked.sort(
        Comparator.comparingDouble((ValueMatch m) -> -m.ratio())
            .thenComparing(m -> -m.phrase().length()));
    List<ValueMatch> candidates = new ArrayList<>();
    for (ValueMatch m : ranked) {
      Optional<Table> table = visible.table(m.value().table());
      if (table.isEmpty()
          || table.get().column(m.value().column()).isEmpty()
          || visibility.masked(m.value().table(), m.value().column())
          || !curated.valuesShareable(m.value().columnId())) {
        continue;
      }
      candidates.add(m);
    }
    // The index holds every row's values (it is built with operator rights); a match is shown only
    // when the user's own governed SQL finds it, whatever restricts the table: a declared filter,
    // one that follows foreign keys, a mask. The best candidates are checked, one statement per
    // column; a user nothing binds reads every row, so nothing needs checking.
    List<ValueMatch> checked =
        candidates.subList(0, Math.min(candidates.size(), Math.max(CHECKED, 4 * topK)));
    java.util.Set<ColumnValue> seen = new java.util.HashSet<>();
    if (VisibleValues.bindsNothing(policy, user)) {
      checked.forEach(m -> seen.add(m.value()));
    } else {
      VisibleValues rule = new VisibleValues(execute, source, policy, user);
      Map<String, List<ValueMatch>> byColumn = new LinkedHashMap<>();
      for (ValueMatch m : checked) {
        byColumn
            .computeIfAbsent(
                m.value().table() + "\u0000" + m.value().column(), k -> new ArrayList<>())
            .add(m);
      }
      for (List<ValueMatch> group : byColumn.values()) {
        ColumnValue first = group.getFirst().value();
        java.util.Set<String> found =
            rule.of(
                first.table(), first.column(), group.stream().map(m -> m.value().value()).toList());
        for (ValueMatch m : group) {
          if (found.contains(m.value().value())) {
            seen.add(m.value());
          }
        }
      }
    }
    List<ValueMatch> out = new ArrayList<>();
    for (ValueMatch m : checked) {
      if (out.size() < topK && seen.contains(m.value())) {
        out.add(m);
      }
    }
    return out;
  }
}
