package dev.parlance.domain.identity;

/** The identity provider has no user of that name. */
public final class UnknownUserException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String username;

  public UnknownUserException(String username) {
    super("no user named " + username);
    this.username = username;
  }

  public String username() {
    return username;
  }
}
