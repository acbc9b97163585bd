package dev.parlance.web.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.governance.UserIdentity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IdentityClaimsTest {

  private final IdentityClaims claims = new IdentityClaims(List.of("region"));

  @Test
  void
      should_give_the_same_identity_as_the_command_line_when_the_token_carries_roles_and_a_region() {
    UserIdentity identity =
        claims.identity(
            Map.of(
                "sub",
                "7c1d",
                "preferred_username",
                "analyst-se",
                "groups",
                List.of("analyst", "regional"),
                "parlance",
                Map.of("region", List.of("SE"))));

    // parlance sql --as analyst-se --roles analyst,regional --attr region=SE
    assertThat(identity)
        .isEqualTo(
            new UserIdentity(
                "analyst-se", java.util.Set.of("analyst", "regional"), Map.of("region", "SE")));
  }

  @Test
  void should_name_every_claim_it_reads_so_that_a_caller_can_copy_only_those() {
    Map<String, Object> token =
        Map.of(
            "iss",
            "https://keycloak/realms/parlance",
            "exp",
            1_800_000_000L,
            "scope",
            "openid profile",
            "upn",
            "rita@example.org",
            "groups",
            List.of("analyst"),
            "realm_access",
            Map.of("roles", List.of("regional")),
            "region",
            "NO",
            "parlance",
            Map.of("plant", List.of("P1")));
    Map<String, Object> copied = new java.util.HashMap<>(token);
    copied.keySet().retainAll(claims.claimNames());

    assertThat(copied).doesNotContainKeys("iss", "exp", "scope");
    assertThat(claims.identity(copied)).isEqualTo(claims.identity(token));
    assertThat(claims.identity(copied).attribute("region")).contains("NO");
  }

  @Test
  void should_join_several_values_and_merge_keycloak_realm_roles_when_present() {
    UserIdentity identity =
        claims.identity(
            Map.of(
                "preferred_username", "steward",
                "realm_access", Map.of("roles", List.of("steward", "default-roles-parlance")),
                "parlance", Map.of("stewarded_sources", List.of("demo", "plant"))));

    assertThat(identity.roles()).containsExactlyInAnyOrder("steward", "default-roles-parlance");
    assertThat(identity.attribute("stewarded_sources")).contains("demo,plant");
  }

  @Test
  void should_read_top_level_attribute_claims_from_providers_that_cannot_nest() {
    UserIdentity identity = claims.identity(Map.of("upn", "rita@example.org", "region", "NO"));

    assertThat(identity.name()).isEqualTo("rita@example.org");
    assertThat(identity.attribute("region")).contains("NO");
    assertThat(identity.roles()).isEmpty();
  }

  @Test
  void should_fall_back_to_the_subject_and_refuse_a_token_without_any_name() {
    assertThat(claims.identity(Map.of("sub", "abc")).name()).isEqualTo("abc");
    assertThatThrownBy(() -> claims.identity(Map.of("groups", List.of("admin"))))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_ignore_structured_values_where_a_text_is_expected() {
    UserIdentity identity =
        claims.identity(
            Map.of(
                "preferred_username", "x", "parlance", Map.of("region", Map.of("nested", "no"))));

    assertThat(identity.attributes()).isEmpty();
  }
}
