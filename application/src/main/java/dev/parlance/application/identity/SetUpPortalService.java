package dev.parlance.application.identity;

import dev.parlance.domain.identity.PortalClientSpec;
import dev.parlance.domain.identity.ProvisionRealmPort;
import dev.parlance.domain.identity.RealmProvisioned;
import dev.parlance.domain.identity.RealmSpec;
import dev.parlance.domain.identity.UserSpec;
import java.net.URI;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * The portal's realm as Parlance defines it: realm {@code parlance} (or the command's), the
 * confidential portal client, the public {@code parlance-cli} client (direct access grants, for
 * scripts and tests), the roles, the policy attributes tokens carry, and one demo user per kind of
 * person.
 */
public final class SetUpPortalService implements SetUpPortalUseCase {

  public static final String REALM = "parlance";
  public static final String PORTAL_CLIENT = "parlance-portal";
  public static final String CLI_CLIENT = "parlance-cli";

  /** The roles a portal user can hold; {@code regional} selects the demo policy's row filters. */
  public static final Set<String> ROLES = Set.of("analyst", "steward", "admin", "regional");

  /**
   * User attributes that tokens carry: {@code region} (the demo policy's row filters read it) and
   * {@code stewarded_sources} (the sources a steward curates).
   */
  public static final List<String> TOKEN_ATTRIBUTES = List.of("region", "stewarded_sources");

  private static final String ALPHABET =
      "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  private static final int PASSWORD_LENGTH = 20;

  private final ProvisionRealmPort provisioning;
  private final RandomGenerator random;

  public SetUpPortalService(ProvisionRealmPort provisioning) {
    this(provisioning, new SecureRandom());
  }

  SetUpPortalService(ProvisionRealmPort provisioning, RandomGenerator random) {
    this.provisioning = provisioning;
    this.random = random;
  }

  /** The demo users: who they are, what they may do and which attributes their tokens carry. */
  record DemoUser(String username, List<String> roles, Map<String, List<String>> attributes) {}

  static final List<DemoUser> DEMO_USERS =
      List.of(
          new DemoUser("analyst", List.of("analyst"), Map.of()),
          new DemoUser(
              "analyst-se", List.of("analyst", "regional"), Map.of("region", List.of("SE"))),
          new DemoUser("steward", List.of("steward"), Map.of("stewarded_sources", List.of("demo"))),
          // A steward of some other source: what a steward may not do to a source not theirs.
          new DemoUser(
              "steward-other", List.of("steward"), Map.of("stewarded_sources", List.of("other"))),
          new DemoUser("admin", List.of("admin"), Map.of()));

  @Override
  public PortalSetUp setUp(SetUpPortalCommand command) {
    List<UserSpec> users = new ArrayList<>();
    for (DemoUser demo : DEMO_USERS) {
      String password = command.knownPasswords().getOrDefault(demo.username(), newPassword());
      users.add(
          new UserSpec(demo.username(), Set.copyOf(demo.roles()), demo.attributes(), password));
    }
    RealmSpec spec =
        new RealmSpec(
            command.realm(),
            portalClient(command.portalUrl(), command.portalClientSecret()),
            CLI_CLIENT,
            ROLES,
            TOKEN_ATTRIBUTES,
            users);
    RealmProvisioned provisioned = provisioning.provision(spec);
    List<DemoLogin> logins = new ArrayList<>();
    for (UserSpec user : users) {
      boolean created = provisioned.createdUsers().contains(user.username());
      boolean known = command.knownPasswords().containsKey(user.username());
      Optional<String> password =
          created || known ? Optional.of(user.password()) : Optional.empty();
      logins.add(new DemoLogin(user.username(), password, user.roles().stream().sorted().toList()));
    }
    return new PortalSetUp(
        command.realm(),
        PORTAL_CLIENT,
        provisioned.portalClientSecret(),
        CLI_CLIENT,
        provisioned.realmCreated(),
        logins);
  }

  static PortalClientSpec portalClient(URI portalUrl, Optional<String> secret) {
    String base = portalUrl.toString().replaceAll("/+$", "");
    return new PortalClientSpec(
        PORTAL_CLIENT, URI.create(base + "/"), List.of(base + "/*"), List.of(base + "/*"), secret);
  }

  private String newPassword() {
    StringBuilder password = new StringBuilder(PASSWORD_LENGTH);
    for (int i = 0; i < PASSWORD_LENGTH; i++) {
      password.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return password.toString();
  }
}
