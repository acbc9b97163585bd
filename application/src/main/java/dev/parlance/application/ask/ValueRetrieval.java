package dev.parlance.application.ask;

import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
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
 * shareable with a model, and on a row-filtered table the value must occur in a row the user may
 * read (checked through governed execution).
 */
final class ValueRetrieval {

  /** Words per phrase: n-grams up to three words cover codes, names and short labels. */
  static final int MAX_WORDS = 3;

  /** Candidates fetched per phrase before exact scoring. */
  static final int CANDIDATES = 20;

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
    Visibility visibility = new Visibility(policy, user);
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
    List<ValueMatch> out = new ArrayList<>();
    for (ValueMatch m : ranked) {
      if (out.size() >= topK) {
        break;
      }
      Optional<Table> table = visible.table(m.value().table());
      if (table.isEmpty()
          || table.get().column(m.value().column()).isEmpty()
          || visibility.masked(m.value().table(), m.value().column())
          || !curated.valuesShareable(m.value().columnId())) {
        continue;
      }
      if (visibility.rowFiltered(m.value().table()) && !readable(source, policy, user, m.value())) {
        continue;
      }
      out.add(m);
    }
    return out;
  }

  // Whether the user's own rows hold the value: the policy's row filters apply to this check too.
  private boolean readable(
      DataSource source, GovernancePolicy policy, UserIdentity user, ColumnValue v) {
    String sql =
        "SELECT 1 FROM "
            + SchemaText.identifier(v.table())
            + " WHERE "
            + SchemaText.identifier(v.column())
            + " = '"
            + v.value().replace("'", "''")
            + "' LIMIT 1";
    QueryOutcome outcome = execute.execute(source, policy, user, sql);
    return outcome instanceof QueryOutcome.Ran ran && ran.result().rowCount() > 0;
  }
}
