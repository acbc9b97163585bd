package dev.parlance.application.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.governance.UserIdentity;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SourceAccessTest {

  static final UserIdentity ANALYST = UserIdentity.of("ana", "analyst");
  static final UserIdentity ADMIN = UserIdentity.of("ad", "admin");
  static final UserIdentity STEWARD_OF_DEMO =
      new UserIdentity("sam", Set.of("steward"), Map.of("stewarded_sources", "plant, demo"));
  static final UserIdentity STEWARD_OF_OTHER =
      new UserIdentity("oz", Set.of("steward"), Map.of("stewarded_sources", "other"));

  @Test
  void should_let_analysts_use_every_source_but_curate_none() {
    assertThat(SourceAccess.mayUse(ANALYST, "demo")).isTrue();
    assertThat(SourceAccess.stewards(ANALYST, "demo")).isFalse();
    assertThatThrownBy(() -> SourceAccess.requireStewardship(ANALYST, "demo"))
        .isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("does not steward source demo");
  }

  @Test
  void should_limit_a_steward_to_the_sources_their_attribute_names() {
    assertThat(SourceAccess.stewards(STEWARD_OF_DEMO, "demo")).isTrue();
    assertThat(SourceAccess.stewards(STEWARD_OF_DEMO, "DEMO")).isTrue();
    assertThat(SourceAccess.stewards(STEWARD_OF_DEMO, "plant")).isTrue();
    assertThat(SourceAccess.mayUse(STEWARD_OF_OTHER, "demo")).isFalse();
    assertThat(SourceAccess.stewards(STEWARD_OF_OTHER, "demo")).isFalse();
    assertThatThrownBy(() -> SourceAccess.requireUse(STEWARD_OF_OTHER, "demo"))
        .isInstanceOf(AccessDeniedException.class);
  }

  @Test
  void should_not_let_the_attribute_alone_make_a_steward() {
    UserIdentity claimsOnly =
        new UserIdentity("eve", Set.of("analyst"), Map.of("stewarded_sources", "*"));

    assertThat(SourceAccess.stewards(claimsOnly, "demo")).isFalse();
  }

  @Test
  void should_let_a_star_steward_curate_every_source_and_admins_everything() {
    UserIdentity everywhere =
        new UserIdentity("all", Set.of("steward"), Map.of("stewarded_sources", "*"));

    assertThat(SourceAccess.stewards(everywhere, "anything")).isTrue();
    assertThat(SourceAccess.stewards(ADMIN, "anything")).isTrue();
    assertThat(SourceAccess.mayUse(ADMIN, "anything")).isTrue();
    assertThatThrownBy(() -> SourceAccess.requireAdmin(STEWARD_OF_DEMO, "publish policies"))
        .isInstanceOf(AccessDeniedException.class)
        .hasMessage("only admins may publish policies");
  }
}
