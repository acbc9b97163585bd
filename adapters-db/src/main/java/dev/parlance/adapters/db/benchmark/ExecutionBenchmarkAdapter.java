package dev.parlance.adapters.db.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.adapters.db.sql.SqlQueryComponents;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationDataset;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.LoadEvaluationBenchmarkPort;
import dev.parlance.domain.evaluation.QueryComponents;
import dev.parlance.domain.evaluation.SpiderHardness;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Loads the execution-accuracy benchmarks from a folder laid out like the shared data: Spider dev
 * ({@code spider/dev.json}, databases in {@code spider/database/<db>/<db>.sqlite}) and the BIRD dev
 * revisions ({@code bird/dev.json}, {@code bird/versions/…}, {@code bird/mini_dev/…}, databases in
 * {@code bird/dev_databases/<db>/<db>.sqlite}). Databases that are absent are listed, and their
 * questions stay in the benchmark to be counted as skipped.
 */
final class ExecutionBenchmarkAdapter implements LoadEvaluationBenchmarkPort {

  @Override
  public EvaluationBenchmark load(EvaluationDataset dataset, Path dataDir) {
    if (!Files.isDirectory(dataDir)) {
      throw new BenchmarkDataException(dataDir, "no such data folder");
    }
    if (dataset.union().isPresent()) {
      // A union benchmark asks its base benchmark's questions; only its name differs.
      EvaluationBenchmark base = load(dataset.questions(), dataDir);
      return new EvaluationBenchmark(
          dataset.label(),
          base.goldRevision(),
          base.questions(),
          base.databases(),
          base.missingDatabases(),
          base.difficulties(),
          base.notes(),
          base.datasetDatabases(),
          base.warnings());
    }
    return switch (dataset) {
      case SPIDER_DEV -> spider(dataDir);
      case BIRD_DEV ->
          bird(
              dataset,
              dataDir,
              "bird/dev.json",
              "BIRD dev, latest revision (matches the 2024-06-27 release)");
      case BIRD_DEV_PRE2024 ->
          bird(
              dataset,
              dataDir,
              "bird/versions/dev_pre20240627_from_RB-SQL.json",
              "BIRD dev before the 2024-06-27 revision (the gold most published numbers used)");
      case BIRD_MINIDEV ->
          bird(
              dataset,
              dataDir,
              "bird/mini_dev/mini_dev_sqlite.json",
              "BIRD Mini-Dev, SQLite flavour");
      case SPIDER_UNION, BIRD_UNION -> throw new IllegalStateException("unions are read above");
    };
  }

  private static EvaluationBenchmark spider(Path dataDir) {
    String relative = "spider/dev.json";
    Path file = dataDir.resolve(relative);
    JsonNode root = array(file);
    List<String> notes = new ArrayList<>();
    List<EvaluationQuestion> questions = new ArrayList<>();
    int fromOfficialParse = 0;
    int fromParser = 0;
    int unparsed = 0;
    for (int i = 0; i < root.size(); i++) {
      JsonNode q = root.get(i);
      String sql = DataFiles.require(q, "query", file).asText();
      Optional<SpiderHardness> hardness = Optional.empty();
      if (q.hasNonNull("sql")) {
        try {
          hardness = Optional.of(SpiderHardness.of(SpiderParse.components(q.get("sql"))));
          fromOfficialParse++;
        } catch (IllegalArgumentException e) {
          // fall through to the parser
        }
      }
      if (hardness.isEmpty()) {
        try {
          QueryComponents parsed = SqlQueryComponents.of(sql);
          hardness = Optional.of(SpiderHardness.of(parsed));
          fromParser++;
        } catch (IllegalArgumentException e) {
          unparsed++;
        }
      }
      questions.add(
          new EvaluationQuestion(
              String.valueOf(i),
              DataFiles.require(q, "db_id", file).asText(),
              DataFiles.require(q, "question", file).asText(),
              Optional.empty(),
              sql,
              hardness.map(SpiderHardness::label)));
    }
    if (fromParser > 0) {
      notes.add(
          fromParser
              + " questions have no Spider parse ('sql' field); their hardness was counted on"
              + " Parlance's parse of the SQL");
    }
    if (unparsed > 0) {
      notes.add(unparsed + " questions have no hardness: their SQL did not parse");
    }
    if (fromOfficialParse == questions.size()) {
      notes.add("hardness counted on the official Spider parse of each gold query");
    }
    return benchmark(
        EvaluationDataset.SPIDER_DEV,
        "Spider 1.0 dev (spider_data release, 2020 revision)",
        dataDir,
        "spider/tables.json",
        relative,
        questions,
        db -> dataDir.resolve("spider/database").resolve(db).resolve(db + ".sqlite"),
        notes,
        List.of());
  }

