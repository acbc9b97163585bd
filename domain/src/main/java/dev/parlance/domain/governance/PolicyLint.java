package dev.parlance.domain.governance;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks that a policy covers what it means: every table whose rows reach a filtered table through
 * foreign keys is itself filtered for that role, no unmasked column carries a masked or hidden
 * column's content, and every table and column the policy names exists. Pure: the catalog and the
 * rows it samples come from the caller.
 */
public final class PolicyLint {

  /** What a finding is about. */
  public enum Kind {
    /** A table reaches a filtered table through foreign keys, but no filter binds it. */
    UNFILTERED_PATH,
    /** An unmasked column holds the content of a masked or hidden one. */
    CONTENT_CARRIER,
    /** The policy names a table the source does not have. */
    UNKNOWN_TABLE,
    /** The policy names a column its table does not have. */
    UNKNOWN_COLUMN,
    /** Filters that follow foreign keys depend on each other in a circle. */
    FILTER_CYCLE,
    /** The source's engine cannot enforce the policy. */
    ENGINE
  }

  /** One thing to fix, in a sentence. */
  public record Finding(Kind kind, String role, String table, String column, String message) {
    public Finding {
      Objects.requireNonNull(kind, "kind");
      role = Objects.requireNonNullElse(role, "");
      table = Objects.requireNonNullElse(table, "");
      column = Objects.requireNonNullElse(column, "");
      GovernancePolicy.requireName(message, "finding message");
    }
  }

  /** Rows of some columns of a table, each value as text (null stays null). */
  @FunctionalInterface
  public interface SampleRows {
    List<List<String>> sample(String table, List<String> columns);
  }

  /** A share of sampled rows at or above this makes a column a carrier. */
  public static final double CARRIER_SHARE = 0.5;

  /** Fewer comparable rows than this prove nothing either way. */
  public static final int MIN_SAMPLE = 5;

  private PolicyLint() {}

  public static List<Finding> lint(
      GovernancePolicy policy, SchemaCatalog catalog, SampleRows samples) {
    List<Finding> findings = new ArrayList<>();
    unknownNames(policy, catalog, findings);
    ForeignKeyFilters graph = graph(catalog);
    unfilteredPaths(policy, catalog, graph, findings);
    cycles(policy, graph, findings);
    carriers(policy, catalog, samples, findings);
    findings.sort(
        Comparator.comparing(Finding::kind)
            .thenComparing(Finding::role)
            .thenComparing(f -> f.table().toLowerCase(Locale.ROOT))
            .thenComparing(Finding::column));
    return List.copyOf(findings);
  }

  /** The catalog's foreign keys as the filters' graph. */
  public static ForeignKeyFilters graph(SchemaCatalog catalog) {
    Map<String, List<ForeignKey>> keys = new LinkedHashMap<>();
    for (Table t : catalog.tables()) {
      keys.put(t.name(), t.foreignKeys());
    }
    return new ForeignKeyFilters(keys);
  }

  private static void unknownNames(
      GovernancePolicy policy, SchemaCatalog catalog, List<Finding> findings) {
    Set<String> reported = new HashSet<>();
    for (RowFilter f : policy.rowFilters()) {
      if (catalog.table(f.table()).isEmpty() && reported.add(f.table().toLowerCase(Locale.ROOT))) {
        findings.add(
            new Finding(
                Kind.UNKNOWN_TABLE,
                f.role(),
                f.table(),
                "",
                "the row filter of role "
                    + f.role()
                    + " names table "
                    + f.table()
                    + ", which the source does not have"));
      }
    }
    for (ColumnRule r : policy.columnRules()) {
      Optional<Table> t = catalog.table(r.table());
      if (t.isEmpty()) {
        if (reported.add(r.table().toLowerCase(Locale.ROOT))) {
          findings.add(
              new Finding(
                  Kind.UNKNOWN_TABLE,
                  r.role(),
                  r.table(),
                  r.column(),
                  "the column rule of role "
                      + r.role()
                      + " names table "
                      + r.table()
                      + ", which the source does not have"));
        }
      } else if (t.get().column(r.column()).isEmpty()) {
        findings.add(
            new Finding(
                Kind.UNKNOWN_COLUMN,
                r.role(),
                r.table(),
                r.column(),
                "the column rule of role "
                    + r.role()
                    + " names column "
                    + r.table()
                    + "."
                    + r.column()
                    + ", which the table does not have: nothing is masked or hidden"));
      }
    }
  }

  private static void unfilteredPaths(
      GovernancePolicy policy,
      SchemaCatalog catalog,
      ForeignKeyFilters graph,
      List<Finding> findings) {
    Map<String, Set<String>> bound = new HashMap<>();
    for (RowFilter f : policy.rowFilters()) {
      Set<String> tables = bound.computeIfAbsent(f.role(), k -> new HashSet<>());
      tables.add(key(f.table()));
      if (f.followForeignKeys()) {
        for (ForeignKeyFilters.Link l : graph.linksToward(f.table())) {
          tables.add(key(l.table()));
        }
      }
    }
    Set<String> everyone = bound.getOrDefault(GovernancePolicy.EVERYONE, Set.of());
    Set<String> reported = new HashSet<>();
    for (RowFilter f : policy.rowFilters()) {
      if (f.followForeignKeys() || catalog.table(f.table()).isEmpty()) {
        continue;
      }
      Set<String> mine = bound.getOrDefault(f.role(), Set.of());
      for (String t : new TreeSet<>(graph.reaching(f.table()).keySet())) {
        if (mine.contains(key(t)) || everyone.contains(key(t))) {
          continue;
        }
        if (!reported.add(f.role() + "\u0000" + key(t) + "\u0000" + key(f.table()))) {
          continue;
        }
        findings.add(
            new Finding(
                Kind.UNFILTERED_PATH,
                f.role(),
                t,
                "",
                "role "
                    + f.role()
                    + " reads every row of "
                    + t
                    + ", whose rows reach the filtered table "
                    + f.table()
                    + " through "
                    + describe(graph.path(t, f.table()))
                    + "; filter it too (e.g. make the filter on "
                    + f.table()
                    + " follow foreign keys)"));
      }
    }
  }

