package dev.parlance.adapters.db.store;

import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.List;
import java.util.Optional;
import org.hibernate.SessionFactory;

/** Data sources in the metadata store. */
final class HibernateDataSourcesAdapter implements DataSourcesPort {
  private final SessionFactory sessions;

  HibernateDataSourcesAdapter(SessionFactory sessions) {
    this.sessions = sessions;
  }

  @Override
  public Optional<DataSource> find(String name) {
    return Store.read(
        sessions,
        s -> Optional.ofNullable(s.find(DataSourceEntity.class, name)).map(StoreMapper::toDomain));
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
          return null;
        });
  }

  @Override
  public boolean remove(String name) {
    return Store.write(
        sessions,
        s -> {
          DataSourceEntity e = s.find(DataSourceEntity.class, name);
          if (e == null) {
            return false;
          }
          // Its policies go with it; its audit trail stays.
          for (PolicyEntity p :
              s.createSelectionQuery("from PolicyEntity where sourceName = :s", PolicyEntity.class)
                  .setParameter("s", name)
                  .getResultList()) {
            s.remove(p);
          }
          s.remove(e);
          return true;
        });
  }
}
