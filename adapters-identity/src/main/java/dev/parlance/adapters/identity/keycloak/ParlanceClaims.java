package dev.parlance.adapters.identity.keycloak;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.keycloak.admin.client.resource.ClientScopeResource;
import org.keycloak.admin.client.resource.RealmResource;
import org.keycloak.representations.idm.ClientScopeRepresentation;
import org.keycloak.representations.idm.ProtocolMapperRepresentation;

/**
 * The client scope {@code parlance-claims} that both Parlance clients carry by default: realm roles
 * in a {@code groups} claim (MicroProfile JWT's role claim), the audience {@code parlance} (which
 * the portal checks), and each policy attribute as {@code parlance.<attribute>} (a nested claim, so
 * the portal finds them all in one place without a list of names).
 */
final class ParlanceClaims {

  static final String SCOPE = "parlance-claims";
  static final String AUDIENCE = "parlance";
  static final String ATTRIBUTE_CLAIM = MapperSpec.ATTRIBUTE_CLAIM;

  private ParlanceClaims() {}

  /** The scope's id, created (with every mapper) when missing. */
  static String ensureScope(RealmResource realm, List<String> attributes) {
    String id =
        realm.clientScopes().findAll().stream()
            .filter(scope -> SCOPE.equals(scope.getName()))
            .map(ClientScopeRepresentation::getId)
            .findFirst()
            .orElseGet(() -> createScope(realm));
    ClientScopeResource scope = realm.clientScopes().get(id);
    List<String> present =
        scope.getProtocolMappers().getMappers().stream()
            .map(ProtocolMapperRepresentation::getName)
            .toList();
    List<ProtocolMapperRepresentation> wanted = new ArrayList<>();
    wanted.add(rolesMapper());
    wanted.add(audienceMapper());
    attributes.forEach(attribute -> wanted.add(attributeMapper(attribute)));
    for (ProtocolMapperRepresentation mapper : wanted) {
      if (!present.contains(mapper.getName())) {
        KeycloakCalls.created(
            scope.getProtocolMappers().createMapper(mapper), "mapper " + mapper.getName());
      }
    }
    return id;
  }

  private static String createScope(RealmResource realm) {
    ClientScopeRepresentation scope = new ClientScopeRepresentation();
    scope.setName(SCOPE);
    scope.setProtocol("openid-connect");
    scope.setDescription("Parlance: roles, audience and policy attributes in tokens");
    scope.setAttributes(
        Map.of("include.in.token.scope", "false", "display.on.consent.screen", "false"));
    return KeycloakCalls.created(realm.clientScopes().create(scope), "client scope " + SCOPE);
  }

  private static ProtocolMapperRepresentation rolesMapper() {
    return mapper(
        "realm roles as groups",
        "oidc-usermodel-realm-role-mapper",
        Map.of("claim.name", "groups", "multivalued", "true", "jsonType.label", "String"),
        true);
  }

  private static ProtocolMapperRepresentation audienceMapper() {
    return mapper(
        "audience parlance",
        "oidc-audience-mapper",
        Map.of("included.custom.audience", AUDIENCE),
        false);
  }

  private static ProtocolMapperRepresentation attributeMapper(String attribute) {
    return representation(MapperSpec.attribute(attribute));
  }

  private static ProtocolMapperRepresentation mapper(
      String name, String type, Map<String, String> config, boolean inIdToken) {
    return representation(MapperSpec.of(name, type, config, inIdToken));
  }

  private static ProtocolMapperRepresentation representation(MapperSpec spec) {
    ProtocolMapperRepresentation mapper = new ProtocolMapperRepresentation();
    mapper.setName(spec.name());
    mapper.setProtocol("openid-connect");
    mapper.setProtocolMapper(spec.type());
    mapper.setConfig(new java.util.HashMap<>(spec.config()));
    return mapper;
  }
}
