package dev.parlance.application.governance;

import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;

/**
 * A source's governance policy for signed-in users: its stewards and admins read it and its
 * versions; admins publish a new version (recorded in the audit trail). Each method throws {@link
 * dev.parlance.application.access.AccessDeniedException} when the user may not.
 */
public interface SourcePoliciesUseCase {

  GovernancePolicy current(UserIdentity user, String source);

  List<GovernancePolicy> history(UserIdentity user, String source);

  /**
   * Publishes a new version. A row filter or column rule the draft adds must name a table (and a
   * column) the source's database has, else nothing is published.
   *
   * @throws IllegalArgumentException naming the unknown table or column and the closest ones
   */
  GovernancePolicy publish(UserIdentity user, String source, GovernancePolicy draft);

  /**
   * What a policy editor offers to pick from: the source's tables (base tables and the database's
   * views) with their columns and the curated views that read each, and the roles known to the
   * policy. Empty lists when the database cannot be read.
   */
  default PolicyChoices choices(UserIdentity user, String source) {
    current(user, source);
    return new PolicyChoices(List.of(), List.of());
  }

  /** The tables and roles a policy editor offers. */
  record PolicyChoices(List<TableChoice> tables, List<String> roles) {
    public PolicyChoices {
      tables = List.copyOf(tables);
      roles = List.copyOf(roles);
    }
  }

  /**
   * A table of the source's database.
   *
   * @param views the curated views that read it (what users know it by)
   */
  record TableChoice(String name, List<String> columns, List<String> views) {
    public TableChoice {
      columns = List.copyOf(columns);
      views = List.copyOf(views);
    }
  }
}
