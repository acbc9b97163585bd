package dev.parlance.adapters.db.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.retrieval.ElementText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Reads Spider's {@code tables.json} and BIRD's {@code dev_tables.json}: one catalog per database,
 * with original names, types, keys, and the natural names as descriptions.
 */
final class TablesJson {
  private TablesJson() {}

  /** Column documentation from elsewhere (BIRD's description files), by table then column. */
  interface Docs {
    ColumnDoc find(String db, String table, String column);

    Docs NONE = (db, table, column) -> ColumnDoc.EMPTY;
  }

  record ColumnDoc(String naturalName, String description, String valueDescription) {
    static final ColumnDoc EMPTY = new ColumnDoc("", "", "");
  }

  /** Catalogs by lower-case database id, in file order. */
  static Map<String, SchemaCatalog> read(Path file, Docs docs) {
    JsonNode root = DataFiles.json(file);
    if (!root.isArray()) {
      throw new BenchmarkDataException(file, "expected a JSON array of databases");
    }
    Map<String, SchemaCatalog> catalogs = new LinkedHashMap<>();
    for (JsonNode db : root) {
      SchemaCatalog catalog = database(db, file, docs);
      catalogs.put(Names.key(catalog.source()), catalog);
    }
    return catalogs;
  }

  private static SchemaCatalog database(JsonNode db, Path file, Docs docs) {
    String dbId = DataFiles.require(db, "db_id", file).asText();
    List<String> tableNames = texts(DataFiles.require(db, "table_names_original", file));
    JsonNode originals = DataFiles.require(db, "column_names_original", file);
    JsonNode naturals = db.path("column_names");
    JsonNode types = db.path("column_types");
    // Column index i in the file is (table index, name); index 0 is Spider's '*'.
    List<int[]> owner = new ArrayList<>();
    List<String> columnNames = new ArrayList<>();
    List<List<Column>> columns = new ArrayList<>();
    tableNames.forEach(t -> columns.add(new ArrayList<>()));
    for (int i = 0; i < originals.size(); i++) {
      JsonNode pair = originals.get(i);
      int table = pair.get(0).asInt();
      String name = pair.get(1).asText();
      owner.add(new int[] {table});
      columnNames.add(name);
      if (table < 0) {
        continue;
      }
      if (table >= tableNames.size()) {
        throw new BenchmarkDataException(
            file,
            "database "
                + dbId
                + ": column "
                + name
                + " names table "
                + table
                + " that does not exist");
      }
      String tableName = tableNames.get(table);
      if (columns.get(table).stream().anyMatch(c -> Names.key(c.name()).equals(Names.key(name)))) {
        continue;
      }
      String natural = naturals.path(i).path(1).asText("");
      ColumnDoc doc = docs.find(dbId, tableName, name);
      columns
          .get(table)
          .add(
              new Column(
                  name,
                  types.path(i).asText(""),
                  true,
                  describe(name, natural.isEmpty() ? doc.naturalName() : natural, doc),
                  doc.valueDescription(),
                  List.of(),
                  OptionalLong.empty()));
    }
    List<List<String>> primaryKeys = new ArrayList<>();
    tableNames.forEach(t -> primaryKeys.add(new ArrayList<>()));
    for (JsonNode pk : db.path("primary_keys")) {
      // BIRD writes composite keys as nested arrays.
      List<Integer> indices = new ArrayList<>();
      if (pk.isArray()) {
        pk.forEach(p -> indices.add(p.asInt()));
      } else {
        indices.add(pk.asInt());
      }
      for (int index : indices) {
        if (index > 0 && index < owner.size()) {
          primaryKeys.get(owner.get(index)[0]).add(columnNames.get(index));
        }
      }
    }
    List<List<ForeignKey>> foreignKeys = new ArrayList<>();
    tableNames.forEach(t -> foreignKeys.add(new ArrayList<>()));
    for (JsonNode fk : db.path("foreign_keys")) {
      int from = fk.get(0).asInt();
      int to = fk.get(1).asInt();
      if (from <= 0 || to <= 0 || from >= owner.size() || to >= owner.size()) {
        continue;
      }
      foreignKeys
          .get(owner.get(from)[0])
          .add(
              ForeignKey.of(
                  columnNames.get(from), tableNames.get(owner.get(to)[0]), columnNames.get(to)));
    }
    List<Table> tables = new ArrayList<>();
    JsonNode naturalTables = db.path("table_names");
    for (int t = 0; t < tableNames.size(); t++) {
      if (columns.get(t).isEmpty()) {
        continue;
      }
      String natural = naturalTables.path(t).asText("");
      String description =
          natural.isEmpty() || natural.equalsIgnoreCase(ElementText.words(tableNames.get(t)))
              ? ""
              : natural;
      tables.add(
          new Table(
              tableNames.get(t),
              TableKind.TABLE,
              description,
              columns.get(t),
              primaryKeys.get(t),
              foreignKeys.get(t)));
    }
    return new SchemaCatalog(dbId, tables);
  }

  // The natural name says something only when it is more than the identifier split into words.
  private static String describe(String name, String natural, ColumnDoc doc) {
    List<String> parts = new ArrayList<>();
    if (!natural.isBlank() && !natural.strip().equalsIgnoreCase(ElementText.words(name))) {
      parts.add(natural.strip());
    }
    if (!doc.description().isBlank()
        && parts.stream().noneMatch(p -> p.equalsIgnoreCase(doc.description().strip()))) {
      parts.add(doc.description().strip());
    }
    return String.join(": ", parts);
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
