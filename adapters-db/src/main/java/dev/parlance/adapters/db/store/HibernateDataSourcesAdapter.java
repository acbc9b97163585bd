package dev.parlance.adapters.db.store;

import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.List;
import java.util.Optional;
import org.hibernate.SessionFactory;

/**
 * Data sources in the metadata store. Lookups by name are cached while the store's version stays
 * the same: every statement asks for its source, sources change rarely, and a change made through
 * any instance bumps the version ({@link StoreVersion}).
 */
final class HibernateDataSourcesAdapter implements DataSourcesPort {

  private final SessionFactory sessions;
  private final StoreVersion.Cache<String, Optional<DataSource>> byName;

  HibernateDataSourcesAdapter(SessionFactory sessions, StoreVersion version) {
    this.sessions = sessions;
    this.byName = version.new Cache<>();
  }

  @Override
  public Optional<DataSource> find(String name) {
    return byName.get(
        name,
        () ->
            Store.read(
                sessions,
                s ->
                    Optional.ofNullable(s.find(DataSourceEntity.class, name))
                        .map(StoreMapper::toDomain)));
  }

  @Override
  public List<DataSource> all() {
    return Store.read(
        sessions,
        s ->
            s
                .createSelectionQuery("from DataSourceEntity order by name", DataSourceEntity.class)
                .getResultList()
                .stream()
                .map(StoreMapper::toDomain)
                .toList());
  }

  @Override
  public void save(DataSource source) {
    Store.write(
        sessions,
        s -> {
          DataSourceEntity e = s.find(DataSourceEntity.class, source.name());
          boolean fresh = e == null;
          if (fresh) {
            e = new DataSourceEntity();
            e.createdAt = StoreMapper.now();
          }
          StoreMapper.copy(source, e);
          e.updatedAt = StoreMapper.now();
          if (fresh) {
            s.persist(e);
          }
          StoreVersion.bump(s);
          return null;
        });
    byName.drop(source.name());
  }

  @Override
  public boolean remove(String name) {
    boolean removed =
        Store.write(
            sessions,
            s -> {
              DataSourceEntity e = s.find(DataSourceEntity.class, name);
              if (e == null) {
                return false;
              }
              // Its policies go with it; its audit trail stays.
              for (PolicyEntity p :
                  s.createSelectionQuery(
                          "from PolicyEntity where sourceName = :s", PolicyEntity.class)
                      .setParameter("s", name)
                      .getResultList()) {
                s.remove(p);
              }
              s.remove(e);
              StoreVersion.bump(s);
              return true;
            });
    byName.drop(name);
    return removed;
  }
}
