package dev.parlance.domain.source;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A source's JDBC URL read as data, never as code. Each driver's URL is parsed (not searched for
 * substrings) into where the database is and its parameters; only an allow-list of harmless
 * parameters passes. H2 settings such as {@code INIT} run SQL (and through {@code RUNSCRIPT} or
 * {@code CREATE ALIAS} read files and run Java) when the database opens; pgjdbc parameters such as
 * {@code socketFactory} or {@code loggerFile} instantiate classes or write files; sqlite-jdbc's
 * {@code :resource:} form reads a database from the class path or the network. None of that may
 * come in through a source's URL.
 */
public final class SourceUrls {
  private SourceUrls() {}

  /** A URL read apart: where the database is, and its parameters in the order written. */
  public record Parsed(Dialect dialect, Location location, Map<String, String> parameters) {
    public Parsed {
      parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }
  }

  /** Where a URL's database is. */
  public sealed interface Location {
    /** A database file (SQLite) or the path prefix of one (H2: {@code path.mv.db}). */
    record File(Path path) implements Location {}

    /** A database held in memory by the process that opens it. */
    record Memory(String name) implements Location {}

    /** A database server: hosts (with ports) and the database's name. */
    record Server(List<String> hosts, String database) implements Location {
      public Server {
        hosts = List.copyOf(hosts);
      }
    }
  }

  /** A URL refused, naming the parameter (or the part of the URL) that is not allowed. */
  public static final class UnsafeSourceUrlException extends IllegalArgumentException {
    private final String parameter;

    public UnsafeSourceUrlException(String parameter, String message) {
      super(message);
      this.parameter = parameter;
    }

    /** The parameter or URL part that was refused. */
    public String parameter() {
      return parameter;
    }
  }

  // H2: settings that only change how names, nulls and timeouts behave.
  private static final Set<String> H2_ALLOWED =
      Set.of(
          "ACCESS_MODE_DATA",
          "IFEXISTS",
          "MODE",
          "DB_CLOSE_DELAY",
          "DB_CLOSE_ON_EXIT",
          "DATABASE_TO_UPPER",
          "DATABASE_TO_LOWER",
          "CASE_INSENSITIVE_IDENTIFIERS",
          "DEFAULT_NULL_ORDERING",
          "NON_KEYWORDS",
          "SCHEMA",
          "LOCK_TIMEOUT",
          "QUERY_TIMEOUT",
          "CACHE_SIZE",
          "USER");

  // H2 applies each URL setting as a SET statement: a value is a word or a list of words.
  private static final Pattern H2_VALUE = Pattern.compile("[A-Za-z0-9_.,\\-]*");

  private static final Map<String, String> H2_WHY =
      Map.of(
          "INIT", "INIT runs SQL (RUNSCRIPT, CREATE ALIAS, …) whenever the database opens",
          "AUTO_SERVER", "AUTO_SERVER opens a network port for the database",
          "AUTO_RECONNECT", "AUTO_RECONNECT keeps server connections of its own",
          "IGNORE_UNKNOWN_SETTINGS", "IGNORE_UNKNOWN_SETTINGS hides settings from this check",
          "FILE_LOCK", "FILE_LOCK changes how the database file is locked",
          "ACCESS_MODE_DATA", "ACCESS_MODE_DATA other than r lets the connection write");

  // pgjdbc: where to connect, TLS with files the administrator placed, timeouts, read-only.
  private static final Set<String> PG_ALLOWED =
      Set.of(
          "ssl",
          "sslmode",
          "sslrootcert",
          "sslcert",
          "sslkey",
          "sslnegotiation",
          "channelbinding",
          "gssencmode",
          "currentschema",
          "applicationname",
          "connecttimeout",
          "sockettimeout",
          "logintimeout",
          "cancelsignaltimeout",
          "tcpkeepalive",
          "targetservertype",
          "loadbalancehosts",
          "hostrecheckseconds",
          "readonly",
          "readonlymode",
          "preparethreshold",
          "defaultrowfetchsize",
          "assumeminserverversion",
          "user");

  private static final Map<String, String> PG_WHY =
      Map.ofEntries(
          Map.entry("socketfactory", "socketFactory instantiates a class named in the URL"),
          Map.entry("socketfactoryarg", "socketFactoryArg passes an argument to such a class"),
          Map.entry("sslfactory", "sslfactory instantiates a class named in the URL"),
          Map.entry("sslfactoryarg", "sslfactoryarg passes an argument to such a class"),
          Map.entry(
              "sslhostnameverifier", "sslhostnameverifier instantiates a class named in the URL"),
          Map.entry(
              "sslpasswordcallback", "sslpasswordcallback instantiates a class named in the URL"),
          Map.entry(
              "authenticationpluginclassname",
              "authenticationPluginClassName instantiates a class named in the URL"),
          Map.entry("loggerfile", "loggerFile writes a file named in the URL"),
          Map.entry("loggerlevel", "loggerLevel turns on the driver's logging"),
          Map.entry("options", "options sets server settings (role, read-only mode, …)"),
          Map.entry("service", "service reads connection settings from a file"),
          Map.entry("sslpassword", "sslpassword carries a secret"));

