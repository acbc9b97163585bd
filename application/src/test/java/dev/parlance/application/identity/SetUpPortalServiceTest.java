package dev.parlance.application.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.identity.RealmProvisioned;
import dev.parlance.domain.identity.RealmSpec;
import dev.parlance.domain.identity.UserSpec;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SetUpPortalServiceTest {

  private final List<RealmSpec> asked = new ArrayList<>();

  private SetUpPortalService service(Set<String> alreadyThere) {
    return new SetUpPortalService(
        spec -> {
          asked.add(spec);
          List<String> names = spec.users().stream().map(UserSpec::username).toList();
          return new RealmProvisioned(
              spec.realm(),
              alreadyThere.isEmpty(),
              names.stream().filter(n -> !alreadyThere.contains(n)).toList(),
              names.stream().filter(alreadyThere::contains).toList(),
              "secret");
        },
        new Random(7));
  }

  @Test
  void should_ask_for_the_chosen_client_secret_when_the_caller_chose_one() {
    service(Set.of())
        .setUp(
            new SetUpPortalCommand(
                URI.create("https://localhost:9443/"), Map.of(), Optional.of("chosen-secret")));
    service(Set.of())
        .setUp(new SetUpPortalCommand(URI.create("https://localhost:9443/"), Map.of()));

    assertThat(asked.get(0).portal().secret()).contains("chosen-secret");
    assertThat(asked.get(1).portal().secret()).isEmpty();
  }

  @Test
  void should_define_the_portal_realm_with_its_clients_roles_claims_and_demo_users() {
    PortalSetUp setUp =
        service(Set.of())
            .setUp(new SetUpPortalCommand(URI.create("https://localhost:9443/"), Map.of()));

    RealmSpec spec = asked.getFirst();
    assertThat(spec.realm()).isEqualTo("parlance");
    assertThat(spec.cliClientId()).isEqualTo("parlance-cli");
    assertThat(spec.portal().clientId()).isEqualTo("parlance-portal");
    assertThat(spec.portal().redirectUris()).containsExactly("https://localhost:9443/*");
    assertThat(spec.roles()).contains("analyst", "steward", "admin");
    assertThat(spec.tokenAttributes()).contains("region", "stewarded_sources");
    assertThat(spec.users())
        .extracting(UserSpec::username)
        .containsExactly("analyst", "analyst-se", "steward", "steward-other", "admin");
    UserSpec regional = spec.users().get(1);
    assertThat(regional.attributes()).containsEntry("region", List.of("SE"));
    assertThat(regional.roles()).contains("analyst", "regional");

    assertThat(setUp.portalClientSecret()).isEqualTo("secret");
    assertThat(setUp.logins()).allSatisfy(login -> assertThat(login.password()).isPresent());
    assertThat(setUp.logins().stream().map(l -> l.password().orElseThrow()).distinct()).hasSize(5);
    assertThat(setUp.logins().getFirst().password().orElseThrow()).hasSize(20);
  }

  @Test
  void should_provision_the_realm_the_command_names_when_a_provider_serves_several_portals() {
    PortalSetUp setUp =
        service(Set.of())
            .setUp(
                new SetUpPortalCommand(
                    URI.create("https://localhost:9443/"), Map.of(), Optional.empty(), "portal-b"));

    assertThat(asked.getFirst().realm()).isEqualTo("portal-b");
    assertThat(setUp.realm()).isEqualTo("portal-b");
  }

  @Test
  void should_refuse_a_realm_name_that_cannot_be_a_path_segment() {
    for (String bad : List.of("", "a/b", "../master", " parlance", "-x")) {
      assertThatThrownBy(
              () ->
                  new SetUpPortalCommand(
                      URI.create("https://localhost:9443/"), Map.of(), Optional.empty(), bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("realm name");
    }
  }

  @Test
  void should_report_known_passwords_and_withhold_unknown_ones_when_users_already_exist() {
    PortalSetUp setUp =
        service(Set.of("analyst", "admin"))
            .setUp(
                new SetUpPortalCommand(
                    URI.create("https://portal.example.org"),
                    Map.of("analyst", "remembered-pass-1")));

    assertThat(asked.getFirst().users().getFirst().password()).isEqualTo("remembered-pass-1");
    assertThat(setUp.logins())
        .filteredOn(l -> l.username().equals("analyst"))
        .singleElement()
        .satisfies(l -> assertThat(l.password()).contains("remembered-pass-1"));
    assertThat(setUp.logins())
        .filteredOn(l -> l.username().equals("admin"))
        .singleElement()
        .satisfies(l -> assertThat(l.password()).isEqualTo(Optional.empty()));
    assertThat(setUp.logins())
        .filteredOn(l -> l.username().equals("steward"))
        .singleElement()
        .satisfies(l -> assertThat(l.password()).isPresent());
  }

  @Test
  void should_keep_passwords_out_of_text_when_printed() {
    PortalSetUp setUp =
        service(Set.of())
            .setUp(new SetUpPortalCommand(URI.create("https://localhost:1/"), Map.of()));
    String password = setUp.logins().getFirst().password().orElseThrow();

    assertThat(setUp.toString()).doesNotContain(password).doesNotContain("secret");
    assertThat(asked.getFirst().users().getFirst().toString()).doesNotContain(password);
  }
}
