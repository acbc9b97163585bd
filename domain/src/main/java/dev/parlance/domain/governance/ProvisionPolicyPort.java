package dev.parlance.domain.governance;

import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;

/**
 * Provisions a policy in the source's own database, so that the engine enforces it (on PostgreSQL:
 * roles, grants, row-level security, masking views and the request-context check). Idempotent: a
 * second run with the same policy changes nothing.
 */
@FunctionalInterface
public interface ProvisionPolicyPort {

  /**
   * @param admin how to obtain an administrator's user and password (by reference; never stored)
   * @throws ProvisioningException with one clear line when the database refuses or cannot be
   *     reached
   */
  Provisioning provision(DataSource source, GovernancePolicy policy, Credentials admin);
}
