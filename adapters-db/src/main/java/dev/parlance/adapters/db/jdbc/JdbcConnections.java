package dev.parlance.adapters.db.jdbc;

import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.ProtectedLocations;
import dev.parlance.domain.source.SourceUrls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.function.UnaryOperator;

/** Opens read-only JDBC connections to data sources, resolving credentials by reference. */
public final class JdbcConnections {

  /** How long opening a PostgreSQL connection (connect and log in) may take. */
  public static final int CONNECT_TIMEOUT_SECONDS = 10;

  private final UnaryOperator<String> environment;
  private final ProtectedLocations protectedLocations;

  public JdbcConnections() {
    this(System::getenv);
  }

  /** With another environment, e.g. a map in tests. */
  public JdbcConnections(UnaryOperator<String> environment) {
    this(environment, ProtectedLocations.none());
  }

  /**
   * @param protectedLocations the metadata store and home files no source may open, checked again
   *     at every open (a source stored before the check existed is refused too)
   */
  public JdbcConnections(UnaryOperator<String> environment, ProtectedLocations protectedLocations) {
    this.environment = environment;
    this.protectedLocations = protectedLocations;
  }

  // Every open reads the URL as data first: a parameter off its driver's allow-list never
  // reaches the driver.
  private void requireSafe(DataSource source) {
    try {
      protectedLocations.requireNotProtected(SourceUrls.requireSafe(source.jdbcUrl()));
      protectedLocations.requireNotStoreCredentials(source.credentials());
    } catch (IllegalArgumentException e) {
      throw new DatabaseUnavailableException(source.name(), e.getMessage());
    }
  }

  /**
   * A connection that cannot write: SQLite opened read-only, H2 and PostgreSQL connections set
   * read-only before use.
   *
   * @throws DatabaseUnavailableException with the driver's message when the database cannot be
   *     reached or refuses the credentials
   */
  public Connection openReadOnly(DataSource source) {
    return openReadOnly(source, 0);
  }

  /**
   * As {@link #openReadOnly(DataSource)}; on PostgreSQL the driver also refuses to buffer more than
   * {@code maxResultBuffer} bytes of rows at a time (0: no bound), so that a huge row or value
   * never reaches the heap whole.
   */
  public Connection openReadOnly(DataSource source, long maxResultBuffer) {
    requireSafe(source);
    Properties props = credentials(source);
    String url = source.jdbcUrl();
    switch (source.dialect()) {
      case SQLITE -> {
        props.setProperty("open_mode", "1"); // SQLITE_OPEN_READONLY
        props.setProperty("query_only", "true");
        props.setProperty("enable_load_extension", "false");
        requireSqliteFile(source);
      }
      case H2 -> url = h2ReadOnly(url);
      case POSTGRESQL -> {
        props.setProperty("readOnly", "true");
        // pgjdbc waits for the login without end by default: a server that accepts connections
        // but answers nothing (frozen, overloaded) would hang the caller. The URL may say
        // otherwise.
        props.setProperty("connectTimeout", String.valueOf(CONNECT_TIMEOUT_SECONDS));
        props.setProperty("loginTimeout", String.valueOf(CONNECT_TIMEOUT_SECONDS));
        // Cancelling a statement at its timeout waits this long for a server that may not answer
        // (pgjdbc's default is 10 s, during which the connection cannot be closed).
        props.setProperty("cancelSignalTimeout", "2");
        if (maxResultBuffer > 0) {
          props.setProperty("maxResultBuffer", String.valueOf(maxResultBuffer));
          // Rows per fetch follow the largest row seen: the buffer's worth, not a fixed count.
          props.setProperty("adaptiveFetch", "true");
        }
      }
    }
    try {
      Connection c = JdbcDrivers.connect(url, props);
      c.setReadOnly(true);
      return c;
    } catch (SQLException e) {
      throw new DatabaseUnavailableException(source.name(), e);
    }
  }

  /**
   * The password the source's credentials resolve to, if they name one (PostgreSQL enforcement
   * derives its request-context key from it).
   */
  public java.util.Optional<String> password(DataSource source) {
    return java.util.Optional.ofNullable(credentials(source).getProperty("password"))
        .filter(p -> !p.isEmpty());
  }

  /** The user name the source's credentials resolve to, if they name one. */
  public java.util.Optional<String> user(DataSource source) {
    return java.util.Optional.ofNullable(credentials(source).getProperty("user"))
        .filter(u -> !u.isEmpty());
  }

  /**
   * A connection as the administrator whose user and password {@code admin} names, for provisioning
   * a policy; never kept open.
   */
  public Connection openAsAdministrator(DataSource source, Credentials admin) {
    requireSafe(source);
    Properties props = credentials(DataSource.of(source.name(), source.jdbcUrl(), admin));
    try {
      return JdbcDrivers.connect(source.jdbcUrl(), props);
    } catch (SQLException e) {
      throw new DatabaseUnavailableException(source.name(), e);
    }
  }

  private Properties credentials(DataSource source) {
    Properties props = new Properties();
    switch (source.credentials()) {
      case Credentials.None none -> {}
      case Credentials.FromEnvironment env -> {
        put(props, "user", env.userVariable(), source);
        put(props, "password", env.passwordVariable(), source);
      }
      case Credentials.FromFile file -> {
        Map<String, String> values = readCredentialsFile(Path.of(file.path()), source);
        values.forEach(props::setProperty);
      }
    }
    return props;
  }

  private void put(Properties props, String key, String variable, DataSource source) {
    if (variable == null || variable.isBlank()) {
      return;
    }
    String value = environment.apply(variable);
    if (value == null) {
      throw new DatabaseUnavailableException(
          source.name(), "environment variable " + variable + " is not set");
    }
    props.setProperty(key, value);
  }

  private static Map<String, String> readCredentialsFile(Path file, DataSource source) {
    try {
      Map<String, String> values = new java.util.HashMap<>();
      for (String line : Files.readAllLines(file)) {
        int eq = line.indexOf('=');
        if (eq > 0) {
          String key = line.substring(0, eq).strip();
          if (key.equals("user") || key.equals("password")) {
            values.put(key, line.substring(eq + 1).strip());
          }
        }
      }
      return values;
    } catch (IOException e) {
      throw new DatabaseUnavailableException(
          source.name(), "cannot read credentials file " + file + ": " + e.getMessage());
    }
  }

  private static void requireSqliteFile(DataSource source) {
    String path = source.jdbcUrl().substring("jdbc:sqlite:".length());
    int query = path.indexOf('?');
    if (query >= 0) {
      path = path.substring(0, query);
    }
    if (path.startsWith("file:")) {
      path = path.substring("file:".length());
    }
    if (path.isEmpty() || path.equals(":memory:")) {
      return;
    }
    if (!Files.isRegularFile(Path.of(path))) {
      throw new DatabaseUnavailableException(source.name(), "no SQLite database file at " + path);
    }
  }

  // H2 refuses writes on a connection opened with ACCESS_MODE_DATA=r. The URL's settings were
  // parsed and allow-listed (an ACCESS_MODE_DATA there can only be r); this one is appended
  // unless the URL already sets it, by its parsed key, not by a substring of the text.
  private static String h2ReadOnly(String url) {
    return SourceUrls.requireSafe(url).parameters().containsKey("ACCESS_MODE_DATA")
        ? url
        : url + ";ACCESS_MODE_DATA=r";
  }
}
