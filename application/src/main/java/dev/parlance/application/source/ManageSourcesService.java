package dev.parlance.application.source;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.CheckSourcePort;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.source.ProtectedLocations;
import dev.parlance.domain.source.SourceCheck;
import dev.parlance.domain.source.SourceUrls;
import java.util.List;
import java.util.Optional;

/**
 * Keeps the list of sources; credentials stay references, never values. A source's URL is data:
 * parsed, its parameters on its driver's allow-list, and never Parlance's own store or home.
 */
public final class ManageSourcesService implements ManageSourcesUseCase {

  private final DataSourcesPort sources;
  private final GovernancePoliciesPort policies;
  private final SourceChanges changes;
  private final CheckSourcePort checker;
  private final ProtectedLocations protectedLocations;

  public ManageSourcesService(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      SourceChanges changes,
      CheckSourcePort checker) {
    this(sources, policies, changes, checker, ProtectedLocations.none());
  }

  /**
   * @param protectedLocations the store and home files no source may open
   */
  public ManageSourcesService(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      SourceChanges changes,
      CheckSourcePort checker,
      ProtectedLocations protectedLocations) {
    this.sources = sources;
    this.policies = policies;
    this.changes = changes;
    this.checker = checker;
    this.protectedLocations = protectedLocations;
  }

  @Override
  public List<DataSource> list() {
    return sources.all();
  }

  @Override
  public SourceDetails show(String name) {
    DataSource source = sources.find(name).orElseThrow(() -> new UnknownSourceException(name));
    GovernancePolicy policy =
        policies.current(name).orElseGet(() -> GovernancePolicy.defaults(name));
    return new SourceDetails(source, policy);
  }

  @Override
  public Added add(AddSource command) {
    DataSource source = DataSource.of(command.name(), command.jdbcUrl(), command.credentials());
    protectedLocations.requireNotProtected(SourceUrls.requireSafe(source.jdbcUrl()));
    protectedLocations.requireNotStoreCredentials(source.credentials());
    Optional<SourceCheck> check = Optional.empty();
    if (command.check()) {
      SourceCheck checked = checker.check(source);
      if (checked instanceof SourceCheck.Unreachable unreachable) {
        throw new SourceCheckFailedException(source.name(), unreachable);
      }
      check = Optional.of(checked);
    }
    boolean replaced = sources.find(source.name()).isPresent();
    sources.save(source);
    changes.changed(source.name());
    return new Added(source, replaced, check);
  }

  @Override
  public SourceCheck test(String name) {
    return checker.check(sources.find(name).orElseThrow(() -> new UnknownSourceException(name)));
  }

  @Override
  public void remove(String name) {
    if (!sources.remove(name)) {
      throw new UnknownSourceException(name);
    }
  }
}
