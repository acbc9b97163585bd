package dev.parlance.application.governance;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.governance.ActionTaken;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RecordActionPort;
import dev.parlance.domain.governance.UserIdentity;
import java.time.Clock;
import java.util.List;

/** Policies as versioned data, read by a source's stewards, published by admins. */
public final class SourcePoliciesService implements SourcePoliciesUseCase {

  private final ManagePoliciesUseCase policies;
  private final RecordActionPort audit;
  private final Clock clock;

  public SourcePoliciesService(
      ManagePoliciesUseCase policies, RecordActionPort audit, Clock clock) {
    this.policies = policies;
    this.audit = audit;
    this.clock = clock;
  }

  @Override
  public GovernancePolicy current(UserIdentity user, String source) {
    SourceAccess.requireStewardship(user, source);
    return policies.current(source);
  }

  @Override
  public List<GovernancePolicy> history(UserIdentity user, String source) {
    SourceAccess.requireStewardship(user, source);
    return policies.history(source);
  }

  @Override
  public GovernancePolicy publish(UserIdentity user, String source, GovernancePolicy draft) {
    SourceAccess.requireAdmin(user, "publish governance policies");
    GovernancePolicy published = policies.publish(source, draft, user.name());
    audit.record(
        ActionTaken.by(
            clock.instant(),
            user,
            source,
            "policy-publish",
            "published policy version " + published.version()));
    return published;
  }
}
