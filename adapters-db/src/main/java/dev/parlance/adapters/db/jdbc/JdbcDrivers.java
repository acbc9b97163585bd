package dev.parlance.adapters.db.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

/**
 * Connects through the driver that Parlance ships for a URL's database, taken from this module's
 * class loader rather than looked up in {@link DriverManager}. In an application server
 * DriverManager knows the drivers a class loader registered, and a redeployed application's new
 * class loader may have registered none: its connections would fail with "No suitable driver".
 */
public final class JdbcDrivers {
  private JdbcDrivers() {}

  /** Opens a connection to {@code url}; other databases' URLs go through DriverManager. */
  public static Connection connect(String url, Properties properties) throws SQLException {
    Driver driver = shipped(url);
    if (driver == null) {
      return DriverManager.getConnection(url, properties);
    }
    Connection connection = driver.connect(url, properties);
    if (connection == null) {
      throw new SQLException("the driver refused the URL " + url.split("[;?]", 2)[0]);
    }
    return connection;
  }

  /** Opens a connection as {@code user} with {@code password} (either may be null). */
  public static Connection connect(String url, String user, String password) throws SQLException {
    Properties properties = new Properties();
    if (user != null) {
      properties.setProperty("user", user);
    }
    if (password != null) {
      properties.setProperty("password", password);
    }
    return connect(url, properties);
  }

  private static Driver shipped(String url) {
    String u = url.toLowerCase(Locale.ROOT);
    if (u.startsWith("jdbc:sqlite:")) {
      return new org.sqlite.JDBC();
    }
    if (u.startsWith("jdbc:h2:")) {
      return new org.h2.Driver();
    }
    if (u.startsWith("jdbc:postgresql:")) {
      return new org.postgresql.Driver();
    }
    return null;
  }
}