  // sqlite-jdbc: read-only opening and harmless formatting choices.
  private static final Set<String> SQLITE_ALLOWED =
      Set.of(
          "mode",
          "cache",
          "immutable",
          "busy_timeout",
          "date_class",
          "date_precision",
          "date_string_format");

  private static final Pattern DRIVE = Pattern.compile("[A-Za-z]:.*");
  private static final Pattern SCHEME = Pattern.compile("([A-Za-z][A-Za-z0-9]+):.*");

  /**
   * Parses {@code jdbcUrl} and checks every parameter against its driver's allow-list.
   *
   * @throws UnsafeSourceUrlException naming the first parameter (or URL form) that is not allowed
   * @throws IllegalArgumentException for a URL of a driver Parlance does not read
   */
  public static Parsed requireSafe(String jdbcUrl) {
    Dialect dialect =
        Dialect.ofJdbcUrl(jdbcUrl)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "unsupported JDBC URL: Parlance reads jdbc:sqlite:, jdbc:h2: and"
                            + " jdbc:postgresql: URLs"));
    String url = jdbcUrl.strip();
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      if (Character.isISOControl(c)) {
        throw new UnsafeSourceUrlException(
            "control character", "the JDBC URL holds a control character; write it on one line");
      }
    }
    return switch (dialect) {
      case SQLITE -> sqlite(url.substring("jdbc:sqlite:".length()));
      case H2 -> h2(url.substring("jdbc:h2:".length()));
      case POSTGRESQL -> postgres(url.substring("jdbc:postgresql:".length()));
    };
  }

  private static Parsed sqlite(String rest) {
    if (rest.startsWith(":resource:")) {
      throw new UnsafeSourceUrlException(
          ":resource:",
          "the JDBC URL's ':resource:' form reads a database from the class path or the network;"
              + " give the path of a database file");
    }
    int q = rest.indexOf('?');
    String path = q < 0 ? rest : rest.substring(0, q);
    Map<String, String> params = q < 0 ? Map.of() : pairs(rest.substring(q + 1), "&");
    for (Map.Entry<String, String> p : params.entrySet()) {
      String key = p.getKey().toLowerCase(Locale.ROOT);
      if (!SQLITE_ALLOWED.contains(key)) {
        throw refused(
            p.getKey(),
            "SQLite",
            "SQLite sources are opened read-only with extensions off, and the URL may only name"
                + " the file",
            SQLITE_ALLOWED);
      }
      if (key.equals("mode") && !p.getValue().equalsIgnoreCase("ro")) {
        throw new UnsafeSourceUrlException(
            p.getKey(),
            "the JDBC URL's parameter mode="
                + p.getValue()
                + " is not allowed for SQLite sources: only mode=ro (sources are read-only)");
      }
    }
    if (path.startsWith("file:")) {
      path = path.substring("file:".length());
      if (path.startsWith("//")) {
        path = path.substring(2);
      }
    }
    Location location =
        path.isEmpty() || path.equals(":memory:") ? new Location.Memory(path) : file(path);
    return new Parsed(Dialect.SQLITE, location, params);
  }

  private static Parsed h2(String rest) {
    List<String> parts = new ArrayList<>(List.of(rest.split(";", -1)));
    String where = parts.removeFirst();
    Location location;
    String lower = where.toLowerCase(Locale.ROOT);
    if (lower.startsWith("mem:")) {
      location = new Location.Memory(where.substring(4));
    } else if (lower.startsWith("file:")) {
      location = file(h2Path(where.substring(5)));
    } else if (SCHEME.matcher(where).matches() && !DRIVE.matcher(where).matches()) {
      String scheme = where.substring(0, where.indexOf(':'));
      throw new UnsafeSourceUrlException(
          scheme + ":",
          "the JDBC URL's '"
              + scheme
              + ":' form is not allowed for H2 sources (a development-only kind): give"
              + " jdbc:h2:file:PATH or jdbc:h2:mem:NAME");
    } else {
      location = file(h2Path(where));
    }
    Map<String, String> params = new LinkedHashMap<>();
    for (String part : parts) {
      if (part.isBlank()) {
        continue;
      }
      int eq = part.indexOf('=');
      if (eq < 0) {
        throw new UnsafeSourceUrlException(
            part.strip(),
            "the JDBC URL's setting '"
                + abbreviate(part.strip())
                + "' is not KEY=VALUE; H2 source URLs may only carry settings from the allow-list");
      }
      String key = part.substring(0, eq).strip().toUpperCase(Locale.ROOT);
      String value = part.substring(eq + 1).strip();
      if (!H2_ALLOWED.contains(key)) {
        throw refused(
            key, "H2", H2_WHY.getOrDefault(key, "it is not a harmless setting"), H2_ALLOWED);
      }
      if (key.equals("ACCESS_MODE_DATA") && !value.equalsIgnoreCase("r")) {
        throw new UnsafeSourceUrlException(
            key,
            "the JDBC URL's setting ACCESS_MODE_DATA="
                + abbreviate(value)
                + " is not allowed for H2 sources: "
                + H2_WHY.get(key)
                + " (sources are read-only: ACCESS_MODE_DATA=r or none)");
      }
      if (!H2_VALUE.matcher(value).matches()) {
        throw new UnsafeSourceUrlException(
            key,
            "the JDBC URL's setting "
                + key
                + " has a value that is not a plain word or list of words; H2 runs URL settings"
                + " as SQL");
      }
      params.put(key, value);
    }
    return new Parsed(Dialect.H2, location, params);
  }

  // H2 reads "~" as the user's home directory.
  private static String h2Path(String path) {
    if (path.equals("~") || path.startsWith("~/") || path.startsWith("~\\")) {
      return System.getProperty("user.home") + path.substring(1);
    }
    return path;
  }

  private static Parsed postgres(String rest) {
    int q = rest.indexOf('?');
    String where = q < 0 ? rest : rest.substring(0, q);
    Map<String, String> params = q < 0 ? Map.of() : pairs(rest.substring(q + 1), "&");
    for (String key : params.keySet()) {
      String k = key.toLowerCase(Locale.ROOT);
      if (!PG_ALLOWED.contains(k)) {
        throw refused(
            key,
            "PostgreSQL",
            PG_WHY.getOrDefault(k, "it is not a parameter Parlance lets a source URL set"),
            PG_ALLOWED);
      }
      String v = params.get(key).toLowerCase(Locale.ROOT);
      if (k.equals("readonly") && !v.equals("true")) {
        throw new UnsafeSourceUrlException(
            key, "the JDBC URL's parameter readOnly must be true if given (sources are read-only)");
      }
      if (k.equals("readonlymode") && v.equals("ignore")) {
        throw new UnsafeSourceUrlException(
            key,
            "the JDBC URL's parameter readOnlyMode=ignore is not allowed (sources are read-only)");
      }
    }
    List<String> hosts = new ArrayList<>();
    String database;
    if (where.startsWith("//")) {
      String authority = where.substring(2);
      int slash = authority.indexOf('/');
      String hostList = slash < 0 ? authority : authority.substring(0, slash);
      database = slash < 0 ? "" : authority.substring(slash + 1);
      for (String h : hostList.split(",")) {
        if (!h.isBlank()) {
          hosts.add(hostAndPort(h.strip()));
        }
      }
    } else {
      database = where.startsWith("/") ? where.substring(1) : where;
    }
    if (hosts.isEmpty()) {
      hosts.add("localhost:5432");
    }
    return new Parsed(Dialect.POSTGRESQL, new Location.Server(hosts, database), params);
  }

  private static String hostAndPort(String h) {
    String host = h;
    String port = "5432";
    if (h.startsWith("[")) {
      int end = h.indexOf(']');
      host = end < 0 ? h : h.substring(0, end + 1);
      if (end >= 0 && h.length() > end + 2 && h.charAt(end + 1) == ':') {
        port = h.substring(end + 2);
      }
    } else {
      int colon = h.lastIndexOf(':');
      if (colon >= 0) {
        host = h.substring(0, colon);
        port = h.substring(colon + 1);
      }
    }
    return host.toLowerCase(Locale.ROOT) + ":" + port;
  }

  private static Map<String, String> pairs(String query, String separator) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String pair : query.split(Pattern.quote(separator), -1)) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String key = eq < 0 ? pair : pair.substring(0, eq);
      String value = eq < 0 ? "" : pair.substring(eq + 1);
      if (out.containsKey(key)) {
        throw new UnsafeSourceUrlException(
            key, "the JDBC URL names the parameter " + key + " twice; name it once");
      }
      out.put(key, value);
    }
    return out;
  }

  private static Location file(String path) {
    try {
      return new Location.File(Path.of(path).toAbsolutePath().normalize());
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("the JDBC URL's database path is not a valid path");
    }
  }

  private static UnsafeSourceUrlException refused(
      String parameter, String driver, String why, Set<String> allowed) {
    return new UnsafeSourceUrlException(
        parameter,
        "the JDBC URL's parameter "
            + abbreviate(parameter)
            + " is not allowed for "
            + driver
            + " sources: "
            + why
            + ". Source URLs only say where the database is; allowed parameters: "
            + String.join(", ", new java.util.TreeSet<>(allowed)));
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
