package dev.parlance.domain.source;

import dev.parlance.domain.source.SourceUrls.Location;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What can never be a source: Parlance's own metadata store (the audit trail, policies and
 * curation) and the folders of its home that hold its own state (the store's files, indexes,
 * caches, logs). The folder of databases it generates for users (the demo) and anything else an
 * administrator keeps under the home may be sources.
 *
 * @param directories the folders whose files are Parlance's own
 * @param storeUrl the metadata store's JDBC URL
 * @param storeVariables the environment variables holding the store's user and password, which no
 *     source may name as its credentials
 */
public record ProtectedLocations(
    List<Path> directories, Optional<String> storeUrl, Set<String> storeVariables) {

  public ProtectedLocations {
    directories = directories.stream().map(ProtectedLocations::real).toList();
    storeUrl = Objects.requireNonNullElse(storeUrl, Optional.empty());
    storeVariables = Set.copyOf(storeVariables);
  }

  /** Nothing protected (tests and tools without a home). */
  public static ProtectedLocations none() {
    return new ProtectedLocations(List.of(), Optional.empty(), Set.of());
  }

  /**
   * @throws SourceUrls.UnsafeSourceUrlException when {@code credentials} name the variables that
   *     hold the metadata store's user or password
   */
  public void requireNotStoreCredentials(Credentials credentials) {
    if (credentials instanceof Credentials.FromEnvironment env) {
      for (String v : java.util.Arrays.asList(env.userVariable(), env.passwordVariable())) {
        if (v != null && storeVariables.contains(v)) {
          throw new SourceUrls.UnsafeSourceUrlException(
              v,
              "the source's credentials name "
                  + v
                  + ", which holds the metadata store's credentials; give the source a login of"
                  + " its own");
        }
      }
    }
  }

  /**
   * @throws SourceUrls.UnsafeSourceUrlException when {@code parsed} opens the metadata store or a
   *     file of Parlance's home
   */
  public void requireNotProtected(SourceUrls.Parsed parsed) {
    Optional<SourceUrls.Parsed> store = storeUrl.flatMap(ProtectedLocations::parse);
    if (store.isPresent() && same(parsed, store.get())) {
      throw refusal();
    }
    if (parsed.location() instanceof Location.File file) {
      Path path = real(file.path());
      for (Path own : directories) {
        if (path.startsWith(own)) {
          throw new SourceUrls.UnsafeSourceUrlException(
              "database path",
              "the JDBC URL names a file in "
                  + own
                  + ", which holds Parlance's own metadata store, indexes or caches: they can"
                  + " never be a source");
        }
      }
    }
  }

  private static SourceUrls.UnsafeSourceUrlException refusal() {
    return new SourceUrls.UnsafeSourceUrlException(
        "database",
        "the JDBC URL names Parlance's own metadata store, which can never be a source");
  }

  private static boolean same(SourceUrls.Parsed a, SourceUrls.Parsed b) {
    return switch (a.location()) {
      case Location.File f when b.location() instanceof Location.File g ->
          real(f.path()).equals(real(g.path()));
      case Location.Memory m when b.location() instanceof Location.Memory n ->
          a.dialect() == b.dialect() && m.name().equalsIgnoreCase(n.name());
      case Location.Server s when b.location() instanceof Location.Server t ->
          s.database().equals(t.database()) && !disjoint(hosts(s), hosts(t));
      default -> false;
    };
  }

  // Loopback names are one host.
  private static Set<String> hosts(Location.Server s) {
    Set<String> out = new HashSet<>();
    for (String h : s.hosts()) {
      int colon = h.lastIndexOf(':');
      String host = h.substring(0, colon).toLowerCase(Locale.ROOT);
      String port = h.substring(colon + 1);
      if (host.equals("localhost")
          || host.equals("127.0.0.1")
          || host.equals("[::1]")
          || host.isEmpty()) {
        host = "loopback";
      }
      out.add(host + ":" + port);
    }
    return out;
  }

  private static boolean disjoint(Set<String> a, Set<String> b) {
    return a.stream().noneMatch(b::contains);
  }

  private static Optional<SourceUrls.Parsed> parse(String url) {
    try {
      // The store's own URL may carry settings a source may not (AUTO_SERVER): read where it is.
      String where =
          url.toLowerCase(Locale.ROOT).startsWith("jdbc:h2:") ? url.split(";", 2)[0] : url;
      int q = where.indexOf('?');
      return Optional.of(SourceUrls.requireSafe(q < 0 ? where : where.substring(0, q)));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  // Symbolic links resolved where the path exists (the longest existing prefix otherwise).
  private static Path real(Path path) {
    Path p = path.toAbsolutePath().normalize();
    Path existing = p;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return p;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(p)).normalize();
    } catch (IOException e) {
      return p;
    }
  }
}
