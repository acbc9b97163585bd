package dev.parlance.application.access;

import dev.parlance.domain.governance.UserIdentity;
import java.util.Arrays;
import java.util.Locale;

/**
 * Who may do what with which source, from the caller's identity: admins everything; analysts ask
 * about every source (its governance policy decides what they see); stewards use and curate the
 * sources their {@code stewarded_sources} attribute names ({@code *} for all of them), and run
 * governed SQL on them. Entry points declare roles at the door; use cases apply these rules again
 * per source, because a role alone does not say which sources.
 */
public final class SourceAccess {

  public static final String ADMIN = "admin";
  public static final String STEWARD = "steward";
  public static final String ANALYST = "analyst";

  /** The attribute naming the sources a steward curates, comma-separated. */
  public static final String STEWARDED_SOURCES = "stewarded_sources";

  private SourceAccess() {}

  public static boolean isAdmin(UserIdentity user) {
    return user.roles().contains(ADMIN);
  }

  /** Whether the user curates {@code source}: an admin, or a steward whose attribute names it. */
  public static boolean stewards(UserIdentity user, String source) {
    if (isAdmin(user)) {
      return true;
    }
    if (!user.roles().contains(STEWARD)) {
      return false;
    }
    String key = source.strip().toLowerCase(Locale.ROOT);
    return user.attribute(STEWARDED_SOURCES).stream()
        .flatMap(list -> Arrays.stream(list.split(",")))
        .map(s -> s.strip().toLowerCase(Locale.ROOT))
        .anyMatch(s -> s.equals("*") || s.equals(key));
  }

  /** Whether the user may ask about {@code source} and search its schema. */
  public static boolean mayUse(UserIdentity user, String source) {
    return user.roles().contains(ANALYST) || stewards(user, source);
  }

  public static void requireUse(UserIdentity user, String source) {
    if (!mayUse(user, source)) {
      throw new AccessDeniedException(
          user.name()
              + " may not use source "
              + source
              + " (analysts, its stewards and admins may)");
    }
  }

  public static void requireStewardship(UserIdentity user, String source) {
    if (!stewards(user, source)) {
      throw new AccessDeniedException(
          user.name()
              + " does not steward source "
              + source
              + " (its stewards and admins may do this)");
    }
  }

  public static void requireAdmin(UserIdentity user, String what) {
    if (!isAdmin(user)) {
      throw new AccessDeniedException("only admins may " + what);
    }
  }
}
