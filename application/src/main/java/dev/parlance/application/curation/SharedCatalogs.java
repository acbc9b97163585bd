package dev.parlance.application.curation;

import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.source.DataSource;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A source's catalog as questions and the portal's pages see it, built once per version and shared
 * by every reader until the version changes: the curated catalog per published curation (a publish
 * or a rollback is a new one), the database's own structure per index version (the catalog is read
 * again whenever the source is re-indexed), and both per governance policy version (the views'
 * columns are read through it). Building a curated catalog runs each view once through governed
 * execution, about a second on the demo; reading a version is a few in-memory lookups, since the
 * store's ports keep what they read while the store's version holds and see another instance's
 * publish within a quarter of a second (docs/design/scale.md, "Several instances on one store").
 *
 * <p>Several readers that miss at once wait for one build. A build that fails is not kept.
 */
public final class SharedCatalogs implements ReadCatalogPort {

  /** What a built catalog depends on: when any part changes, it is built again. */
  record Version(
      DataSource source, int curation, int policy, Optional<IndexSchemaPort.IndexStatus> index) {}

  private record Built(Version version, CompletableFuture<SchemaCatalog> catalog) {}

  private final ReadCatalogPort build;
  private final PublishedCurationPort curations;
  private final GovernancePoliciesPort policies;
  private final IndexSchemaPort index;
  private final ConcurrentHashMap<String, Built> bySource = new ConcurrentHashMap<>();
  private final AtomicLong builds = new AtomicLong();

  /**
   * @param build reads a catalog afresh (e.g. {@link CuratedCatalogService})
   * @param index the schema index, whose status says which version of the database's structure was
   *     last indexed
   */
  public SharedCatalogs(
      ReadCatalogPort build,
      PublishedCurationPort curations,
      GovernancePoliciesPort policies,
      IndexSchemaPort index) {
    this.build = build;
    this.curations = curations;
    this.policies = policies;
    this.index = index;
  }

  @Override
  public SchemaCatalog read(DataSource source) {
    // The version is read before the catalog: a change in between is seen by the next read.
    Version version = version(source);
    Built current = bySource.get(source.name());
    if (current == null || !current.version().equals(version)) {
      Built mine = new Built(version, new CompletableFuture<>());
      current =
          bySource.compute(
              source.name(),
              (name, old) -> old != null && old.version().equals(version) ? old : mine);
      if (current == mine) {
        try {
          builds.incrementAndGet();
          mine.catalog().complete(build.read(source));
        } catch (RuntimeException e) {
          bySource.remove(source.name(), mine);
          mine.catalog().completeExceptionally(e);
          throw e;
        }
      }
    }
    try {
      return current.catalog().join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }

  /** Builds {@code source}'s catalog now unless the current version is built already. */
  public void warm(DataSource source) {
    read(source);
  }

  /** Forgets a source's catalog (the source was removed or replaced). */
  public void forget(String source) {
    bySource.remove(source);
  }

  /** How many catalogs this instance has built since it started. */
  public long builds() {
    return builds.get();
  }

  private Version version(DataSource source) {
    return new Version(
        source,
        curations.published(source.name()).map(CurationVersion::version).orElse(0),
        policies.current(source.name()).map(GovernancePolicy::version).orElse(0),
        index.status(source.name()));
  }
}
