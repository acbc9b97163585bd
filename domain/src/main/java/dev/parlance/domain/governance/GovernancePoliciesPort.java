package dev.parlance.domain.governance;

import java.util.List;
import java.util.Optional;

/** Where stewards' policies are kept, one numbered version after another per source. */
public interface GovernancePoliciesPort {

  /** The newest published version, if a steward has published one. */
  Optional<GovernancePolicy> current(String source);

  /** Every published version, oldest first. */
  List<GovernancePolicy> history(String source);

  /**
   * Publishes {@code draft} as the source's next version, recording the steward and the time.
   *
   * @return the policy as stored, with its version number
   */
  GovernancePolicy publish(GovernancePolicy draft, String steward);
}
