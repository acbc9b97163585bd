package dev.parlance.application.policy;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.ProvisionPolicyPort;
import dev.parlance.domain.governance.Provisioning;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;

/** Looks up the source and its current policy (or the default) and has it provisioned. */
public final class ApplyPolicyService implements ApplyPolicyUseCase {

  private final DataSourcesPort sources;
  private final GovernancePoliciesPort policies;
  private final ProvisionPolicyPort provisioning;

  public ApplyPolicyService(
      DataSourcesPort sources, GovernancePoliciesPort policies, ProvisionPolicyPort provisioning) {
    this.sources = sources;
    this.policies = policies;
    this.provisioning = provisioning;
  }

  @Override
  public Provisioning apply(Command command) {
    DataSource source =
        sources
            .find(command.source())
            .orElseThrow(() -> new UnknownSourceException(command.source()));
    GovernancePolicy policy =
        policies.current(source.name()).orElseGet(() -> GovernancePolicy.defaults(source.name()));
    return provisioning.provision(source, policy, command.admin());
  }
}
