package dev.parlance.application.identity;

import java.util.List;
import java.util.Optional;

/**
 * A demo user's login. The password is known when this set-up created the user or an earlier one
 * recorded it; a user someone else created keeps a password Parlance never saw.
 */
public record DemoLogin(String username, Optional<String> password, List<String> roles) {

  public DemoLogin {
    password = password == null ? Optional.empty() : password;
    roles = List.copyOf(roles);
  }

  @Override
  public String toString() {
    return "DemoLogin[username=" + username + ", roles=" + roles + "]";
  }
}
