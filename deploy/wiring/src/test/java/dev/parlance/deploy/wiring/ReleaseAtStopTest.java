package dev.parlance.deploy.wiring;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Properties;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class ReleaseAtStopTest {

  @Test
  void should_deregister_the_drivers_its_class_loader_loaded_and_no_other() throws SQLException {
    Driver mine = new NoDriver();
    DriverManager.registerDriver(mine);

    // Another loader's drivers stay: none of them is named.
    assertThat(ReleaseAtStop.deregisterDrivers(new ClassLoader() {})).isEmpty();
    assertThat(Collections.list(DriverManager.getDrivers())).contains(mine);

    assertThat(ReleaseAtStop.deregisterDrivers(NoDriver.class.getClassLoader()))
        .contains(NoDriver.class.getName());
    assertThat(Collections.list(DriverManager.getDrivers())).doesNotContain(mine);
  }

  /** A driver that accepts no URL, as an application's own would be registered. */
  static final class NoDriver implements Driver {
    @Override
    public Connection connect(String url, Properties info) {
      return null;
    }

    @Override
    public boolean acceptsURL(String url) {
      return false;
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
      return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
      return 1;
    }

    @Override
    public int getMinorVersion() {
      return 0;
    }

    @Override
    public boolean jdbcCompliant() {
      return false;
    }

    @Override
    public Logger getParentLogger() {
      return Logger.getGlobal();
    }
  }
}
