package dev.parlance.domain.governance;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A predicate that every row of {@code table} must satisfy for users acting as {@code role}, e.g.
 * {@code IN_RG = :user.region}. It is SQL of the source's dialect, written by a steward; {@code
 * :user.<attribute>} is replaced by the user's attribute as a string literal.
 *
 * @param followForeignKeys the filter also binds every table whose rows reach {@code table} through
 *     foreign keys ("rows belong to an installation of the user's region"): such a row is visible
 *     only when each reference on its way is null or points at a visible row. See {@link
 *     ForeignKeyFilters}.
 */
public record RowFilter(String role, String table, String predicate, boolean followForeignKeys) {

  private static final Pattern PARAMETER = Pattern.compile(":user\\.([A-Za-z_][A-Za-z0-9_]*)");

  public RowFilter {
    role = GovernancePolicy.roleKey(role);
    table = GovernancePolicy.requireName(table, "row filter table");
    Objects.requireNonNull(predicate, "predicate");
    if (predicate.isBlank()) {
      throw new IllegalArgumentException("row filter on " + table + " has an empty predicate");
    }
    predicate = predicate.strip();
  }

  /** A filter on {@code table} alone. */
  public RowFilter(String role, String table, String predicate) {
    this(role, table, predicate, false);
  }

  /** The same filter, applied also to every table that reaches {@code table}. */
  public RowFilter followingForeignKeys() {
    return new RowFilter(role, table, predicate, true);
  }

  /** The user attributes the predicate needs, lower-case, in order of first use. */
  public Set<String> attributes() {
    Set<String> names = new LinkedHashSet<>();
    Matcher m = PARAMETER.matcher(predicate);
    while (m.find()) {
      names.add(m.group(1).toLowerCase(Locale.ROOT));
    }
    return names;
  }

  /**
   * The predicate with every {@code :user.x} replaced by {@code literal.apply(value)}.
   *
   * @throws IllegalStateException naming the attribute when the user lacks one
   */
  public String bind(UserIdentity user, java.util.function.UnaryOperator<String> literal) {
    return bindWith(
        key ->
            literal.apply(
                user.attribute(key)
                    .orElseThrow(
                        () ->
                            new IllegalStateException(
                                "the row filter on "
                                    + table
                                    + " needs the user attribute '"
                                    + key.toLowerCase(Locale.ROOT)
                                    + "', which user "
                                    + user.name()
                                    + " does not have"))));
  }

  /**
   * The predicate with every {@code :user.x} replaced by {@code attribute.apply("x")}, e.g. an
   * engine function that reads the attribute from the request's context.
   */
  public String bindWith(java.util.function.UnaryOperator<String> attribute) {
    Matcher m = PARAMETER.matcher(predicate);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(attribute.apply(m.group(1))));
    }
    m.appendTail(out);
    return out.toString();
  }
}
