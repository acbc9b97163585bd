package dev.parlance.adapters.db.store;

import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.hibernate.SessionFactory;

/**
 * Data sources in the metadata store. Lookups by name are cached for a few seconds: every statement
 * asks for its source, sources change rarely (and this process drops its cache entry on every
 * change it makes).
 */
final class HibernateDataSourcesAdapter implements DataSourcesPort {
  private static final long CACHE_NANOS = TimeUnit.SECONDS.toNanos(5);

  private record Cached(Optional<DataSource> source, long at) {}

  private final SessionFactory sessions;
  private final Map<String, Cached> byName = new ConcurrentHashMap<>();

  HibernateDataSourcesAdapter(SessionFactory sessions) {
    this.sessions = sessions;
  }

  @Override
  public Optional<DataSource> find(String name) {
    long now = System.nanoTime();
    Cached cached = byName.get(name);
    if (cached != null && now - cached.at() < CACHE_NANOS) {
      return cached.source();
    }
    Optional<DataSource> read =
        Store.read(
            sessions,
            s ->
                Optional.ofNullable(s.find(DataSourceEntity.class, name))
                    .map(StoreMapper::toDomain));
    byName.put(name, new Cached(read, now));
    return read;
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
    byName.remove(source.name());
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
    byName.remove(name);
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
