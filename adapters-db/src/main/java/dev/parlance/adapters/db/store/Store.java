package dev.parlance.adapters.db.store;

import java.util.function.Function;
import org.hibernate.Session;
import org.hibernate.SessionFactory;

/** Transactions on the store, with Hibernate's exceptions turned into the store's own. */
final class Store {
  private Store() {}

  static <T> T read(SessionFactory sessions, Function<Session, T> work) {
    try {
      return sessions.fromSession(work);
    } catch (jakarta.persistence.PersistenceException e) {
      throw new StoreException("cannot read the metadata store: " + message(e), e);
    }
  }

  static <T> T write(SessionFactory sessions, Function<Session, T> work) {
    try {
      return sessions.fromTransaction(work);
    } catch (jakarta.persistence.PersistenceException e) {
      throw new StoreException("cannot write the metadata store: " + message(e), e);
    }
  }

  /**
   * A write in a stateless session (the audit trail's inserts); a store that went away is a {@link
   * StoreException} with the database's one line, never the statement Hibernate tried.
   */
  static void writeStateless(
      SessionFactory sessions, java.util.function.Consumer<org.hibernate.StatelessSession> work) {
    try {
      sessions.inStatelessTransaction(work);
    } catch (jakarta.persistence.PersistenceException e) {
      throw new StoreException("cannot write the metadata store: " + message(e), e);
    }
  }

  /** Whether the store refused a write because it would duplicate a unique key (SQLSTATE 23505). */
  static boolean isUniqueViolation(Throwable e) {
    for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
      if (t instanceof java.sql.SQLException sql && "23505".equals(sql.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  static String message(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return m.replaceAll("\\s+", " ").strip();
  }
}