  private static String describe(List<ForeignKeyFilters.Link> path) {
    List<String> steps = new ArrayList<>();
    for (ForeignKeyFilters.Link l : path) {
      steps.add(
          l.table() + "." + String.join("+", l.key().columns()) + " -> " + l.referencedTable());
    }
    return String.join(", ", steps);
  }

  private static void cycles(
      GovernancePolicy policy, ForeignKeyFilters graph, List<Finding> findings) {
    Set<String> roles = new TreeSet<>();
    Map<String, String> attributes = new HashMap<>();
    for (RowFilter f : policy.rowFilters()) {
      roles.add(f.role());
      f.attributes().forEach(a -> attributes.put(a, "x"));
    }
    UserIdentity everyRole = new UserIdentity("lint", roles, attributes);
    ForeignKeyFilters.Binding binding = graph.bind(policy, everyRole, ForeignKeyFilters.plain());
    for (String table : binding.tables()) {
      try {
        binding.predicates(table);
      } catch (IllegalArgumentException e) {
        findings.add(new Finding(Kind.FILTER_CYCLE, "", table, "", e.getMessage()));
        return;
      }
    }
  }

  private static void carriers(
      GovernancePolicy policy, SchemaCatalog catalog, SampleRows samples, List<Finding> findings) {
    // per role and table: the columns the role does not see in clear
    Map<String, Map<String, Set<String>>> covered = new LinkedHashMap<>();
    for (ColumnRule r : policy.columnRules()) {
      covered
          .computeIfAbsent(r.role(), k -> new LinkedHashMap<>())
          .computeIfAbsent(key(r.table()), k -> new TreeSet<>())
          .add(key(r.column()));
    }
    Map<String, Set<String>> everyone = covered.getOrDefault(GovernancePolicy.EVERYONE, Map.of());
    for (ColumnRule r : policy.columnRules()) {
      Optional<Table> table = catalog.table(r.table());
      if (table.isEmpty() || table.get().column(r.column()).isEmpty()) {
        continue;
      }
      Set<String> hidden =
          new HashSet<>(covered.get(r.role()).getOrDefault(key(r.table()), Set.of()));
      hidden.addAll(everyone.getOrDefault(key(r.table()), Set.of()));
      List<String> others = new ArrayList<>();
      for (Column c : table.get().columns()) {
        if (!hidden.contains(key(c.name()))) {
          others.add(c.name());
        }
      }
      if (others.isEmpty()) {
        continue;
      }
      String masked = table.get().column(r.column()).get().name();
      List<String> columns = new ArrayList<>();
      columns.add(masked);
      columns.addAll(others);
      List<List<String>> rows = samples.sample(table.get().name(), columns);
      for (int i = 0; i < others.size(); i++) {
        int comparable = 0;
        int carried = 0;
        for (List<String> row : rows) {
          String secret = row.get(0);
          String other = row.get(i + 1);
          if (secret == null || other == null || normalise(secret).length() < 3) {
            continue;
          }
          comparable++;
          if (carries(other, secret)) {
            carried++;
          }
        }
        if (comparable >= MIN_SAMPLE && carried >= CARRIER_SHARE * comparable) {
          findings.add(
              new Finding(
                  Kind.CONTENT_CARRIER,
                  r.role(),
                  table.get().name(),
                  others.get(i),
                  String.format(
                      Locale.ROOT,
                      "role %s sees %s.%s in clear, and in %d of %d sampled rows it spells out"
                          + " the %s column %s; %s it too",
                      r.role(),
                      table.get().name(),
                      others.get(i),
                      carried,
                      comparable,
                      r.treatment() == ColumnTreatment.HIDE ? "hidden" : "masked",
                      masked,
                      r.treatment() == ColumnTreatment.HIDE ? "hide" : "mask")));
        }
      }
    }
  }

  /**
   * Whether {@code other} spells out {@code secret}: it contains the whole value, or at least half
   * of its words of three or more letters (accents, case and punctuation ignored).
   */
  static boolean carries(String other, String secret) {
    String o = normalise(other);
    String s = normalise(secret);
    if (s.length() >= 3 && o.contains(s)) {
      return true;
    }
    List<String> words = new ArrayList<>();
    for (String w : s.split("[^a-z0-9]+")) {
      if (w.length() >= 3) {
        words.add(w);
      }
    }
    if (words.isEmpty()) {
      return false;
    }
    long found = words.stream().filter(o::contains).count();
    return found * 2 >= words.size();
  }

  private static String normalise(String text) {
    return Normalizer.normalize(text, Normalizer.Form.NFD)
        .replaceAll("\\p{M}+", "")
        .toLowerCase(Locale.ROOT)
        .strip();
  }

  private static String key(String name) {
    return name.strip().toLowerCase(Locale.ROOT);
  }
}
