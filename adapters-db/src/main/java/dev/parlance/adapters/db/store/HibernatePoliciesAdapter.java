package dev.parlance.adapters.db.store;

import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.hibernate.SessionFactory;

/**
 * Versioned policies in the metadata store. The current version of each source is cached for a few
 * seconds: statements ask for it every time, stewards publish rarely.
 */
final class HibernatePoliciesAdapter implements GovernancePoliciesPort {
  private static final long CACHE_NANOS = TimeUnit.SECONDS.toNanos(5);

  private record Cached(Optional<GovernancePolicy> policy, long at) {}

  private final SessionFactory sessions;
  private final Map<String, Cached> current = new ConcurrentHashMap<>();

  HibernatePoliciesAdapter(SessionFactory sessions) {
    this.sessions = sessions;
  }

  @Override
  public Optional<GovernancePolicy> current(String source) {
    long now = System.nanoTime();
    Cached cached = current.get(source);
    if (cached != null && now - cached.at() < CACHE_NANOS) {
      return cached.policy();
    }
    Optional<GovernancePolicy> read =
        Store.read(
            sessions,
            s ->
                s
                    .createSelectionQuery(
                        "from PolicyEntity where sourceName = :s order by version desc",
                        PolicyEntity.class)
                    .setParameter("s", source)
                    .setMaxResults(1)
                    .getResultList()
                    .stream()
                    .findFirst()
                    .map(StoreMapper::toDomain));
    current.put(source, new Cached(read, now));
    return read;
  }

  @Override
  public List<GovernancePolicy> history(String source) {
    return Store.read(
        sessions,
        s ->
            s
                .createSelectionQuery(
                    "from PolicyEntity where sourceName = :s order by version", PolicyEntity.class)
                .setParameter("s", source)
                .getResultList()
                .stream()
                .map(StoreMapper::toDomain)
                .toList());
  }

  @Override
  public GovernancePolicy publish(GovernancePolicy draft, String steward) {
    GovernancePolicy stored =
        Store.write(
            sessions,
            s -> {
              Integer last =
                  s.createSelectionQuery(
                          "select max(version) from PolicyEntity where sourceName = :s",
                          Integer.class)
                      .setParameter("s", draft.source())
                      .getSingleResultOrNull();
              GovernancePolicy next =
                  draft.published(
                      last == null ? 1 : last + 1,
                      steward,
                      Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
              s.persist(StoreMapper.toEntity(next));
              return next;
            });
    current.remove(draft.source());
    return stored;
  }
}
