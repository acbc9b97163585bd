package dev.parlance.application.policy;

import dev.parlance.domain.governance.Provisioning;
import dev.parlance.domain.source.Credentials;
import java.util.Objects;

/** Provisions a source's current policy in its database, so that the engine enforces it. */
@FunctionalInterface
public interface ApplyPolicyUseCase {

  Provisioning apply(Command command);

  /**
   * @param admin how to find an administrator's user and password (environment variables); the
   *     values are read when connecting and never kept
   */
  record Command(String source, Credentials admin) {
    public Command {
      if (source == null || source.isBlank()) {
        throw new IllegalArgumentException("name the source whose policy to apply");
      }
      Objects.requireNonNull(admin, "admin");
    }
  }
}
