package dev.parlance.domain.governance;

import dev.parlance.domain.catalog.ForeignKey;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Row filters that follow foreign keys. A filter declared with {@code followForeignKeys} on an
 * anchor table ("installations of the user's region") also binds every table whose rows reach the
 * anchor through foreign keys: such a row is visible only when each followed reference is null or
 * points at a row the user may see. The references followed toward an anchor form no cycle: a
 * self-reference is never followed, and inside a cycle of tables only the references that come
 * strictly closer to the anchor are.
 *
 * <p>Pure: the foreign keys come from the source's catalog, the SQL is rendered by the caller's
 * {@link Rendering}.
 */
public final class ForeignKeyFilters {

  /** A reference from {@code table} through {@code key} to {@code key.referencedTable()}. */
  public record Link(String table, ForeignKey key) {
    public Link {
      GovernancePolicy.requireName(table, "link table");
      Objects.requireNonNull(key, "key");
    }

    public String referencedTable() {
      return key.referencedTable();
    }
  }

  /** How predicates are written for one engine. */
  public interface Rendering {
    /** A reference to {@code table} in a FROM clause, e.g. {@code main."TB_IN"}. */
    String table(String table);

    /** A quoted column name. */
    default String column(String column) {
      return '"' + column.replace("\"", "\"\"") + '"';
    }

    /** A user attribute's value as a string literal. */
    default String literal(String value) {
      return "'" + value.replace("'", "''") + "'";
    }
  }

  private final Map<String, String> spelled = new java.util.concurrent.ConcurrentHashMap<>();
  private final Map<String, List<Link>> toward = new java.util.concurrent.ConcurrentHashMap<>();
  private final Map<String, List<ForeignKey>> keys = new HashMap<>();
  private final Map<String, Map<String, Integer>> distanceMemo =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * @param foreignKeys each table's foreign keys, by the table's name as the database spells it
   */
  public ForeignKeyFilters(Map<String, List<ForeignKey>> foreignKeys) {
    foreignKeys.forEach(
        (table, fks) -> {
          spelled.put(key(table), table);
          keys.put(key(table), List.copyOf(fks));
          for (ForeignKey fk : fks) {
            spelled.putIfAbsent(key(fk.referencedTable()), fk.referencedTable());
          }
        });
  }

  public static ForeignKeyFilters none() {
    return new ForeignKeyFilters(Map.of());
  }

  /** The references followed toward {@code anchor}, in a stable order, without cycles. */
  public List<Link> linksToward(String anchor) {
    return toward.computeIfAbsent(key(anchor), this::computeLinksToward);
  }

  private List<Link> computeLinksToward(String a) {
    Map<String, Integer> distance = distances(a);
    List<Link> candidates = new ArrayList<>();
    for (String t : distance.keySet()) {
      if (t.equals(a)) {
        continue;
      }
      for (ForeignKey fk : keys.getOrDefault(t, List.of())) {
        String p = key(fk.referencedTable());
        if (!p.equals(t) && distance.containsKey(p)) {
          candidates.add(new Link(spelled.get(t), fk));
        }
      }
    }
    Map<String, Integer> component = components(candidates);
    List<Link> kept = new ArrayList<>();
    for (Link l : candidates) {
      String t = key(l.table());
      String p = key(l.referencedTable());
      boolean insideCycle = component.get(t).equals(component.get(p));
      if (!insideCycle || distance.get(p) < distance.get(t)) {
        kept.add(l);
      }
    }
    kept.sort(
        Comparator.comparing((Link l) -> key(l.table()))
            .thenComparing(l -> String.join(",", l.key().columns()).toLowerCase(Locale.ROOT)));
    return List.copyOf(kept);
  }

  /** The tables that reach {@code anchor} (itself excluded), with the shortest path's length. */
  public Map<String, Integer> reaching(String anchor) {
    Map<String, Integer> out = new LinkedHashMap<>();
    distances(key(anchor))
        .forEach(
            (t, d) -> {
              if (d > 0) {
                out.put(spelled.get(t), d);
              }
            });
    return out;
  }

