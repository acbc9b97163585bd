package dev.parlance.domain.source;

import java.util.List;
import java.util.Optional;

/** Where Parlance keeps the data sources it knows. */
public interface DataSourcesPort {

  Optional<DataSource> find(String name);

  List<DataSource> all();

  /** Adds a source or replaces the one of the same name. */
  void save(DataSource source);

  /** Forgets a source; false when there was none of that name. */
  boolean remove(String name);
}
