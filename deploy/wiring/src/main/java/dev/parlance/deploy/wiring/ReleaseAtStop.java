package dev.parlance.deploy.wiring;

import dev.parlance.adapters.llm.embedding.OnnxEmbeddings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.event.Observes;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The application's stopping step: what lives beyond the CDI container is released, so that an
 * undeployed web application leaves neither threads nor registrations holding its class loader. The
 * embedding models' worker threads stop, and the JDBC drivers that this application's class loader
 * loaded (they registered themselves with {@link DriverManager}) are deregistered when that is not
 * the class path's loader. The beans with disposers (store, indexes, connections) are closed by CDI
 * itself.
 */
@ApplicationScoped
public class ReleaseAtStop {

  private static final Logger LOG = Logger.getLogger(ReleaseAtStop.class.getName());

  void onStop(@Observes @BeforeDestroyed(ApplicationScoped.class) Object stopping) {
    try {
      OnnxEmbeddings.closeAll();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Could not stop the embedding models' threads", e);
    }
    ClassLoader application = ReleaseAtStop.class.getClassLoader();
    if (application == ClassLoader.getSystemClassLoader()) {
      // Run from the class path (the command line, tests): the drivers live as long as the
      // process, and a later container in the same process still needs them.
      return;
    }
    List<String> drivers = deregisterDrivers(application);
    if (!drivers.isEmpty()) {
      LOG.info("Deregistered the JDBC drivers this application loaded: " + drivers);
    }
  }

  /**
   * Deregisters the JDBC drivers whose classes {@code loader} loaded and returns their class names;
   * drivers of other class loaders (the server's own) stay.
   */
  static List<String> deregisterDrivers(ClassLoader loader) {
    List<String> deregistered = new ArrayList<>();
    for (Driver driver : Collections.list(DriverManager.getDrivers())) {
      if (driver.getClass().getClassLoader() != loader) {
        continue;
      }
      try {
        DriverManager.deregisterDriver(driver);
        deregistered.add(driver.getClass().getName());
      } catch (SQLException | SecurityException e) {
        LOG.log(Level.WARNING, "Could not deregister JDBC driver " + driver.getClass(), e);
      }
    }
    return deregistered;
  }
}