  /** A shortest chain of references from {@code table} to {@code anchor}, or empty. */
  public List<Link> path(String table, String anchor) {
    String a = key(anchor);
    Map<String, Integer> distance = distances(a);
    String t = key(table);
    if (!distance.containsKey(t)) {
      return List.of();
    }
    List<Link> path = new ArrayList<>();
    while (!t.equals(a)) {
      Link next = null;
      for (ForeignKey fk : keys.getOrDefault(t, List.of())) {
        Integer d = distance.get(key(fk.referencedTable()));
        if (d != null && d == distance.get(t) - 1) {
          next = new Link(spelled.get(t), fk);
          break;
        }
      }
      if (next == null) {
        return List.of();
      }
      path.add(next);
      t = key(next.referencedTable());
    }
    return path;
  }

  /**
   * The filters that bind {@code user}: the declared filters of the user's roles and, for following
   * filters, one predicate per followed reference that reads the referenced table through its own
   * predicates. Predicates are built (and attributes bound) only for the tables asked for.
   */
  public Binding bind(GovernancePolicy policy, UserIdentity user, Rendering rendering) {
    Map<String, List<RowFilter>> declared = new HashMap<>();
    Map<String, List<Link>> links = new HashMap<>();
    for (RowFilter f : policy.rowFilters()) {
      if (!user.actsAs(f.role())) {
        continue;
      }
      declared.computeIfAbsent(key(f.table()), k -> new ArrayList<>()).add(f);
      if (f.followForeignKeys()) {
        for (Link l : linksToward(f.table())) {
          List<Link> mine = links.computeIfAbsent(key(l.table()), k -> new ArrayList<>());
          if (!mine.contains(l)) {
            mine.add(l);
          }
        }
      }
    }
    return new Binding(user, declared, links, rendering);
  }

  /** The filters of one user, bound on demand. */
  public static final class Binding {
    private final UserIdentity user;
    private final Map<String, List<RowFilter>> declared;
    private final Map<String, List<Link>> links;
    private final Rendering rendering;
    private final Map<String, List<String>> memo = new HashMap<>();

    private Binding(
        UserIdentity user,
        Map<String, List<RowFilter>> declared,
        Map<String, List<Link>> links,
        Rendering rendering) {
      this.user = user;
      this.declared = declared;
      this.links = links;
      this.rendering = rendering;
    }

    /** Every table a filter binds, lower-case. */
    public Set<String> tables() {
      Set<String> out = new LinkedHashSet<>(declared.keySet());
      out.addAll(links.keySet());
      return out;
    }

    /** Whether a filter binds {@code table}. */
    public boolean binds(String table) {
      String k = key(table);
      return declared.containsKey(k) || links.containsKey(k);
    }

    /**
     * The predicates every visible row of {@code table} satisfies, joined by AND; empty when
     * nothing binds it.
     *
     * @throws IllegalStateException when a user attribute is missing
     * @throws IllegalArgumentException when following filters form a cycle between tables
     */
    public List<String> predicates(String table) {
      return effective(key(table), new ArrayDeque<>());
    }

    private List<String> effective(String table, Deque<String> path) {
      List<String> done = memo.get(table);
      if (done != null) {
        return done;
      }
      if (path.contains(table)) {
        List<String> cycle = new ArrayList<>(path);
        java.util.Collections.reverse(cycle);
        throw new IllegalArgumentException(
            "row filters that follow foreign keys form a cycle through "
                + String.join(" -> ", cycle)
                + " -> "
                + table);
      }
      path.push(table);
      List<String> predicates = new ArrayList<>();
      for (RowFilter f : declared.getOrDefault(table, List.of())) {
        predicates.add(f.bind(user, rendering::literal));
      }
      for (Link l : links.getOrDefault(table, List.of())) {
        List<String> inner = effective(key(l.referencedTable()), path);
        predicates.add(linkPredicate(l, inner, rendering));
      }
      path.pop();
      List<String> result = List.copyOf(predicates);
      memo.put(table, result);
      return result;
    }
  }

