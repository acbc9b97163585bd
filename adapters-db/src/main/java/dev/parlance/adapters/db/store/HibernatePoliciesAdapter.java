package dev.parlance.adapters.db.store;

import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.hibernate.SessionFactory;

/**
 * Versioned policies in the metadata store. The current version of each source is cached while the
 * store's version stays the same: statements ask for it every time, stewards publish rarely, and a
 * publish through any instance bumps the version ({@link StoreVersion}).
 */
final class HibernatePoliciesAdapter implements GovernancePoliciesPort {

  private final SessionFactory sessions;
  private final StoreVersion.Cache<String, Optional<GovernancePolicy>> current;

  HibernatePoliciesAdapter(SessionFactory sessions, StoreVersion version) {
    this.sessions = sessions;
    this.current = version.new Cache<>();
  }

  @Override
  public Optional<GovernancePolicy> current(String source) {
    return current.get(source, () -> read(source));
  }

  private Optional<GovernancePolicy> read(String source) {
    return Store.read(
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
              StoreVersion.bump(s);
              return next;
            });
    current.drop(draft.source());
    return stored;
  }
}
