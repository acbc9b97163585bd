package dev.parlance.adapters.identity.keycloak;

import dev.parlance.domain.identity.ProvisionRealmPort;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import org.keycloak.admin.client.Keycloak;
import org.keycloak.admin.client.KeycloakBuilder;
import org.keycloak.representations.idm.RealmRepresentation;

/**
 * The one place that builds Keycloak's admin client, and the factory of the provisioning adapter
 * (the users adapter, {@link KeycloakUsers}, speaks the admin REST API without the client). Close
 * it to release the client's connections.
 */
public final class KeycloakIdentity implements AutoCloseable {

  private final Keycloak keycloak;

  private KeycloakIdentity(Keycloak keycloak) {
    this.keycloak = keycloak;
  }

  /** Connects as a {@code master}-realm administrator through the {@code admin-cli} client. */
  public static KeycloakIdentity connect(KeycloakAdmin admin) {
    Keycloak client =
        KeycloakBuilder.builder()
            .serverUrl(admin.url().toString())
            .realm("master")
            .clientId("admin-cli")
            .grantType("password")
            .username(admin.username())
            .password(admin.password())
            .build();
    KeycloakIdentity identity = new KeycloakIdentity(client);
    identity.checkCredentials(admin);
    return identity;
  }

  /** Provisions realms (the realm named by each spec). */
  public ProvisionRealmPort provisioning() {
    return new KeycloakProvisioningAdapter(keycloak);
  }

  // The admin client logs in lazily; asking for a token now turns bad credentials into one clear
  // failure here instead of a puzzling one in the middle of provisioning.
  private void checkCredentials(KeycloakAdmin admin) {
    try {
      keycloak.tokenManager().getAccessTokenString();
      RealmRepresentation master = keycloak.realm("master").toRepresentation();
      if (master == null) {
        throw new KeycloakRequestFailedException(
            "Keycloak at " + admin.url() + " has no master realm");
      }
    } catch (WebApplicationException e) {
      keycloak.close();
      int status = e.getResponse() == null ? 0 : e.getResponse().getStatus();
      throw new KeycloakRequestFailedException(
          status == 401 || status == 400
              ? "Keycloak at "
                  + admin.url()
                  + " refused the admin login of '"
                  + admin.username()
                  + "' (wrong user or password)"
              : "Keycloak at " + admin.url() + " answered " + status + ": " + e.getMessage(),
          e);
    } catch (ProcessingException e) {
      keycloak.close();
      throw new KeycloakRequestFailedException(
          "cannot reach Keycloak at " + admin.url() + ": " + rootMessage(e), e);
    }
  }

  static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
  }

  @Override
  public void close() {
    keycloak.close();
  }
}
