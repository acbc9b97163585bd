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

  GovernancePolicy publish(UserIdentity user, String source, GovernancePolicy draft);
}
