package dev.parlance.application.source;

import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.util.List;
import java.util.Objects;

/** The databases Parlance answers questions about: list, show, add or replace, remove. */
public interface ManageSourcesUseCase {

  List<DataSource> list();

  /**
   * A source with the policy that governs it now (the built-in default until a steward publishes).
   *
   * @throws dev.parlance.application.retrieval.UnknownSourceException when there is none
   */
  SourceDetails show(String name);

  /** Adds the source, or replaces the one of the same name; its index is brought up to date. */
  Added add(AddSource command);

  /**
   * Forgets a source.
   *
   * @throws dev.parlance.application.retrieval.UnknownSourceException when there is none
   */
  void remove(String name);

  /** A source to add: the name users know it by, its JDBC URL, credentials by reference. */
  record AddSource(String name, String jdbcUrl, Credentials credentials) {
    public AddSource {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(jdbcUrl, "jdbcUrl");
      credentials = Objects.requireNonNullElse(credentials, Credentials.none());
    }
  }

  /** What was added, and whether it replaced a source of the same name. */
  record Added(DataSource source, boolean replaced) {}

  record SourceDetails(DataSource source, GovernancePolicy policy) {}
}
