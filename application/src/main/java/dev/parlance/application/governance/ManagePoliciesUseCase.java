package dev.parlance.application.governance;

import dev.parlance.domain.governance.GovernancePolicy;
import java.util.List;

/**
 * Stewards read and publish a source's governance policy; every change is a new version. Each
 * method throws {@link dev.parlance.application.retrieval.UnknownSourceException} for a source
 * Parlance does not know.
 */
public interface ManagePoliciesUseCase {

  /** The policy in force: the newest published version, else the built-in default. */
  GovernancePolicy current(String source);

  /** Publishes {@code draft} as the source's next version, by {@code steward}. */
  GovernancePolicy publish(String source, GovernancePolicy draft, String steward);

  /** Every published version, oldest first. */
  List<GovernancePolicy> history(String source);
}
