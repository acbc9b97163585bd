package dev.parlance.application.identity;

/**
 * Provisions the portal's realm (clients, roles, token claims, demo users) on an identity provider.
 * Idempotent: run it again and nothing is duplicated; existing users are left as they are.
 */
@FunctionalInterface
public interface SetUpPortalUseCase {

  PortalSetUp setUp(SetUpPortalCommand command);
}
