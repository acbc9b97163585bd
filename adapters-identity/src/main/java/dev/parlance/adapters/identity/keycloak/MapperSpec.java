package dev.parlance.adapters.identity.keycloak;

import java.util.HashMap;
import java.util.Map;

/**
 * One protocol mapper of the {@code parlance-claims} scope as plain values, so that the admin
 * client's provisioning and the users adapter's admin REST calls make the same mapper (no class of
 * the admin client here: the users adapter runs where that client does not load).
 */
record MapperSpec(String name, String type, Map<String, String> config) {

  /** The prefix of the nested claim that carries the policy attributes. */
  static final String ATTRIBUTE_CLAIM = "parlance";

  MapperSpec {
    config = Map.copyOf(config);
  }

  /** A mapper's settings: in access tokens always, in ID tokens and user info when asked. */
  static MapperSpec of(String name, String type, Map<String, String> config, boolean inIdToken) {
    Map<String, String> all = new HashMap<>(config);
    all.put("access.token.claim", "true");
    all.put("id.token.claim", String.valueOf(inIdToken));
    all.put("userinfo.token.claim", String.valueOf(inIdToken));
    all.put("introspection.token.claim", "true");
    return new MapperSpec(name, type, all);
  }

  /** Policy attribute {@code attribute} as the claim {@code parlance.<attribute>}. */
  static MapperSpec attribute(String attribute) {
    return of(
        "attribute " + attribute,
        "oidc-usermodel-attribute-mapper",
        Map.of(
            "user.attribute",
            attribute,
            "claim.name",
            ATTRIBUTE_CLAIM + "." + attribute,
            "multivalued",
            "true",
            "jsonType.label",
            "String"),
        true);
  }
}
