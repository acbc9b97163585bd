package dev.parlance.adapters.db.governance;

import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ForeignKeyFilters;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What binds one user on one source: the row filters of the user's roles, those that follow foreign
 * keys included (their predicates built only for the tables a statement reads), and the column
 * rules.
 */
final class Restrictions {

  private final GovernancePolicy policy;
  private final UserIdentity user;
  private final ForeignKeyFilters.Binding binding;

  Restrictions(GovernancePolicy policy, UserIdentity user, Relations relations) {
    this.policy = policy;
    this.user = user;
    this.binding =
        relations
            .foreignKeys()
            .bind(policy, user, ForeignKeyFilters.qualified(t -> "main." + SqlNames.quote(t)));
  }

  Map<String, ColumnRule> columnRules(Relations.Relation relation) {
    return policy.columnRulesFor(user, relation.policySchema(), relation.name());
  }

  /** Whether a row filter or a column rule binds the user on {@code relation}. */
  boolean restricts(Relations.Relation relation) {
    return binding.binds(relation.name()) || !columnRules(relation).isEmpty();
  }

  /** The predicates of {@code relation}'s visible rows, attributes bound as literals. */
  List<String> predicates(Relations.Relation relation) {
    try {
      return binding.predicates(relation.name());
    } catch (IllegalStateException e) {
      throw new Deny(RefusalKind.MISSING_ATTRIBUTE, e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new Deny(
          RefusalKind.UNENFORCEABLE_POLICY, e.getMessage() + "; ask a steward to fix the policy");
    }
  }

  /** Every table the user is restricted on, lower-case. */
  Set<String> restricted() {
    Set<String> out = new TreeSet<>(binding.tables());
    policy.columnRules().stream()
        .filter(r -> user.actsAs(r.role()))
        .forEach(r -> out.add(r.table().toLowerCase(Locale.ROOT)));
    return out;
  }
}
