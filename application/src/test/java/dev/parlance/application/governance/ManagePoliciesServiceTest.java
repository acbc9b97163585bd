package dev.parlance.application.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ManagePoliciesServiceTest {

  private final List<GovernancePolicy> published = new ArrayList<>();
  private final DataSourcesPort sources =
      new DataSourcesPort() {
        @Override
        public Optional<DataSource> find(String name) {
          return name.equals("plant")
              ? Optional.of(DataSource.of("plant", "jdbc:sqlite:p.sqlite", Credentials.none()))
              : Optional.empty();
        }

        @Override
        public List<DataSource> all() {
          return List.of();
        }

        @Override
        public void save(DataSource source) {}

        @Override
        public boolean remove(String name) {
          return false;
        }
      };
  private final GovernancePoliciesPort policies =
      new GovernancePoliciesPort() {
        @Override
        public Optional<GovernancePolicy> current(String source) {
          return published.isEmpty() ? Optional.empty() : Optional.of(published.getLast());
        }

        @Override
        public List<GovernancePolicy> history(String source) {
          return published;
        }

        @Override
        public GovernancePolicy publish(GovernancePolicy draft, String steward) {
          GovernancePolicy p = draft.published(published.size() + 1, steward, Instant.EPOCH);
          published.add(p);
          return p;
        }
      };
  private final ManagePoliciesService service = new ManagePoliciesService(sources, policies);

  @Test
  void should_give_the_built_in_default_then_each_published_version() {
    assertThat(service.current("plant")).isEqualTo(GovernancePolicy.defaults("plant"));

    GovernancePolicy v1 =
        service.publish("plant", GovernancePolicy.defaults("plant").withRowCap(5), "stella");

    assertThat(v1.version()).isEqualTo(1);
    assertThat(service.current("plant").rowCap()).isEqualTo(5);
    assertThat(service.history("plant")).containsExactly(v1);
  }

  @Test
  void should_refuse_a_policy_written_for_another_source() {
    assertThatThrownBy(() -> service.publish("plant", GovernancePolicy.defaults("other"), "stella"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'other', not 'plant'");
    assertThat(published).isEmpty();
  }

  @Test
  void should_name_an_unknown_source() {
    assertThatThrownBy(() -> service.current("nope")).isInstanceOf(UnknownSourceException.class);
    assertThatThrownBy(() -> service.history("nope")).isInstanceOf(UnknownSourceException.class);
    assertThatThrownBy(() -> service.publish("nope", GovernancePolicy.defaults("nope"), "stella"))
        .isInstanceOf(UnknownSourceException.class);
  }
}
