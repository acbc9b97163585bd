package dev.parlance.application.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.governance.ActionTaken;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PreviewAsUserServiceTest {

  private final List<RunQueryUseCase.Command> ran = new ArrayList<>();
  private final List<ActionTaken> recorded = new ArrayList<>();
  private final DataSourcesPort sources = new DemoSourceOnly();
  private final PreviewAsUserService previews =
      new PreviewAsUserService(
          sources,
          command -> {
            ran.add(command);
            return QueryOutcome.Refused.of(RefusalKind.DATA_CHANGE, "no writes", command.sql());
          },
          recorded::add,
          Clock.fixed(Instant.parse("2026-11-24T09:00:00Z"), ZoneOffset.UTC));

  private final UserIdentity admin = UserIdentity.of("ada", "admin");
  private final UserIdentity regional =
      new UserIdentity("ana-se", Set.of("analyst", "regional"), Map.of("region", "SE"));

  @Test
  void should_build_a_real_users_identity_from_their_realm_roles_and_attributes() {
    dev.parlance.domain.identity.ManageUsersPort realm =
        new dev.parlance.domain.identity.ManageUsersPort() {
          @Override
          public List<dev.parlance.domain.identity.PortalUser> users(int first, int max) {
            return List.of();
          }

          @Override
          public java.util.Optional<dev.parlance.domain.identity.PortalUser> user(String name) {
            return name.equals("analyst-se")
                ? java.util.Optional.of(
                    new dev.parlance.domain.identity.PortalUser(
                        "analyst-se",
                        true,
                        Set.of("analyst", "regional"),
                        Map.of("region", List.of("SE"), "stewarded_sources", List.of("a", "b"))))
                : java.util.Optional.empty();
          }

          @Override
          public void grantRole(String username, String role) {}

          @Override
          public void revokeRole(String username, String role) {}

          @Override
          public void setAttribute(String username, String attribute, List<String> values) {}
        };
    PreviewAsUserService withRealm =
        new PreviewAsUserService(
            sources,
            command -> QueryOutcome.Refused.of(RefusalKind.DATA_CHANGE, "x", command.sql()),
            recorded::add,
            Clock.fixed(Instant.parse("2026-11-24T09:00:00Z"), ZoneOffset.UTC),
            realm);

    UserIdentity real = withRealm.realUser(admin, "analyst-se");

    assertThat(real.name()).isEqualTo("analyst-se");
    assertThat(real.roles()).containsExactlyInAnyOrder("analyst", "regional");
    assertThat(real.attributes())
        .containsExactlyInAnyOrderEntriesOf(Map.of("region", "SE", "stewarded_sources", "a,b"));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> withRealm.realUser(admin, "nobody"))
        .isInstanceOf(dev.parlance.domain.identity.UnknownUserException.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> withRealm.realUser(regional, "analyst-se"))
        .isInstanceOf(dev.parlance.application.access.AccessDeniedException.class);
  }

  @Test
  void should_run_the_statement_as_the_previewed_identity_and_record_who_previewed() {
    QueryOutcome outcome = previews.preview(admin, "demo", regional, "DELETE FROM TB_IN");

    assertThat(outcome).isInstanceOf(QueryOutcome.Refused.class);
    assertThat(ran)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.user()).isEqualTo(regional);
              assertThat(c.source()).isEqualTo("demo");
              assertThat(c.sql()).isEqualTo("DELETE FROM TB_IN");
            });
    assertThat(recorded)
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.user()).isEqualTo("ada");
              assertThat(a.action()).isEqualTo("policy-preview");
              assertThat(a.detail())
                  .isEqualTo("as ana-se (roles: analyst, regional; attributes: region=SE)");
            });
  }

  @Test
  void should_refuse_anyone_but_an_admin_before_anything_runs() {
    UserIdentity steward =
        new UserIdentity("sam", Set.of("steward"), Map.of("stewarded_sources", "*"));

    assertThatThrownBy(() -> previews.preview(steward, "demo", regional, "SELECT 1"))
        .isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("only admins");
    assertThat(ran).isEmpty();
    assertThat(recorded).isEmpty();
  }

  @Test
  void should_name_an_empty_statement_and_an_unknown_source() {
    assertThatThrownBy(() -> previews.preview(admin, "demo", regional, " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sql");
    assertThatThrownBy(() -> previews.preview(admin, "nope", regional, "SELECT 1"))
        .isInstanceOf(UnknownSourceException.class);
    assertThat(ran).isEmpty();
  }
}
