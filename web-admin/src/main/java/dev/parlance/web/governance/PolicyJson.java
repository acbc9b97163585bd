package dev.parlance.web.governance;

import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import jakarta.json.bind.annotation.JsonbProperty;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * A governance policy as the API reads and writes it: the same fields as the command line's policy
 * file ({@code parlance policy show/publish}), so that what {@code GET …/policy} returns can be
 * edited and sent back with {@code PUT}; {@code role_timeouts_ms} (role → milliseconds) is left out
 * when no role has a timeout of its own. The API's own shape, not the domain record's: the domain
 * may change its types without changing the contract. On {@code PUT} the version, author and time
 * are ignored (publishing sets them) and {@code source}, when given, must name the path's source.
 */
public record PolicyJson(
    String source,
    Integer version,
    @JsonbProperty("edited_by") String editedBy,
    @JsonbProperty("edited_at") String editedAt,
    @JsonbProperty("allowed_schemas") List<String> allowedSchemas,
    @JsonbProperty("allowed_tables") List<String> allowedTables,
    @JsonbProperty("row_cap") Integer rowCap,
    @JsonbProperty("timeout_ms") Long timeoutMs,
    @JsonbProperty("role_timeouts_ms") Map<String, Long> roleTimeoutsMs,
    @JsonbProperty("cost_ceiling") Double costCeiling,
    @JsonbProperty("row_filters") List<Filter> rowFilters,
    @JsonbProperty("column_rules") List<Rule> columnRules) {

  /** Rows of {@code table} that users acting as {@code role} see: those where {@code predicate}. */
  public record Filter(
      String role,
      String table,
      String predicate,
      @JsonbProperty("follow_foreign_keys") Boolean followForeignKeys) {}

  /**
   * A column masked ({@code mask_sql} shown instead) or hidden for users acting as {@code role}.
   */
  public record Rule(
      String role,
      String table,
      String column,
      String treatment,
      @JsonbProperty("mask_sql") String maskSql) {}

  public static PolicyJson of(GovernancePolicy p) {
    return new PolicyJson(
        p.source(),
        p.version(),
        p.editedBy(),
        p.editedAt().toString(),
        p.allowedSchemas().stream().sorted().toList(),
        p.allowedTables().stream().sorted().toList(),
        p.rowCap(),
        p.timeout().toMillis(),
        p.roleTimeouts().isEmpty() ? null : millis(p.roleTimeouts()),
        p.costCeiling().isPresent() ? p.costCeiling().getAsDouble() : null,
        p.rowFilters().stream()
            .map(f -> new Filter(f.role(), f.table(), f.predicate(), f.followForeignKeys()))
            .toList(),
        p.columnRules().stream()
            .map(
                r ->
                    new Rule(
                        r.role(),
                        r.table(),
                        r.column(),
                        r.treatment().name().toLowerCase(Locale.ROOT),
                        r.treatment() == ColumnTreatment.MASK ? r.maskSql() : null))
            .toList());
  }

  /**
   * The draft to publish for {@code source}; omitted limits take the defaults of a new policy.
   *
   * @throws IllegalArgumentException naming the field that is wrong (a 400, ProblemTable)
   */
  public GovernancePolicy draft(String source) {
    if (this.source != null && !this.source.equals(source)) {
      throw new IllegalArgumentException(
          "source: the policy is for source '" + this.source + "', not '" + source + "'");
    }
    try {
      return new GovernancePolicy(
          source,
          0,
          new LinkedHashSet<>(Objects.requireNonNullElse(allowedSchemas, List.of())),
          new LinkedHashSet<>(Objects.requireNonNullElse(allowedTables, List.of())),
          rowCap == null ? GovernancePolicy.DEFAULT_ROW_CAP : rowCap,
          timeoutMs == null ? GovernancePolicy.DEFAULT_TIMEOUT : Duration.ofMillis(timeoutMs),
          durations(Objects.requireNonNullElse(roleTimeoutsMs, Map.of())),
          costCeiling == null ? OptionalDouble.empty() : OptionalDouble.of(costCeiling),
          Objects.requireNonNullElse(rowFilters, List.<Filter>of()).stream()
              .map(
                  f ->
                      new RowFilter(
                          f.role(),
                          f.table(),
                          f.predicate(),
                          Boolean.TRUE.equals(f.followForeignKeys())))
              .toList(),
          Objects.requireNonNullElse(columnRules, List.<Rule>of()).stream()
              .map(PolicyJson::rule)
              .toList(),
          "",
          Instant.EPOCH);
    } catch (NullPointerException e) {
      // The domain's own checks name what is missing (a filter without a predicate).
      throw new IllegalArgumentException(
          e.getMessage() == null ? "the policy is incomplete" : e.getMessage() + ": required");
    }
  }

  private static Map<String, Long> millis(Map<String, Duration> byRole) {
    Map<String, Long> out = new TreeMap<>();
    byRole.forEach((role, limit) -> out.put(role, limit.toMillis()));
    return out;
  }

  private static Map<String, Duration> durations(Map<String, Long> byRole) {
    Map<String, Duration> out = new LinkedHashMap<>();
    byRole.forEach(
        (role, millis) -> {
          if (millis == null) {
            throw new IllegalArgumentException(
                "role_timeouts_ms: the timeout of role " + role + " must be milliseconds");
          }
          out.put(role, Duration.ofMillis(millis));
        });
    return out;
  }

  private static ColumnRule rule(Rule r) {
    ColumnTreatment treatment;
    try {
      treatment = ColumnTreatment.valueOf(String.valueOf(r.treatment()).toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "column rule treatment must be mask or hide, got '" + r.treatment() + "'");
    }
    return new ColumnRule(r.role(), r.table(), r.column(), treatment, r.maskSql());
  }
}
