package dev.parlance.application.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.ProtectedLocations;
import dev.parlance.domain.source.SourceCheck;
import dev.parlance.domain.source.SourceUrls;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManageSourcesServiceTest {

  private final SourceFakes.Sources sources = new SourceFakes.Sources();
  private final SourceFakes.Policies policies = new SourceFakes.Policies();
  private final List<String> changed = new ArrayList<>();
  private SourceCheck check = new SourceCheck.Reachable(3);
  private final ManageSourcesService service =
      new ManageSourcesService(sources, policies, changed::add, source -> check);

  @Test
  void should_add_then_replace_a_source_and_have_its_index_follow() {
    var added =
        service.add(
            new ManageSourcesUseCase.AddSource(
                "plant",
                "jdbc:postgresql://db/plant",
                new Credentials.FromEnvironment("PLANT_USER", "PLANT_PASSWORD"),
                true));
    var replaced =
        service.add(
            new ManageSourcesUseCase.AddSource("plant", "jdbc:sqlite:plant.sqlite", null, false));

    assertThat(added.replaced()).isFalse();
    assertThat(added.check()).contains(new SourceCheck.Reachable(3));
    assertThat(replaced.replaced()).isTrue();
    assertThat(service.list())
        .extracting(s -> s.jdbcUrl())
        .containsExactly("jdbc:sqlite:plant.sqlite");
    assertThat(changed).containsExactly("plant", "plant");
  }

  @Test
  void should_refuse_a_url_that_carries_a_password_and_keep_nothing() {
    assertThatThrownBy(
            () ->
                service.add(
                    new ManageSourcesUseCase.AddSource(
                        "plant", "jdbc:postgresql://db/plant?password=secret", null, true)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("carries a password");
    assertThat(service.list()).isEmpty();
    assertThat(changed).isEmpty();
  }

  @Test
  void should_refuse_a_url_that_carries_code_naming_the_parameter_and_never_open_it() {
    List<String> opened = new ArrayList<>();
    ManageSourcesService guarded =
        new ManageSourcesService(
            sources,
            policies,
            changed::add,
            source -> {
              opened.add(source.jdbcUrl());
              return check;
            });
    for (String url :
        List.of(
            "jdbc:h2:mem:x;ACCESS_MODE_DATA=rw;INIT=RUNSCRIPT FROM '/etc/passwd'",
            "jdbc:h2:mem:x;INIT=CREATE ALIAS X AS 'void x() {}'\\;CALL X()",
            "jdbc:postgresql://db/plant?socketFactory=a.B&socketFactoryArg=http://x",
            "jdbc:sqlite:plant.sqlite?enable_load_extension=true")) {
      assertThatThrownBy(
              () -> guarded.add(new ManageSourcesUseCase.AddSource("evil", url, null, true)))
          .as(url)
          .isInstanceOf(SourceUrls.UnsafeSourceUrlException.class)
          .hasMessageContaining("is not allowed");
    }
    assertThat(opened).isEmpty();
    assertThat(service.list()).isEmpty();
    assertThat(changed).isEmpty();
  }

  @Test
  void should_refuse_parlances_own_store_and_home_as_a_source(@TempDir Path home) {
    ManageSourcesService guarded =
        new ManageSourcesService(
            sources,
            policies,
            changed::add,
            source -> check,
            new ProtectedLocations(
                List.of(home.resolve("metadata"), home.resolve("index")),
                Optional.of(
                    "jdbc:h2:file:" + home.resolve("metadata/parlance") + ";AUTO_SERVER=TRUE"),
                Set.of("PARLANCE_STORE_PASSWORD")));
    assertThatThrownBy(
            () ->
                guarded.add(
                    new ManageSourcesUseCase.AddSource(
                        "audit", "jdbc:h2:file:" + home.resolve("metadata/parlance"), null, false)))
        .hasMessageContaining("can never be a source");
    assertThatThrownBy(
            () ->
                guarded.add(
                    new ManageSourcesUseCase.AddSource(
                        "store",
                        "jdbc:postgresql://db/plant",
                        new Credentials.FromEnvironment("PGUSER", "PARLANCE_STORE_PASSWORD"),
                        false)))
        .hasMessageContaining("PARLANCE_STORE_PASSWORD");
    guarded.add(
        new ManageSourcesUseCase.AddSource(
            "demo", "jdbc:sqlite:" + home.resolve("databases/demo.sqlite"), null, false));
    assertThat(service.list()).extracting(s -> s.name()).containsExactly("demo");
  }

  @Test
  void should_show_the_built_in_policy_until_a_steward_publishes_one() {
    service.add(
        new ManageSourcesUseCase.AddSource("plant", "jdbc:sqlite:plant.sqlite", null, false));

    assertThat(service.show("plant").policy()).isEqualTo(GovernancePolicy.defaults("plant"));
    policies.publish(GovernancePolicy.defaults("plant").withRowCap(10), "stella");
    assertThat(service.show("plant").policy().rowCap()).isEqualTo(10);
  }

  @Test
  void should_name_an_unknown_source_when_showing_or_removing_it() {
    assertThatThrownBy(() -> service.show("nope"))
        .isInstanceOf(UnknownSourceException.class)
        .hasMessage("no source named 'nope'");
    assertThatThrownBy(() -> service.remove("nope")).isInstanceOf(UnknownSourceException.class);
  }

  @Test
  void should_keep_nothing_when_a_source_to_check_cannot_open() {
    check =
        new SourceCheck.Unreachable(
            SourceCheck.Problem.FILE_MISSING, "no SQLite database file at /x");

    assertThatThrownBy(
            () ->
                service.add(
                    new ManageSourcesUseCase.AddSource("plant", "jdbc:sqlite:/x", null, true)))
        .isInstanceOfSatisfying(
            SourceCheckFailedException.class,
            e -> assertThat(e.check().problem()).isEqualTo(SourceCheck.Problem.FILE_MISSING));
    assertThat(service.list()).isEmpty();
    assertThat(changed).isEmpty();

    service.add(new ManageSourcesUseCase.AddSource("plant", "jdbc:sqlite:/x", null, false));
    assertThat(service.list()).hasSize(1);
    assertThat(service.test("plant")).isEqualTo(check);
  }
}
