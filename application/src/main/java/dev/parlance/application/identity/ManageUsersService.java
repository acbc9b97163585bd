package dev.parlance.application.identity;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.governance.ActionTaken;
import dev.parlance.domain.governance.RecordActionPort;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.identity.ManageUsersPort;
import dev.parlance.domain.identity.PortalUser;
import dev.parlance.domain.identity.UnknownUserException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Checks that the caller is an admin and what they ask is well formed, then asks the provider. */
public final class ManageUsersService implements ManageUsersUseCase {

  // The audit trail's entries need a source; user management concerns none.
  static final String NO_SOURCE = "-";
  private static final Pattern ROLE = Pattern.compile("[a-z][a-z0-9_-]{0,39}");
  private static final Pattern ATTRIBUTE = Pattern.compile("[a-z][a-z0-9_]{0,39}");
  private static final int MAX_VALUE = 255;

  private final ManageUsersPort users;
  private final RecordActionPort audit;
  private final Clock clock;

  public ManageUsersService(ManageUsersPort users, RecordActionPort audit, Clock clock) {
    this.users = users;
    this.audit = audit;
    this.clock = clock;
  }

  @Override
  public List<PortalUser> users(UserIdentity admin, int page, int size) {
    requireAdmin(admin);
    if (page < 0) {
      throw new IllegalArgumentException("page: 0 or more, got " + page);
    }
    if (size < 1 || size > MAX_PAGE) {
      throw new IllegalArgumentException("size: between 1 and " + MAX_PAGE + ", got " + size);
    }
    return users.users(page * size, size);
  }

  @Override
  public PortalUser grantRole(UserIdentity admin, String username, String role) {
    requireAdmin(admin);
    String name = role(role);
    users.grantRole(username(username), name);
    return changed(admin, username, "user-role-grant", "granted " + name + " to " + username);
  }

  @Override
  public PortalUser revokeRole(UserIdentity admin, String username, String role) {
    requireAdmin(admin);
    String name = role(role);
    if (name.equals(SourceAccess.ADMIN) && username(username).equals(admin.name())) {
      throw new IllegalArgumentException(
          "role: you cannot take the admin role from yourself (another admin can)");
    }
    users.revokeRole(username(username), name);
    return changed(admin, username, "user-role-revoke", "revoked " + name + " from " + username);
  }

  @Override
  public PortalUser setAttribute(
      UserIdentity admin, String username, String attribute, List<String> values) {
    requireAdmin(admin);
    String name = attribute == null ? "" : attribute.strip().toLowerCase(Locale.ROOT);
    if (!ATTRIBUTE.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "attribute: a lower-case name of letters, digits and '_', got '" + attribute + "'");
    }
    LinkedHashSet<String> kept = new LinkedHashSet<>();
    for (String value : values == null ? List.<String>of() : values) {
      if (value != null && !value.isBlank()) {
        if (value.strip().length() > MAX_VALUE) {
          throw new IllegalArgumentException("values: longer than " + MAX_VALUE + " characters");
        }
        kept.add(value.strip());
      }
    }
    users.setAttribute(username(username), name, new ArrayList<>(kept));
    return changed(
        admin,
        username,
        "user-attribute",
        "set " + name + " of " + username + " to " + (kept.isEmpty() ? "nothing" : kept));
  }

  private PortalUser changed(UserIdentity admin, String username, String action, String detail) {
    audit.record(ActionTaken.by(clock.instant(), admin, NO_SOURCE, action, detail));
    return users.user(username).orElseThrow(() -> new UnknownUserException(username));
  }

  private static void requireAdmin(UserIdentity admin) {
    SourceAccess.requireAdmin(admin, "manage users");
  }

  private static String role(String role) {
    String name = role == null ? "" : role.strip().toLowerCase(Locale.ROOT);
    if (!ROLE.matcher(name).matches()) {
      throw new IllegalArgumentException("role: not a role name: '" + role + "'");
    }
    return name;
  }

  private static String username(String username) {
    if (username == null || username.isBlank()) {
      throw new IllegalArgumentException("user: name the user");
    }
    return username.strip();
  }
}
