package dev.parlance.adapters.db.benchmark;

import dev.parlance.adapters.db.benchmark.TablesJson.ColumnDoc;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.catalog.Names;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * BIRD's {@code database_description/<table>.csv} files: per column a natural name, a description
 * and a value description. They come in UTF-8, UTF-8 with a byte-order mark, and Windows-1252.
 */
final class BirdDescriptions implements TablesJson.Docs {

  // db -> table -> column -> doc, all keys lower-case.
  private final Map<String, Map<String, Map<String, ColumnDoc>>> docs = new HashMap<>();

  static BirdDescriptions read(Path databasesDir) {
    BirdDescriptions descriptions = new BirdDescriptions();
    if (!Files.isDirectory(databasesDir)) {
      return descriptions;
    }
    try (Stream<Path> dbs = Files.list(databasesDir)) {
      for (Path db : dbs.sorted().toList()) {
        Path dir = db.resolve("database_description");
        if (Files.isDirectory(dir)) {
          descriptions.readDatabase(Names.key(db.getFileName().toString()), dir);
        }
      }
    } catch (IOException e) {
      throw new BenchmarkDataException(databasesDir, "cannot list: " + e.getMessage(), e);
    }
    return descriptions;
  }

  private void readDatabase(String db, Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      for (Path csv : files.filter(f -> f.toString().endsWith(".csv")).sorted().toList()) {
        String table = Names.key(csv.getFileName().toString().replaceFirst("\\.csv$", ""));
        docs.computeIfAbsent(db, k -> new HashMap<>()).put(table, readTable(csv));
      }
    }
  }

  private static Map<String, ColumnDoc> readTable(Path csv) {
    List<List<String>> rows = Csv.parse(DataFiles.text(csv));
    if (rows.isEmpty()) {
      return Map.of();
    }
    List<String> header = rows.getFirst().stream().map(Names::key).toList();
    int original = header.indexOf("original_column_name");
    if (original < 0) {
      throw new BenchmarkDataException(csv, "no original_column_name column in the header");
    }
    int natural = header.indexOf("column_name");
    int description = header.indexOf("column_description");
    int values = header.indexOf("value_description");
    Map<String, ColumnDoc> table = new HashMap<>();
    for (List<String> row : rows.subList(1, rows.size())) {
      if (row.size() <= original || row.get(original).isBlank()) {
        continue;
      }
      table.put(
          Names.key(row.get(original)),
          new ColumnDoc(cell(row, natural), cell(row, description), cell(row, values)));
    }
    return table;
  }

  private static String cell(List<String> row, int index) {
    return index >= 0 && index < row.size() ? row.get(index).strip() : "";
  }

  @Override
  public ColumnDoc find(String db, String table, String column) {
    return docs.getOrDefault(Names.key(db), Map.of())
        .getOrDefault(Names.key(table), Map.of())
        .getOrDefault(Names.key(column), ColumnDoc.EMPTY);
  }
}
