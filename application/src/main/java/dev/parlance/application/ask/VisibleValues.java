package dev.parlance.application.ask;

import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The one visibility rule for every data value Parlance shows or puts in a prompt beside a governed
 * result (retrieved values, sample values, value dictionaries): a value of a column is visible to a
 * user exactly when the user's own governed SQL finds it in that column. Governed execution applies
 * the engine's restrictions — declared row filters, filters that follow foreign keys, masks, hidden
 * columns, the allowed relations — so nothing here restates them; a masked column finds only its
 * mask, a hidden or refused one finds nothing, and any failure finds nothing (fail closed).
 */
public final class VisibleValues {

  /** Values checked per governed statement. */
  static final int BATCH = 50;

  private final ExecuteQueryPort execute;
  private final DataSource source;
  private final GovernancePolicy policy;
  private final UserIdentity user;
  private int statements;

  public VisibleValues(
      ExecuteQueryPort execute, DataSource source, GovernancePolicy policy, UserIdentity user) {
    this.execute = execute;
    this.source = source;
    this.policy = policy;
    this.user = user;
  }

  /**
   * Of {@code values} of {@code column} in {@code relation} (a table, or a curated view governed
   * execution expands), those the user's governed SQL finds, in the order given.
   */
  public Set<String> of(String relation, String column, Collection<String> values) {
    List<String> asked = new ArrayList<>(new LinkedHashSet<>(values));
    Set<String> found = new java.util.HashSet<>();
    int batch = Math.max(1, Math.min(BATCH, policy.rowCap()));
    for (int i = 0; i < asked.size(); i += batch) {
      List<String> part = asked.subList(i, Math.min(asked.size(), i + batch));
      found.addAll(found(relation, column, part));
    }
    Set<String> out = new LinkedHashSet<>();
    for (String v : asked) {
      if (found.contains(v)) {
        out.add(v);
      }
    }
    return out;
  }

  /** Whether the user's governed SQL finds {@code value} in {@code column} of {@code relation}. */
  public boolean visible(String relation, String column, String value) {
    return !of(relation, column, List.of(value)).isEmpty();
  }

  /**
   * Whether no row filter (declared or following foreign keys) and no column rule of the policy
   * binds {@code user}: such a user's governed SQL reads every row of every allowed relation.
   */
  public static boolean bindsNothing(GovernancePolicy policy, UserIdentity user) {
    return policy.rowFilters().stream().noneMatch(f -> user.actsAs(f.role()))
        && policy.columnRules().stream().noneMatch(r -> user.actsAs(r.role()));
  }

  /** Governed statements run so far (each checks up to {@link #BATCH} values). */
  public int statements() {
    return statements;
  }

  private Set<String> found(String relation, String column, List<String> values) {
    StringBuilder in = new StringBuilder();
    for (String v : values) {
      in.append(in.isEmpty() ? "" : ", ").append('\'').append(v.replace("'", "''")).append('\'');
    }
    String c = SchemaText.identifier(column);
    String sql =
        "SELECT DISTINCT "
            + c
            + " FROM "
            + SchemaText.identifier(relation)
            + " WHERE "
            + c
            + " IN ("
            + in
            + ")";
    statements++;
    QueryOutcome outcome;
    try {
      outcome = execute.execute(source, policy, user, sql);
    } catch (RuntimeException e) {
      return Set.of();
    }
    Set<String> out = new java.util.HashSet<>();
    if (outcome instanceof QueryOutcome.Ran ran) {
      for (List<Object> row : ran.result().rows()) {
        if (!row.isEmpty() && row.get(0) != null) {
          out.add(text(row.get(0)));
        }
      }
    }
    return out;
  }

  // A number read back from the engine as the text it was asked with (1, not 1.0).
  private static String text(Object value) {
    if (value instanceof Double d && d == Math.rint(d) && !d.isInfinite()) {
      return String.valueOf(d.longValue());
    }
    return String.valueOf(value);
  }
}
