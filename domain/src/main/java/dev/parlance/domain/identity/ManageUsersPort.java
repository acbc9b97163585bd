package dev.parlance.domain.identity;

import java.util.List;
import java.util.Optional;

/**
 * The admin pages' hold on users: list them, grant and revoke realm roles, and set the attributes
 * that policies read (an attribute set here is also put into the user's tokens).
 */
public interface ManageUsersPort {

  /** Users in name order, {@code first} counted from 0. */
  List<PortalUser> users(int first, int max);

  Optional<PortalUser> user(String username);

  /**
   * @throws UnknownUserException when no such user exists
   */
  void grantRole(String username, String role);

  /**
   * @throws UnknownUserException when no such user exists
   */
  void revokeRole(String username, String role);

  /**
   * Sets (or, with no values, removes) an attribute and makes sure tokens carry it.
   *
   * @throws UnknownUserException when no such user exists
   */
  void setAttribute(String username, String attribute, List<String> values);
}
