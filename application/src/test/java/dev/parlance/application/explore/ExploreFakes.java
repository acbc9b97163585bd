package dev.parlance.application.explore;

import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** One source, its published curation and its policy, for the explore use cases' tests. */
final class ExploreFakes {

  static final DataSource PLANT =
      DataSource.of("plant", "jdbc:sqlite:/tmp/plant.db", Credentials.none());

  private ExploreFakes() {}

  static DataSourcesPort sources() {
    return new DataSourcesPort() {
      @Override
      public Optional<DataSource> find(String name) {
        return name.equals(PLANT.name()) ? Optional.of(PLANT) : Optional.empty();
      }

      @Override
      public List<DataSource> all() {
        return List.of(PLANT);
      }

      @Override
      public void save(DataSource source) {
        throw new UnsupportedOperationException();
      }

      @Override
      public boolean remove(String name) {
        throw new UnsupportedOperationException();
      }
    };
  }

  static PublishedCurationPort published(Curation curation) {
    return source ->
        source.equals(curation.source())
            ? Optional.of(
                new CurationVersion(
                    1, curation, "steward", Instant.parse("2025-01-01T00:00:00Z"), ""))
            : Optional.empty();
  }

  static GovernancePoliciesPort policy(GovernancePolicy policy) {
    return new GovernancePoliciesPort() {
      @Override
      public Optional<GovernancePolicy> current(String source) {
        return source.equals(policy.source()) ? Optional.of(policy) : Optional.empty();
      }

      @Override
      public List<GovernancePolicy> history(String source) {
        return List.of(policy);
      }

      @Override
      public GovernancePolicy publish(GovernancePolicy draft, String steward) {
        throw new UnsupportedOperationException();
      }
    };
  }
}
