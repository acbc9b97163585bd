package dev.parlance.domain.governance;

import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.util.List;
import java.util.Objects;

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

  /** What provisioning did. */
  record Provisioning(String summary, List<String> steps) {
    public Provisioning {
      GovernancePolicy.requireName(summary, "summary");
      steps = List.copyOf(Objects.requireNonNullElse(steps, List.of()));
    }
  }

  /** Provisioning could not finish; the message says why in one line, without secrets. */
  final class ProvisioningException extends RuntimeException {
    public ProvisioningException(String message) {
      super(message);
    }

    public ProvisioningException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
