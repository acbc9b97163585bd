package dev.parlance.adapters.db.demo;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.parlance.adapters.db.jdbc.JdbcDrivers;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The demo plant-maintenance database: generated on first start from a fixed seed, a SQLite file
 * with cryptic legacy names that an LLM cannot use well without curation. See
 * docs/design/demo-database.md.
 */
public final class DemoDatabase {

  public static final String SOURCE_NAME = "demo";
  public static final String FILE_NAME = "demo-plant.sqlite";
  public static final long SEED = 20_240_611L;

  private DemoDatabase() {}

  /** The demo file in {@code directory}, generated first if it is missing. */
  public static Path ensure(Path directory) {
    Path file = directory.resolve(FILE_NAME);
    if (Files.isRegularFile(file)) {
      return file;
    }
    synchronized (DemoDatabase.class) {
      if (!Files.isRegularFile(file)) {
        generate(file, SEED, 1.0);
      }
    }
    return file;
  }

  /**
   * Writes the demo database to {@code file} (replacing it): {@code scale} 1.0 is the full demo
   * (about 230,000 rows); tests use smaller scales.
   */
  public static void generate(Path file, long seed, double scale) {
    try {
      Path dir = file.toAbsolutePath().getParent();
      Files.createDirectories(dir);
      Path temp = Files.createTempFile(dir, "demo-", ".sqlite.tmp");
      try {
        try (Connection c = JdbcDrivers.connect("jdbc:sqlite:" + temp, null, null)) {
          DemoPlantGenerator.generate(c, seed, scale);
        }
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(temp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the demo database " + file, e);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot generate the demo database: " + e.getMessage(), e);
    }
  }

  /**
   * The demo's curation file (docs/design/curation.md): conceptual and partially extended views,
   * data descriptions, value dictionaries, hints, synonyms and verified questions. Published as the
   * demo's first curation version on first start.
   */
  public static String curationYaml() {
    return resource("demo-curation.yaml");
  }

  /**
   * Hand-written SQL over the demo's base tables, by verified question id: the same answers as the
   * verified questions' SQL over the views, written against the cryptic schema.
   */
  public static Map<String, String> baseTableSql() {
    try {
      Map<String, String> read =
          new ObjectMapper(new YAMLFactory())
              .readValue(
                  resource("demo-base-sql.yaml"),
                  new TypeReference<LinkedHashMap<String, String>>() {});
      return java.util.Collections.unmodifiableMap(read);
    } catch (IOException e) {
      throw new UncheckedIOException("the demo's base-table SQL does not read", e);
    }
  }

  private static String resource(String name) {
    try (InputStream in = DemoDatabase.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("resource " + name + " is missing next to DemoDatabase");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The data source that reads {@code file}. */
  public static DataSource source(Path file) {
    return DataSource.of(SOURCE_NAME, "jdbc:sqlite:" + file.toAbsolutePath(), Credentials.none());
  }

  /**
   * The demo's starting policy: every table, 1000 rows, 10 s. Users acting as {@code regional} see
   * the installations of their {@code region} attribute and, because the filter follows foreign
   * keys, only the rows of every other table that belong to those installations (systems,
   * equipment, orders, operations, time sheets, staff of their work centres…). {@code contractor}
   * users see their own company's staff and the work those staff appear in, with names and e-mail
   * addresses (which spell out the names) masked and phone and pay hidden. It passes {@code policy
   * lint}.
   */
  public static GovernancePolicy policy() {
    return GovernancePolicy.defaults(SOURCE_NAME)
        .withTimeout(Duration.ofSeconds(10))
        .withRowFilter(
            new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region").followingForeignKeys())
        .withRowFilter(
            new RowFilter("contractor", "TB_EMP", "EMP_CT_ID = :user.contractor")
                .followingForeignKeys())
        .withColumnRule(ColumnRule.mask("contractor", "TB_EMP", "EMP_NM"))
        .withColumnRule(ColumnRule.mask("contractor", "TB_EMP", "EMP_EMAIL"))
        .withColumnRule(ColumnRule.hide("contractor", "TB_EMP", "EMP_PH"))
        .withColumnRule(ColumnRule.hide("contractor", "TB_EMP", "EMP_HR_RT"))
        .withColumnRule(ColumnRule.hide("*", "TB_CT", "CT_DOC"));
  }
}
