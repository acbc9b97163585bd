package dev.parlance.domain.governance;

import java.util.Objects;

/**
 * Masks or hides one column for users acting as {@code role}. A mask shows {@code maskSql} (SQL of
 * the source's dialect, by default the text {@code '***'}) in place of the values.
 */
public record ColumnRule(
    String role, String table, String column, ColumnTreatment treatment, String maskSql) {

  public static final String DEFAULT_MASK = "'***'";

  public ColumnRule {
    role = GovernancePolicy.roleKey(role);
    table = GovernancePolicy.requireName(table, "column rule table");
    column = GovernancePolicy.requireName(column, "column rule column");
    Objects.requireNonNull(treatment, "treatment");
    maskSql =
        treatment == ColumnTreatment.HIDE
            ? ""
            : (maskSql == null || maskSql.isBlank() ? DEFAULT_MASK : maskSql.strip());
  }

  public static ColumnRule mask(String role, String table, String column) {
    return new ColumnRule(role, table, column, ColumnTreatment.MASK, DEFAULT_MASK);
  }

  public static ColumnRule hide(String role, String table, String column) {
    return new ColumnRule(role, table, column, ColumnTreatment.HIDE, "");
  }
}
