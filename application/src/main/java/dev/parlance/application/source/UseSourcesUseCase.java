package dev.parlance.application.source;

import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Dialect;
import java.util.List;

/**
 * The sources a signed-in user may use, and how far each one's indexes are. Admins also add, test,
 * index and remove sources (each recorded in the audit trail).
 */
public interface UseSourcesUseCase {

  /** The sources the user may ask about, by name. */
  List<SourceSummary> usable(UserIdentity user);

  /**
   * One source the user may use.
   *
   * @throws dev.parlance.application.access.AccessDeniedException when they may not
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   */
  SourceSummary source(UserIdentity user, String name);

  /** Adds (or replaces) a source; admins only. */
  ManageSourcesUseCase.Added add(UserIdentity user, ManageSourcesUseCase.AddSource command);

  /** Opens a source read-only and reads its table list; admins only. */
  dev.parlance.domain.source.SourceCheck test(UserIdentity user, String name);

  /** Starts (re)building the source's indexes in the background; admins only. */
  IndexSourceUseCase.IndexState index(UserIdentity user, String name);

  /** Forgets a source (its audit trail stays); admins only. */
  void remove(UserIdentity user, String name);

  /**
   * A source as its users see it: no address, no credentials (admins see those in {@code url}).
   *
   * @param url the JDBC URL, for admins only
   */
  record SourceSummary(
      String name,
      Dialect dialect,
      IndexSourceUseCase.IndexState index,
      java.util.Optional<String> url) {}
}
