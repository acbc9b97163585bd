package dev.parlance.domain.governance;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * What users may read from one source and how: the relations they may query, how many rows and how
 * long a statement may take, a cost ceiling where the engine estimates one, and per-role row
 * filters and column masks. Policies are data: stewards publish new versions, none is edited in
 * place.
 *
 * <p>Restrictions accumulate: every row filter naming one of the user's roles (or {@code *})
 * applies, joined by AND, and a column is masked or hidden when any of the user's roles says so
 * (hiding wins over masking). A user with more roles never sees more rows.
 *
 * @param version 0 for a draft not yet published, then 1, 2, … per source
 * @param allowedSchemas schemas whose relations may be read; empty means every non-system schema
 * @param allowedTables relations that may be read ({@code name} or {@code schema.name}); empty
 *     means every table of the allowed schemas. Database views are readable only when named here,
 *     because a view's body could read rows a row filter hides.
 * @param timeout how long a statement may run for a user none of whose roles has a timeout of its
 *     own
 * @param roleTimeouts how long a statement may run for users acting as a role, by lower-case role
 *     name; a user with several such roles gets the largest (see {@link #timeoutFor})
 */
public record GovernancePolicy(
    String source,
    int version,
    Set<String> allowedSchemas,
    Set<String> allowedTables,
    int rowCap,
    Duration timeout,
    Map<String, Duration> roleTimeouts,
    OptionalDouble costCeiling,
    List<RowFilter> rowFilters,
    List<ColumnRule> columnRules,
    String editedBy,
    Instant editedAt) {

  /** The role every user acts as. */
  public static final String EVERYONE = "*";

  public static final int DEFAULT_ROW_CAP = 1000;
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
  public static final int MAX_ROW_CAP = 1_000_000;

  public GovernancePolicy {
    requireName(source, "policy source");
    if (version < 0) {
      throw new IllegalArgumentException("policy version must not be negative");
    }
    allowedSchemas = keys(allowedSchemas);
    allowedTables = keys(allowedTables);
    if (rowCap < 1 || rowCap > MAX_ROW_CAP) {
      throw new IllegalArgumentException(
          "row cap must be between 1 and " + MAX_ROW_CAP + ", got " + rowCap);
    }
    requireTimeout(timeout, "statement timeout");
    TreeMap<String, Duration> byRole = new TreeMap<>();
    Objects.requireNonNullElse(roleTimeouts, Map.<String, Duration>of())
        .forEach(
            (role, limit) -> {
              String key = roleKey(role);
              if (key.equals(EVERYONE)) {
                throw new IllegalArgumentException(
                    "the statement timeout for every user is the policy's timeout, not a role's");
              }
              requireTimeout(limit, "statement timeout of role " + key);
              if (byRole.put(key, limit) != null) {
                throw new IllegalArgumentException("role " + key + " has two statement timeouts");
              }
            });
    roleTimeouts = Collections.unmodifiableMap(byRole);
    costCeiling = Objects.requireNonNullElse(costCeiling, OptionalDouble.empty());
    if (costCeiling.isPresent() && !(costCeiling.getAsDouble() > 0)) {
      throw new IllegalArgumentException("a cost ceiling must be positive");
    }
    rowFilters = List.copyOf(Objects.requireNonNullElse(rowFilters, List.of()));
    columnRules = List.copyOf(Objects.requireNonNullElse(columnRules, List.of()));
    editedBy = editedBy == null || editedBy.isBlank() ? "parlance" : editedBy.strip();
    editedAt = Objects.requireNonNullElse(editedAt, Instant.EPOCH);
  }

  /** The policy a source has before a steward writes one: every table, 1000 rows, 30 s. */
  public static GovernancePolicy defaults(String source) {
    return new GovernancePolicy(
        source,
        0,
        Set.of(),
        Set.of(),
        DEFAULT_ROW_CAP,
        DEFAULT_TIMEOUT,
        Map.of(),
        OptionalDouble.empty(),
        List.of(),
        List.of(),
        "parlance",
        Instant.EPOCH);
  }

  /** This policy as published version {@code newVersion} by {@code steward} at {@code at}. */
  public GovernancePolicy published(int newVersion, String steward, Instant at) {
    return copy(
        p -> {
          p.version = newVersion;
          p.editedBy = steward;
          p.editedAt = at;
        });
  }

  /** A draft (version 0) of the same rules for another source, e.g. a shadow of this one. */
  public GovernancePolicy forSource(String other) {
    return copy(
        p -> {
          p.source = other;
          p.version = 0;
        });
  }

  /** Whether two policies say the same, whoever wrote them when, for whichever source. */
  public boolean sameRules(GovernancePolicy o) {
    return allowedSchemas.equals(o.allowedSchemas)
        && allowedTables.equals(o.allowedTables)
        && rowCap == o.rowCap
        && timeout.equals(o.timeout)
        && roleTimeouts.equals(o.roleTimeouts)
        && costCeiling.equals(o.costCeiling)
        && rowFilters.equals(o.rowFilters)
        && columnRules.equals(o.columnRules);
  }

  public GovernancePolicy withRowCap(int newRowCap) {
    return copy(p -> p.rowCap = newRowCap);
  }

  public GovernancePolicy withTimeout(Duration newTimeout) {
    return copy(p -> p.timeout = newTimeout);
  }

  /** This policy with {@code role}'s own statement timeout set (replacing one it had). */
  public GovernancePolicy withRoleTimeout(String role, Duration newTimeout) {
    Map<String, Duration> changed = new TreeMap<>(roleTimeouts);
    changed.put(roleKey(role), Objects.requireNonNull(newTimeout, "statement timeout"));
    return withRoleTimeouts(changed);
  }

  /**
   * This policy without {@code role}'s own statement timeout: its users get the policy's timeout,
   * unless another of their roles has one.
   */
  public GovernancePolicy withoutRoleTimeout(String role) {
    Map<String, Duration> changed = new TreeMap<>(roleTimeouts);
    if (changed.remove(roleKey(role)) == null) {
      throw new IllegalArgumentException("role " + roleKey(role) + " has no timeout of its own");
    }
    return withRoleTimeouts(changed);
  }

  private GovernancePolicy withRoleTimeouts(Map<String, Duration> changed) {
    return copy(p -> p.roleTimeouts = changed);
  }

  /**
   * How long a statement of {@code user} may run: the largest of their roles' own timeouts, or the
   * policy's timeout when none of their roles has one.
   */
  public Duration timeoutFor(UserIdentity user) {
    return user.roles().stream()
        .map(roleTimeouts::get)
        .filter(Objects::nonNull)
        .max(Duration::compareTo)
        .orElse(timeout);
  }

  public GovernancePolicy withCostCeiling(double ceiling) {
    return copy(p -> p.costCeiling = OptionalDouble.of(ceiling));
  }

  public GovernancePolicy withAllowedTables(Set<String> tables) {
    return copy(p -> p.allowedTables = tables);
  }

  public GovernancePolicy withAllowedSchemas(Set<String> schemas) {
    return copy(p -> p.allowedSchemas = schemas);
  }

  public GovernancePolicy withRowFilter(RowFilter filter) {
    List<RowFilter> more = new ArrayList<>(rowFilters);
    more.add(filter);
    return copy(p -> p.rowFilters = more);
  }

  public GovernancePolicy withColumnRule(ColumnRule rule) {
    List<ColumnRule> more = new ArrayList<>(columnRules);
    more.add(rule);
    return copy(p -> p.columnRules = more);
  }

  /** This policy without its row filter number {@code number} (counted from 1, policy order). */
  public GovernancePolicy withoutRowFilter(int number) {
    return copy(p -> p.rowFilters = without(rowFilters, number, "row filter"));
  }

  /** This policy without its column rule number {@code number} (counted from 1, policy order). */
  public GovernancePolicy withoutColumnRule(int number) {
    return copy(p -> p.columnRules = without(columnRules, number, "column rule"));
  }

  // This policy with some of its parts changed; the copy is checked as every new policy is.
  private GovernancePolicy copy(Consumer<PolicyParts> change) {
    PolicyParts parts = new PolicyParts(this);
    change.accept(parts);
    return parts.policy();
  }

  private static <T> List<T> without(List<T> items, int number, String what) {
    if (number < 1 || number > items.size()) {
      throw new IllegalArgumentException(
          "there is no " + what + " " + number + " (the policy has " + items.size() + ")");
    }
    List<T> kept = new ArrayList<>(items);
    kept.remove(number - 1);
    return kept;
  }

  /**
   * Whether a relation may be read. {@code schema} is the schema the database resolved it to (null
   * when the engine has none); {@code view} tells whether it is a database view.
   */
  public boolean allowsRelation(String schema, String name, boolean view) {
    String schemaKey = schema == null ? null : key(schema);
    if (!allowedSchemas.isEmpty() && (schemaKey == null || !allowedSchemas.contains(schemaKey))) {
      return false;
    }
    boolean named =
        allowedTables.contains(key(name))
            || (schemaKey != null && allowedTables.contains(schemaKey + "." + key(name)));
    if (view) {
      return named;
    }
    return allowedTables.isEmpty() || named;
  }

  /** The row filters that bind {@code user} on {@code table}, in policy order. */
  public List<RowFilter> rowFiltersFor(UserIdentity user, String schema, String table) {
    return rowFilters.stream()
        .filter(f -> user.actsAs(f.role()) && names(f.table(), schema, table))
        .toList();
  }

  /**
   * The columns of {@code table} that {@code user} sees masked or not at all, by lower-case column
   * name; a column both masked and hidden is hidden.
   */
  public Map<String, ColumnRule> columnRulesFor(UserIdentity user, String schema, String table) {
    Map<String, ColumnRule> byColumn = new LinkedHashMap<>();
    for (ColumnRule rule : columnRules) {
      if (user.actsAs(rule.role()) && names(rule.table(), schema, table)) {
        byColumn.merge(
            key(rule.column()), rule, (a, b) -> a.treatment() == ColumnTreatment.HIDE ? a : b);
      }
    }
    return byColumn;
  }

  /** Whether {@code user} reads {@code table} through a filter or a column rule. */
  public boolean restricts(UserIdentity user, String schema, String table) {
    return !rowFiltersFor(user, schema, table).isEmpty()
        || !columnRulesFor(user, schema, table).isEmpty();
  }

  /**
   * A digest of what an engine enforces for this policy (allowed relations, row filters, column
   * rules), so that an executor can tell whether the database holds the provisioning of exactly
   * this policy. Row cap, timeouts and who published it do not change it.
   */
  public String enforcementDigest() {
    return PolicyDigest.of(this);
  }

  /** The role of the staff who ask questions: a source is closed to it until a policy exists. */
  public static final String ANALYST = "analyst";

  /**
   * Whether the source is closed to {@code user}: no administrator has published a policy for it
   * yet (this is the unpublished default, version 0) and the user is an analyst — not also a
   * steward or an admin, who set the source up. A new source starts closed so that nobody reads it
   * before someone decided who may see what; publishing any policy, even this default unchanged,
   * opens it. Identities without the analyst role (Parlance's own checks, the command line's
   * operator) are not closed out.
   */
  public boolean closedTo(UserIdentity user) {
    return version == 0
        && user.roles().contains(ANALYST)
        && !user.roles().contains("steward")
        && !user.roles().contains("admin");
  }

  /** Whether any row filter or column rule binds {@code user}. */
  public boolean restrictsAnything(UserIdentity user) {
    return rowFilters.stream().anyMatch(f -> user.actsAs(f.role()))
        || columnRules.stream().anyMatch(r -> user.actsAs(r.role()));
  }

  private static boolean names(String ruleTable, String schema, String table) {
    String rule = key(ruleTable);
    return rule.equals(key(table))
        || (schema != null && rule.equals(key(schema) + "." + key(table)));
  }

  static String key(String name) {
    return name.strip().toLowerCase(Locale.ROOT);
  }

  private static void requireTimeout(Duration limit, String what) {
    Objects.requireNonNull(limit, what);
    if (limit.isNegative() || limit.isZero() || limit.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException(what + " must be between 1 ms and 1 h");
    }
  }

  static String requireName(String name, String what) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank");
    }
    return name.strip();
  }

  static String roleKey(String role) {
    return requireName(role, "role").toLowerCase(Locale.ROOT);
  }

  private static Set<String> keys(Set<String> names) {
    TreeSet<String> out = new TreeSet<>();
    for (String n : Objects.requireNonNullElse(names, Set.<String>of())) {
      if (n != null && !n.isBlank()) {
        out.add(key(n));
      }
    }
    return Set.copyOf(out);
  }
}
