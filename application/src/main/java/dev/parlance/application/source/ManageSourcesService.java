package dev.parlance.application.source;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.List;

/** Keeps the list of sources; credentials stay references, never values. */
public final class ManageSourcesService implements ManageSourcesUseCase {

  private final DataSourcesPort sources;
  private final GovernancePoliciesPort policies;
  private final SourceChanges changes;

  public ManageSourcesService(
      DataSourcesPort sources, GovernancePoliciesPort policies, SourceChanges changes) {
    this.sources = sources;
    this.policies = policies;
    this.changes = changes;
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
    boolean replaced = sources.find(source.name()).isPresent();
    sources.save(source);
    changes.changed(source.name());
    return new Added(source, replaced);
  }

  @Override
  public void remove(String name) {
    if (!sources.remove(name)) {
      throw new UnknownSourceException(name);
    }
  }
}