  /**
   * {@code (c IS NULL OR c IN (SELECT r FROM P [WHERE inner]))}; several columns compare as a row.
   */
  public static String linkPredicate(Link link, List<String> inner, Rendering rendering) {
    ForeignKey fk = link.key();
    StringBuilder sb = new StringBuilder("(");
    for (String c : fk.columns()) {
      sb.append(rendering.column(c)).append(" IS NULL OR ");
    }
    sb.append(columns(fk.columns(), rendering))
        .append(" IN (SELECT ")
        .append(String.join(", ", fk.referencedColumns().stream().map(rendering::column).toList()))
        .append(" FROM ")
        .append(rendering.table(fk.referencedTable()));
    if (!inner.isEmpty()) {
      sb.append(" WHERE ");
      for (int i = 0; i < inner.size(); i++) {
        sb.append(i == 0 ? "" : " AND ").append('(').append(inner.get(i)).append(')');
      }
    }
    return sb.append("))").toString();
  }

  private static String columns(List<String> columns, Rendering rendering) {
    return columns.size() == 1
        ? rendering.column(columns.get(0))
        : "(" + String.join(", ", columns.stream().map(rendering::column).toList()) + ")";
  }

  // Shortest distance of every table that reaches `anchor` (the anchor itself at 0).
  private Map<String, Integer> distances(String anchor) {
    return distanceMemo.computeIfAbsent(anchor, this::computeDistances);
  }

  private Map<String, Integer> computeDistances(String anchor) {
    Map<String, List<String>> referencedBy = new HashMap<>();
    keys.forEach(
        (t, fks) -> {
          for (ForeignKey fk : fks) {
            referencedBy.computeIfAbsent(key(fk.referencedTable()), k -> new ArrayList<>()).add(t);
          }
        });
    Map<String, Integer> distance = new LinkedHashMap<>();
    distance.put(anchor, 0);
    Deque<String> queue = new ArrayDeque<>(List.of(anchor));
    while (!queue.isEmpty()) {
      String p = queue.poll();
      List<String> from = new ArrayList<>(referencedBy.getOrDefault(p, List.of()));
      from.sort(null);
      for (String t : from) {
        if (!distance.containsKey(t)) {
          distance.put(t, distance.get(p) + 1);
          queue.add(t);
        }
      }
    }
    spelled.putIfAbsent(anchor, anchor);
    return java.util.Collections.unmodifiableMap(distance);
  }

  // Strongly connected components of the candidate references (Tarjan), by table.
  private static Map<String, Integer> components(List<Link> links) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Link l : links) {
      out.computeIfAbsent(key(l.table()), k -> new ArrayList<>()).add(key(l.referencedTable()));
      out.computeIfAbsent(key(l.referencedTable()), k -> new ArrayList<>());
    }
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Map<String, Integer> component = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new java.util.HashSet<>();
    int[] counter = {0, 0};
    for (String v : out.keySet()) {
      if (!index.containsKey(v)) {
        strongConnect(v, out, index, low, component, stack, onStack, counter);
      }
    }
    return component;
  }

  private static void strongConnect(
      String v,
      Map<String, List<String>> graph,
      Map<String, Integer> index,
      Map<String, Integer> low,
      Map<String, Integer> component,
      Deque<String> stack,
      Set<String> onStack,
      int[] counter) {
    index.put(v, counter[0]);
    low.put(v, counter[0]);
    counter[0]++;
    stack.push(v);
    onStack.add(v);
    for (String w : graph.get(v)) {
      if (!index.containsKey(w)) {
        strongConnect(w, graph, index, low, component, stack, onStack, counter);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      String w;
      do {
        w = stack.pop();
        onStack.remove(w);
        component.put(w, counter[1]);
      } while (!w.equals(v));
      counter[1]++;
    }
  }

  static String key(String table) {
    return table.strip().toLowerCase(Locale.ROOT);
  }

  /** Renders tables unqualified and quoted. */
  public static Rendering plain() {
    return table -> '"' + table.replace("\"", "\"\"") + '"';
  }

  /** Renders tables with {@code qualify}. */
  public static Rendering qualified(UnaryOperator<String> qualify) {
    return qualify::apply;
  }
}
