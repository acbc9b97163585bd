package dev.parlance.application.source;

import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.SourceCheck;
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

  /**
   * Adds the source, or replaces the one of the same name; its index is brought up to date.
   *
   * @throws SourceCheckFailedException when the command asks for a check and the source cannot be
   *     opened read-only and its catalog read (nothing is saved)
   */
  Added add(AddSource command);

  /**
   * Opens a known source read-only and reads its table list.
   *
   * @throws dev.parlance.application.retrieval.UnknownSourceException when there is none
   */
  SourceCheck test(String name);

  /**
   * Forgets a source.
   *
   * @throws dev.parlance.application.retrieval.UnknownSourceException when there is none
   */
  void remove(String name);

  /**
   * A source to add: the name users know it by, its JDBC URL, credentials by reference, and whether
   * it must open now (else it may be added before it is reachable).
   */
  record AddSource(String name, String jdbcUrl, Credentials credentials, boolean check) {
    public AddSource {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(jdbcUrl, "jdbcUrl");
      credentials = Objects.requireNonNullElse(credentials, Credentials.none());
    }
  }

  /**
   * What was added, whether it replaced a source of the same name, and its check (empty when none
   * was asked for).
   */
  record Added(DataSource source, boolean replaced, java.util.Optional<SourceCheck> check) {}

  record SourceDetails(DataSource source, GovernancePolicy policy) {}
}
