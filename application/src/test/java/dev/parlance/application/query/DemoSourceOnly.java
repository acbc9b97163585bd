package dev.parlance.application.query;

import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.List;
import java.util.Optional;

/** Sources with one source, {@code demo}, that nobody adds to or removes from. */
final class DemoSourceOnly implements DataSourcesPort {

  @Override
  public Optional<DataSource> find(String name) {
    return name.equals("demo")
        ? Optional.of(DataSource.of("demo", "jdbc:h2:mem:x", Credentials.none()))
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
}
