package dev.parlance.application.governance;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.List;

/** Policies as versioned data, for known sources only. */
public final class ManagePoliciesService implements ManagePoliciesUseCase {

  private final DataSourcesPort sources;
  private final GovernancePoliciesPort policies;

  public ManagePoliciesService(DataSourcesPort sources, GovernancePoliciesPort policies) {
    this.sources = sources;
    this.policies = policies;
  }

  @Override
  public GovernancePolicy current(String source) {
    requireSource(source);
    return policies.current(source).orElseGet(() -> GovernancePolicy.defaults(source));
  }

  @Override
  public GovernancePolicy publish(String source, GovernancePolicy draft, String steward) {
    requireSource(source);
    if (!draft.source().equals(source)) {
      throw new IllegalArgumentException(
          "the policy is for source '" + draft.source() + "', not '" + source + "'");
    }
    return policies.publish(draft, steward);
  }

  @Override
  public List<GovernancePolicy> history(String source) {
    requireSource(source);
    return policies.history(source);
  }

  private void requireSource(String source) {
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
  }
}
