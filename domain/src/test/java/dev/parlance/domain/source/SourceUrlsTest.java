package dev.parlance.domain.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.source.SourceUrls.Location;
import dev.parlance.domain.source.SourceUrls.UnsafeSourceUrlException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SourceUrlsTest {

  @Test
  void should_refuse_naming_the_parameter_when_a_url_carries_code_for_its_driver() {
    Map<String, String> refused =
        Map.ofEntries(
            Map.entry("jdbc:h2:mem:x;ACCESS_MODE_DATA=rw;INIT=RUNSCRIPT FROM '/etc/passwd'", "rw"),
            Map.entry("jdbc:h2:mem:x;INIT=RUNSCRIPT FROM '/etc/passwd'", "INIT"),
            Map.entry("jdbc:h2:mem:x;init=CREATE ALIAS X AS 'void x(){}'\\;CALL X()", "INIT"),
            Map.entry("jdbc:h2:mem:x;MODE=H2\\;INIT=RUNSCRIPT FROM 'x'", "MODE"),
            Map.entry("jdbc:h2:mem:x;TRACE_LEVEL_FILE=3", "TRACE_LEVEL_FILE"),
            Map.entry("jdbc:h2:mem:x;TRACE_LEVEL_SYSTEM_OUT=3", "TRACE_LEVEL_SYSTEM_OUT"),
            Map.entry("jdbc:h2:file:/tmp/x;AUTO_SERVER=TRUE", "AUTO_SERVER"),
            Map.entry(
                "jdbc:h2:file:/tmp/x;IGNORE_UNKNOWN_SETTINGS=TRUE", "IGNORE_UNKNOWN_SETTINGS"),
            Map.entry("jdbc:h2:mem:x;SCHEMA=PUBLIC'", "SCHEMA"),
            Map.entry("jdbc:h2:tcp://localhost:9092/~/x", "tcp:"),
            Map.entry("jdbc:h2:zip:/tmp/x.zip!/db", "zip:"),
            Map.entry(
                "jdbc:postgresql://db/plant?socketFactory=org.springframework.context.support.X",
                "socketFactory"),
            Map.entry(
                "jdbc:postgresql://db/plant?socketFactoryArg=http://x/y.xml", "socketFactoryArg"),
            Map.entry("jdbc:postgresql://db/plant?sslfactory=a.B", "sslfactory"),
            Map.entry("jdbc:postgresql://db/plant?sslhostnameverifier=a.B", "sslhostnameverifier"),
            Map.entry("jdbc:postgresql://db/plant?sslpasswordcallback=a.B", "sslpasswordcallback"),
            Map.entry(
                "jdbc:postgresql://db/plant?authenticationPluginClassName=a.B",
                "authenticationPluginClassName"),
            Map.entry(
                "jdbc:postgresql://db/plant?loggerFile=/tmp/x&loggerLevel=DEBUG", "loggerFile"),
            Map.entry("jdbc:postgresql://db/plant?loggerLevel=TRACE", "loggerLevel"),
            Map.entry("jdbc:postgresql://db/plant?options=-c%20role%3Dpostgres", "options"),
            Map.entry("jdbc:postgresql://db/plant?readOnly=false", "readOnly"),
            Map.entry("jdbc:postgresql://db/plant?ssl=true&ssl=false", "ssl"),
            Map.entry("jdbc:sqlite:/tmp/x.db?enable_load_extension=true", "enable_load_extension"),
            Map.entry("jdbc:sqlite:file:/tmp/x.db?mode=rwc", "mode"),
            Map.entry("jdbc:sqlite:/tmp/x.db?open_mode=6", "open_mode"),
            Map.entry("jdbc:sqlite::resource:http://evil.example/db.sqlite", ":resource:"));
    refused.forEach(
        (url, parameter) ->
            assertThatThrownBy(() -> SourceUrls.requireSafe(url))
                .as(url)
                .isInstanceOfSatisfying(
                    UnsafeSourceUrlException.class,
                    e -> {
                      assertThat(e.getMessage()).as(url).contains(parameter);
                      assertThat(e.getMessage()).doesNotContain("/etc/passwd");
                    }));
  }

  @Test
  void should_read_the_location_and_keep_the_harmless_parameters_when_a_url_is_plain() {
    SourceUrls.Parsed h2 =
        SourceUrls.requireSafe("jdbc:h2:file:/tmp/plant;MODE=PostgreSQL;IFEXISTS=TRUE");
    assertThat(h2.location()).isEqualTo(new Location.File(Path.of("/tmp/plant")));
    assertThat(h2.parameters())
        .containsEntry("MODE", "PostgreSQL")
        .containsEntry("IFEXISTS", "TRUE");
    assertThat(SourceUrls.requireSafe("jdbc:h2:mem:dev;ACCESS_MODE_DATA=r").location())
        .isEqualTo(new Location.Memory("dev"));
    assertThat(SourceUrls.requireSafe("jdbc:h2:/tmp/plain").location())
        .isEqualTo(new Location.File(Path.of("/tmp/plain")));
    assertThat(SourceUrls.requireSafe("jdbc:sqlite:/data/plant.sqlite?mode=ro").location())
        .isEqualTo(new Location.File(Path.of("/data/plant.sqlite")));
    assertThat(SourceUrls.requireSafe("jdbc:sqlite:file:/data/../data/plant.sqlite").location())
        .isEqualTo(new Location.File(Path.of("/data/plant.sqlite")));
    assertThat(SourceUrls.requireSafe("jdbc:sqlite::memory:").location())
        .isInstanceOf(Location.Memory.class);
    SourceUrls.Parsed pg =
        SourceUrls.requireSafe(
            "jdbc:postgresql://DB.example:5433,replica/plant?sslmode=verify-full&currentSchema=ops"
                + "&ApplicationName=parlance&readOnly=true");
    assertThat(pg.location())
        .isEqualTo(new Location.Server(List.of("db.example:5433", "replica:5432"), "plant"));
    assertThat(SourceUrls.requireSafe("jdbc:postgresql:plant").location())
        .isEqualTo(new Location.Server(List.of("localhost:5432"), "plant"));
  }

  @Test
  void should_refuse_the_store_and_the_home_but_not_the_demo_databases_when_locations_are_protected(
      @org.junit.jupiter.api.io.TempDir Path home) {
    ProtectedLocations locations =
        new ProtectedLocations(
            List.of(home.resolve("metadata"), home.resolve("index")),
            Optional.of("jdbc:postgresql://store.example:5432/parlance?sslmode=require"),
            Set.of("PARLANCE_STORE_PASSWORD"));
    for (String url :
        List.of(
            "jdbc:h2:file:" + home.resolve("metadata/parlance"),
            "jdbc:h2:" + home.resolve("metadata/../metadata/parlance"),
            "jdbc:sqlite:" + home.resolve("index/segments_1"),
            "jdbc:sqlite:file:" + home + "/databases/../metadata/parlance.mv.db",
            "jdbc:postgresql://STORE.example/parlance",
            "jdbc:postgresql://other:5432,store.example:5432/parlance?sslmode=require")) {
      assertThatThrownBy(() -> locations.requireNotProtected(SourceUrls.requireSafe(url)))
          .as(url)
          .isInstanceOf(UnsafeSourceUrlException.class)
          .hasMessageContaining("can never be a source");
    }
    for (String url :
        List.of(
            "jdbc:sqlite:" + home.resolve("databases/demo.sqlite"),
            "jdbc:sqlite:" + home.resolve("plant.sqlite"),
            "jdbc:postgresql://store.example:5432/plant",
            "jdbc:postgresql://store.example:5433/parlance",
            "jdbc:h2:mem:parlance")) {
      locations.requireNotProtected(SourceUrls.requireSafe(url));
    }
    assertThatThrownBy(
            () ->
                locations.requireNotStoreCredentials(
                    new Credentials.FromEnvironment("PGUSER", "PARLANCE_STORE_PASSWORD")))
        .isInstanceOf(UnsafeSourceUrlException.class)
        .hasMessageContaining("PARLANCE_STORE_PASSWORD");
    locations.requireNotStoreCredentials(new Credentials.FromEnvironment("PGUSER", "PGPASSWORD"));
  }

  @Test
  void should_refuse_the_embedded_store_when_the_store_url_is_an_h2_file_with_settings(
      @org.junit.jupiter.api.io.TempDir Path dir) {
    ProtectedLocations locations =
        new ProtectedLocations(
            List.of(dir.resolve("home/metadata")),
            Optional.of("jdbc:h2:file:" + dir.resolve("store/parlance") + ";AUTO_SERVER=TRUE"),
            Set.of());
    assertThatThrownBy(
            () ->
                locations.requireNotProtected(
                    SourceUrls.requireSafe("jdbc:h2:file:" + dir.resolve("store/./parlance"))))
        .hasMessageContaining("metadata store");
  }
}
