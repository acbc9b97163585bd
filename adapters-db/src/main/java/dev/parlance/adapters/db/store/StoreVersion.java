package dev.parlance.adapters.db.store;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.hibernate.Session;
import org.hibernate.SessionFactory;

/**
 * The store's change counter, shared by every instance on the store: a change other instances must
 * see adds one to it in its own transaction, and what an instance read from the store stays valid
 * while the counter is unchanged. Reading the counter is one tiny query, made at most every {@link
 * #CHECK_MILLIS} ms, so a change made through one instance is seen by the others within that time.
 */
final class StoreVersion {

  /** How often the counter is read at most: the longest another instance's change goes unseen. */
  static final long CHECK_MILLIS = 250;

  private final SessionFactory sessions;
  private long known = Long.MIN_VALUE;
  private long checkedAt;

  StoreVersion(SessionFactory sessions) {
    this.sessions = sessions;
  }

  /** Adds one to the counter, inside the transaction of the change it announces. */
  static void bump(Session session) {
    session
        .createNativeMutationQuery(
            "UPDATE parlance_store_version SET version = version + 1 WHERE id = 1")
        .executeUpdate();
  }

  /** The counter as last read, read again when older than {@link #CHECK_MILLIS}. */
  synchronized long current() {
    long now = System.nanoTime();
    if (known == Long.MIN_VALUE || now - checkedAt >= TimeUnit.MILLISECONDS.toNanos(CHECK_MILLIS)) {
      Number read =
          Store.read(
              sessions,
              s ->
                  (Number)
                      s.createNativeQuery(
                              "SELECT version FROM parlance_store_version WHERE id = 1",
                              Object.class)
                          .getSingleResult());
      known = read.longValue();
      checkedAt = now;
    }
    return known;
  }

  /** Forgets the last reading, so that the next {@link #current()} reads the counter. */
  synchronized void stale() {
    known = Long.MIN_VALUE;
  }

  /** Values read from the store, kept while the store's version stays the same. */
  final class Cache<K, V> {
    private record Entry<V>(V value, long version) {}

    private final Map<K, Entry<V>> entries = new ConcurrentHashMap<>();

    V get(K key, Supplier<V> read) {
      long version = current();
      Entry<V> entry = entries.get(key);
      if (entry != null && entry.version() == version) {
        return entry.value();
      }
      // The version is read before the value: a change in between is caught on the next check.
      V value = read.get();
      entries.put(key, new Entry<>(value, version));
      return value;
    }

    /** Drops an entry this instance just changed, and makes the next read check the counter. */
    void drop(K key) {
      entries.remove(key);
      stale();
    }
  }
}
