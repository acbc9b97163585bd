package dev.parlance.adapters.db.jdbc;

import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Makes the JDBC drivers of Parlance's own class loader known to {@link DriverManager} before it is
 * asked for a connection.
 *
 * <p>{@code DriverManager} looks for drivers once per JVM, with the class loader of whoever used it
 * first, and gives a caller only the drivers its class loader can see. In a server where the WAR is
 * deployed a second time (an update, or the next integration test class), the first deployment's
 * drivers are registered and the new deployment's are not: every connection then failed with "No
 * suitable driver" (the store first). A driver registers itself when its class is initialised, so
 * loading the drivers of this class loader through the service loader is enough; the ones that do
 * not are registered here.
 */
public final class JdbcDrivers {

  private JdbcDrivers() {}

  /** Registers this class loader's drivers, once per class loader; cheap afterwards. */
  public static void ensureRegistered() {
    Registered.DONE.hashCode();
  }

  private static final class Registered {
    static final Object DONE = register();

    private static Object register() {
      Iterator<Driver> drivers =
          ServiceLoader.load(Driver.class, JdbcDrivers.class.getClassLoader()).iterator();
      while (true) {
        Driver driver;
        try {
          if (!drivers.hasNext()) {
            break;
          }
          driver = drivers.next();
        } catch (ServiceConfigurationError e) {
          // A driver that cannot load (a missing optional dependency) is not one Parlance uses.
          continue;
        }
        boolean known = DriverManager.drivers().anyMatch(d -> d.getClass() == driver.getClass());
        if (!known) {
          try {
            DriverManager.registerDriver(driver);
          } catch (SQLException e) {
            throw new IllegalStateException("cannot register the JDBC driver " + driver, e);
          }
        }
      }
      return Boolean.TRUE;
    }
  }
}
