package dev.parlance.application.identity;

import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.identity.PortalUser;
import java.util.List;

/**
 * Admins manage the portal's users in the identity provider: list them with their realm roles and
 * policy attributes, grant and revoke roles, and set the attributes policies read (the sources a
 * steward curates, a region). Each method throws {@link
 * dev.parlance.application.access.AccessDeniedException} for anyone but an admin and answers the
 * user as the provider now holds them; the change reaches the user's tokens at their next sign-in.
 */
public interface ManageUsersUseCase {

  int MAX_PAGE = 100;

  /** Page {@code page} (from 0) of {@code size} users, in name order. */
  List<PortalUser> users(UserIdentity admin, int page, int size);

  /**
   * @throws dev.parlance.domain.identity.UnknownUserException when there is no such user
   */
  PortalUser grantRole(UserIdentity admin, String username, String role);

  /**
   * @throws IllegalArgumentException when an admin would take the admin role from themselves
   */
  PortalUser revokeRole(UserIdentity admin, String username, String role);

  /**
   * Sets a policy attribute; no values (or only blank ones) remove it. {@code stewarded_sources}
   * names the sources a steward curates, one value each ({@code *} for all).
   */
  PortalUser setAttribute(
      UserIdentity admin, String username, String attribute, List<String> values);
}
