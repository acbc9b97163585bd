package dev.parlance.application.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.domain.governance.ActionTaken;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.identity.ManageUsersPort;
import dev.parlance.domain.identity.PortalUser;
import dev.parlance.domain.identity.UnknownUserException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ManageUsersServiceTest {

  /** Users in memory, as an identity provider keeps them. */
  static final class InMemoryUsers implements ManageUsersPort {
    final TreeMap<String, PortalUser> all = new TreeMap<>();

    InMemoryUsers with(String name, String... roles) {
      all.put(name, new PortalUser(name, true, new HashSet<>(List.of(roles)), Map.of()));
      return this;
    }

    @Override
    public List<PortalUser> users(int first, int max) {
      return all.values().stream().skip(first).limit(max).toList();
    }

    @Override
    public Optional<PortalUser> user(String username) {
      return Optional.ofNullable(all.get(username));
    }

    private PortalUser existing(String username) {
      return user(username).orElseThrow(() -> new UnknownUserException(username));
    }

    @Override
    public void grantRole(String username, String role) {
      PortalUser u = existing(username);
      var roles = new HashSet<>(u.roles());
      roles.add(role);
      all.put(username, new PortalUser(username, true, roles, u.attributes()));
    }

    @Override
    public void revokeRole(String username, String role) {
      PortalUser u = existing(username);
      var roles = new HashSet<>(u.roles());
      roles.remove(role);
      all.put(username, new PortalUser(username, true, roles, u.attributes()));
    }

    @Override
    public void setAttribute(String username, String attribute, List<String> values) {
      PortalUser u = existing(username);
      Map<String, List<String>> attributes = new HashMap<>(u.attributes());
      if (values.isEmpty()) {
        attributes.remove(attribute);
      } else {
        attributes.put(attribute, values);
      }
      all.put(username, new PortalUser(username, true, u.roles(), attributes));
    }
  }

  private final InMemoryUsers port =
      new InMemoryUsers().with("ada", "admin").with("ana", "analyst").with("sam", "steward");
  private final List<ActionTaken> recorded = new ArrayList<>();
  private final ManageUsersService users =
      new ManageUsersService(port, recorded::add, Clock.systemUTC());
  private final UserIdentity admin = UserIdentity.of("ada", "admin");

  @Test
  void should_grant_and_revoke_roles_and_answer_the_user_as_now_held() {
    assertThat(users.grantRole(admin, "ana", " Regional ").roles())
        .containsExactlyInAnyOrder("analyst", "regional");
    assertThat(users.revokeRole(admin, "ana", "analyst").roles()).containsExactly("regional");
    assertThat(recorded)
        .extracting(ActionTaken::action, ActionTaken::detail)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("user-role-grant", "granted regional to ana"),
            org.assertj.core.groups.Tuple.tuple("user-role-revoke", "revoked analyst from ana"));
  }

  @Test
  void should_set_stewarded_sources_and_remove_an_attribute_given_no_values() {
    PortalUser sam =
        users.setAttribute(
            admin, "sam", "stewarded_sources", List.of("demo", " plant ", "", "demo"));
    assertThat(sam.attributes()).containsEntry("stewarded_sources", List.of("demo", "plant"));

    assertThat(users.setAttribute(admin, "sam", "stewarded_sources", List.of(" ")).attributes())
        .doesNotContainKey("stewarded_sources");
  }

  @Test
  void should_page_users_in_name_order() {
    assertThat(users.users(admin, 1, 2)).extracting(PortalUser::username).containsExactly("sam");
    assertThatThrownBy(() -> users.users(admin, 0, 101))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_refuse_non_admins_bad_names_and_an_admin_demoting_themselves() {
    assertThatThrownBy(() -> users.users(UserIdentity.of("sam", "steward"), 0, 10))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> users.grantRole(UserIdentity.of("ana", "analyst"), "ana", "admin"))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> users.grantRole(admin, "ana", "ad min"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("role:");
    assertThatThrownBy(() -> users.setAttribute(admin, "ana", "Region!", List.of("SE")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("attribute:");
    assertThatThrownBy(() -> users.revokeRole(admin, "ada", "admin"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("yourself");
    assertThatThrownBy(() -> users.grantRole(admin, "nobody", "analyst"))
        .isInstanceOf(UnknownUserException.class);
    assertThat(recorded).isEmpty();
    assertThat(port.all.get("ada").roles()).containsExactly("admin");
  }
}
