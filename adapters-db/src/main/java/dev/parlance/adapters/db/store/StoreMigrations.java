package dev.parlance.adapters.db.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.flywaydb.core.api.Location;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.resource.LoadableResource;
import org.flywaydb.core.internal.resource.classpath.ClassPathResource;

/**
 * The store's migrations by name, read from the class path one by one. Flyway's own class-path scan
 * lists a directory, which works for files and plain jars but finds nothing inside an application
 * server's archives (Open Liberty's {@code wsjar:} URLs): the store then opened with no tables. A
 * test keeps {@link #FILES} equal to the directory's contents.
 */
final class StoreMigrations implements ResourceProvider {

  static final String DIRECTORY = "db/parlance-store";

  /** Every migration file, in version order. Add a new migration here too. */
  static final List<String> FILES =
      List.of(
          "V1__data_sources_policies_audit.sql",
          "V2__curation.sql",
          "V3__row_filters_follow_foreign_keys.sql",
          "V4__store_version.sql",
          "V5__answers_and_audit_actions.sql",
          "V6__answer_follow_ups_and_readings.sql",
          "V7__chosen_readings_and_role_timeouts.sql",
          "V8__curation_quality.sql",
          "V9__answer_standalone_questions.sql",
          "V10__model_calls.sql");

  private final ClassLoader loader;
  private final Location location = new Location("classpath:" + DIRECTORY);

  StoreMigrations(ClassLoader loader) {
    this.loader = loader;
  }

  @Override
  public LoadableResource getResource(String name) {
    String file = name.startsWith(DIRECTORY + "/") ? name.substring(DIRECTORY.length() + 1) : name;
    return FILES.contains(file) ? resource(file) : null;
  }

  @Override
  public Collection<LoadableResource> getResources(String prefix, String[] suffixes) {
    return FILES.stream()
        .filter(f -> f.startsWith(prefix))
        .filter(f -> Arrays.stream(suffixes).anyMatch(f::endsWith))
        .map(this::resource)
        .toList();
  }

  private LoadableResource resource(String file) {
    return new ClassPathResource(location, DIRECTORY + "/" + file, loader, StandardCharsets.UTF_8);
  }
}