  private static EvaluationBenchmark bird(
      EvaluationDataset dataset, Path dataDir, String relative, String revision) {
    Path file = dataDir.resolve(relative);
    JsonNode root = array(file);
    List<EvaluationQuestion> questions = new ArrayList<>();
    Map<String, List<Integer>> positions = new LinkedHashMap<>();
    for (int i = 0; i < root.size(); i++) {
      JsonNode q = root.get(i);
      String given =
          q.hasNonNull("question_id") ? q.get("question_id").asText() : String.valueOf(i);
      List<Integer> seen = positions.computeIfAbsent(given, k -> new ArrayList<>());
      seen.add(i);
      // The official script pairs by position; a repeated id is told apart by its occurrence.
      String id = seen.size() == 1 ? given : given + "#" + seen.size();
      String evidence = q.path("evidence").asText("");
      String difficulty = q.path("difficulty").asText("").strip().toLowerCase(Locale.ROOT);
      questions.add(
          new EvaluationQuestion(
              id,
              DataFiles.require(q, "db_id", file).asText(),
              DataFiles.require(q, "question", file).asText(),
              evidence.isBlank() ? Optional.empty() : Optional.of(evidence),
              DataFiles.require(q, "SQL", file).asText(),
              difficulty.isEmpty() ? Optional.empty() : Optional.of(difficulty)));
    }
    List<String> notes = new ArrayList<>();
    if (dataset == EvaluationDataset.BIRD_MINIDEV) {
      notes.add("Mini-Dev's SQLite databases are BIRD dev's: read from bird/dev_databases/");
    }
    List<String> warnings = new ArrayList<>();
    positions.forEach(
        (id, at) -> {
          if (at.size() > 1) {
            List<String> where = at.stream().map(i -> "question " + (i + 1)).toList();
            warnings.add(
                "question_id "
                    + id
                    + " appears "
                    + at.size()
                    + " times in "
                    + relative
                    + " ("
                    + String.join(", ", where)
                    + "): the official script pairs predictions with questions by position, and"
                    + " so does Parlance; the repeats are reported as "
                    + String.join(
                        ", ",
                        java.util.stream.IntStream.rangeClosed(2, at.size())
                            .mapToObj(n -> id + "#" + n)
                            .toList()));
          }
        });
    return benchmark(
        dataset,
        revision,
        dataDir,
        dataset == EvaluationDataset.BIRD_MINIDEV
            ? "bird/mini_dev/mini_dev_sqlite_tables.json"
            : "bird/dev_tables.json",
        relative,
        questions,
        db -> dataDir.resolve("bird/dev_databases").resolve(db).resolve(db + ".sqlite"),
        notes,
        warnings);
  }

  private static EvaluationBenchmark benchmark(
      EvaluationDataset dataset,
      String revision,
      Path dataDir,
      String tables,
      String relative,
      List<EvaluationQuestion> questions,
      Function<String, Path> databaseFile,
      List<String> notes,
      List<String> warnings) {
    if (questions.isEmpty()) {
      throw new BenchmarkDataException(dataDir.resolve(relative), "holds no questions");
    }
    Map<String, DataSource> databases = new LinkedHashMap<>();
    List<String> missing = new ArrayList<>();
    Map<String, Integer> missingQuestions = new LinkedHashMap<>();
    for (EvaluationQuestion q : questions) {
      String db = q.database();
      if (databases.containsKey(db) || missingQuestions.containsKey(db)) {
        missingQuestions.computeIfPresent(db, (k, n) -> n + 1);
        continue;
      }
      Path sqlite = databaseFile.apply(db);
      if (Files.isRegularFile(sqlite)) {
        databases.put(db, sqliteSource(db, sqlite));
      } else {
        missing.add(db);
        missingQuestions.put(db, 1);
      }
    }
    if (!missing.isEmpty()) {
      List<String> parts = new ArrayList<>();
      missingQuestions.forEach((db, n) -> parts.add(db + " (" + n + ")"));
      notes.add(
          missing.size()
              + " of "
              + (missing.size() + databases.size())
              + " databases are missing; their questions are skipped: "
              + String.join(", ", parts));
    }
    Path gold = dataDir.resolve(relative);
    String goldRevision =
        revision
            + " — "
            + relative
            + " ("
            + questions.size()
            + " questions, sha256 "
            + sha256(gold).substring(0, 12)
            + ")";
    return new EvaluationBenchmark(
        dataset.label(),
        goldRevision,
        questions,
        databases,
        missing,
        dataset.difficulties(),
        notes,
        datasetDatabases(dataDir.resolve(tables)),
        warnings);
  }

  // Every database the dataset's tables file defines (held-out ones too); none when it is absent.
  private static Set<String> datasetDatabases(Path tables) {
    if (!Files.isRegularFile(tables)) {
      return Set.of();
    }
    Set<String> ids = new LinkedHashSet<>();
    for (JsonNode db : DataFiles.json(tables)) {
      if (db.hasNonNull("db_id")) {
        ids.add(db.get("db_id").asText());
      }
    }
    return ids;
  }

  static DataSource sqliteSource(String db, Path file) {
    String name = "bench-" + db.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]", "-");
    if (name.length() > 63) {
      name = name.substring(0, 63);
    }
    return new DataSource(
        name,
        "jdbc:sqlite:" + file.toAbsolutePath().normalize(),
        Dialect.SQLITE,
        Credentials.none());
  }

  private static JsonNode array(Path file) {
    JsonNode root = DataFiles.json(file);
    if (!root.isArray()) {
      throw new BenchmarkDataException(file, "expected a JSON array of questions");
    }
    return root;
  }

  private static String sha256(Path file) {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(DataFiles.bytes(file)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK lacks SHA-256", e);
    }
  }
}
