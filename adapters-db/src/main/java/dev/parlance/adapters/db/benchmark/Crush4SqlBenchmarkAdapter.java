package dev.parlance.adapters.db.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.adapters.db.sql.SqlColumnReferences;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.benchmark.RetrievalBenchmark;
import dev.parlance.domain.benchmark.RetrievalDataset;
import dev.parlance.domain.benchmark.RetrievalQuestion;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.retrieval.HallucinatedSchema;
import dev.parlance.domain.retrieval.SchemaElement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Loads CRUSH4SQL's schema-retrieval benchmarks from a folder laid out like the shared data:
 * BirdUnion and SpiderUnion (the union lists, their schemas, their questions and gold columns) and
 * SocialDB (the catalogue alone, with a built-in sample of questions).
 */
final class Crush4SqlBenchmarkAdapter implements LoadRetrievalBenchmarkPort {

  @Override
  public RetrievalBenchmark load(
      RetrievalDataset dataset, Path dataDir, Optional<Path> questionsFile) {
    if (!Files.isDirectory(dataDir)) {
      throw new BenchmarkDataException(dataDir, "no such data folder");
    }
    List<String> notes = new ArrayList<>();
    return switch (dataset) {
      case BIRDUNION -> {
        Map<String, SchemaCatalog> dbs =
            TablesJson.read(
                dataDir.resolve("bird/dev_tables.json"),
                BirdDescriptions.read(dataDir.resolve("bird/dev_databases")));
        SchemaCatalog union =
            union("birdunion", dbs, dataDir.resolve("crush4sql/bird_UNION.txt"), notes);
        Path questions = questionsFile.orElse(dataDir.resolve("crush4sql/bird_dev.json"));
        yield new RetrievalBenchmark(dataset, union, birdQuestions(questions, dbs, notes), notes);
      }
      case SPIDERUNION -> {
        Map<String, SchemaCatalog> dbs =
            TablesJson.read(dataDir.resolve("spider/tables.json"), TablesJson.Docs.NONE);
        SchemaCatalog union =
            union("spiderunion", dbs, dataDir.resolve("crush4sql/spider_UNION.txt"), notes);
        Path questions = questionsFile.orElse(dataDir.resolve("spider/dev.json"));
        yield new RetrievalBenchmark(dataset, union, spiderQuestions(questions, dbs, notes), notes);
      }
      case SOCIALDB -> {
        if (questionsFile.isPresent()) {
          throw new BenchmarkDataException(
              questionsFile.get(), "socialdb has no gold; it runs its built-in sample questions");
        }
        SchemaCatalog catalog =
            SocialDb.read(dataDir.resolve("crush4sql/socialdb/ndap_super.json"), notes);
        yield new RetrievalBenchmark(dataset, catalog, SocialDb.sampleQuestions(), notes);
      }
    };
  }

  /** The union schema: every listed column, its table prefixed with its database. */
  private static SchemaCatalog union(
      String name, Map<String, SchemaCatalog> dbs, Path unionFile, List<String> notes) {
    Set<String> listed = new LinkedHashSet<>();
    for (String line : DataFiles.lines(unionFile)) {
      if (!line.isBlank()) {
        listed.add(Names.key(line));
      }
    }
    if (listed.isEmpty()) {
      throw new BenchmarkDataException(unionFile, "lists no columns");
    }
    Set<String> placed = new HashSet<>();
    List<Table> tables = new ArrayList<>();
    for (SchemaCatalog db : dbs.values()) {
      for (Table t : db.tables()) {
        String tableName = db.source() + "." + t.name();
        List<Column> columns =
            t.columns().stream()
                .filter(c -> listed.contains(SchemaElement.idOf(tableName, c.name())))
                .toList();
        if (columns.isEmpty()) {
          continue;
        }
        columns.forEach(c -> placed.add(SchemaElement.idOf(tableName, c.name())));
        List<ForeignKey> fks =
            t.foreignKeys().stream()
                .map(
                    fk ->
                        new ForeignKey(
                            fk.columns(),
                            db.source() + "." + fk.referencedTable(),
                            fk.referencedColumns()))
                .toList();
        tables.add(
            new Table(tableName, TableKind.TABLE, t.description(), columns, t.primaryKey(), fks));
      }
    }
    Set<String> missing = new LinkedHashSet<>(listed);
    missing.removeAll(placed);
    if (!missing.isEmpty()) {
      notes.add(
          missing.size()
              + " columns of "
              + unionFile.getFileName()
              + " are in no schema file and were left out, e.g. "
              + missing.iterator().next());
    }
    return new SchemaCatalog(name, tables);
  }

  private static List<RetrievalQuestion> birdQuestions(
      Path file, Map<String, SchemaCatalog> dbs, List<String> notes) {
    JsonNode root = DataFiles.json(file);
    if (!root.isArray()) {
      throw new BenchmarkDataException(file, "expected a JSON array of questions");
    }
    List<RetrievalQuestion> questions = new ArrayList<>();
    int malformed = 0;
    int noGold = 0;
    int derived = 0;
    for (int i = 0; i < root.size(); i++) {
      JsonNode q = root.get(i);
      String text = DataFiles.require(q, "question", file).asText();
      String db = q.path("db_id").asText("");
      Set<String> gold = new LinkedHashSet<>();
      JsonNode elements = q.get("schema_elements");
      if (elements != null && elements.isArray()) {
        for (JsonNode e : elements) {
          // CRUSH4SQL measures columns only: [db, table, column] with every part present.
          if (e.size() == 3 && !e.get(1).asText().isBlank() && !e.get(2).asText().isBlank()) {
            gold.add(
                Names.key(e.get(0).asText() + "." + e.get(1).asText() + "." + e.get(2).asText()));
          } else {
            malformed++;
          }
        }
      } else if (q.hasNonNull("SQL") && dbs.containsKey(Names.key(db))) {
        gold.addAll(goldFromSql(q.get("SQL").asText(), dbs.get(Names.key(db))));
        derived++;
      }
      if (gold.isEmpty()) {
        noGold++;
        continue;
      }
      Optional<HallucinatedSchema> hallucination = Optional.empty();
      JsonNode cached = q.get("question_decomposition_hallucinate_schema_bird");
      if (cached != null && cached.isArray() && !cached.isEmpty()) {
        List<String> fragments = new ArrayList<>();
        cached.forEach(f -> fragments.add(f.asText()));
        hallucination =
            Optional.of(HallucinatedSchema.parseAll(fragments)).filter(h -> !h.isEmpty());
      }
      String id = q.hasNonNull("question_id") ? q.get("question_id").asText() : String.valueOf(i);
      questions.add(new RetrievalQuestion(id, text, gold, hallucination));
    }
    if (malformed > 0) {
      notes.add(
          malformed
              + " gold schema elements name no column (a table alone, or an empty table) and were skipped");
    }
    if (derived > 0) {
      notes.add(
          derived
              + " questions had no schema_elements; their gold columns were parsed from their SQL");
    }
    if (noGold > 0) {
      notes.add(noGold + " questions have no gold column and were skipped");
    }
    return questions;
  }

  private static List<RetrievalQuestion> spiderQuestions(
      Path file, Map<String, SchemaCatalog> dbs, List<String> notes) {
    JsonNode root = DataFiles.json(file);
    if (!root.isArray()) {
      throw new BenchmarkDataException(file, "expected a JSON array of questions");
    }
    List<RetrievalQuestion> questions = new ArrayList<>();
    int star = 0;
    int unparsable = 0;
    int unknownDb = 0;
    for (int i = 0; i < root.size(); i++) {
      JsonNode q = root.get(i);
      String sql = DataFiles.require(q, "query", file).asText();
      String db = DataFiles.require(q, "db_id", file).asText();
      // CRUSH4SQL §5.1 excludes every question whose gold SQL contains a '*'.
      if (sql.contains("*")) {
        star++;
        continue;
      }
      SchemaCatalog catalog = dbs.get(Names.key(db));
      if (catalog == null) {
        unknownDb++;
        continue;
      }
      Set<String> gold;
      try {
        gold = goldFromSql(sql, catalog);
      } catch (IllegalArgumentException e) {
        unparsable++;
        continue;
      }
      if (gold.isEmpty()) {
        unparsable++;
        continue;
      }
      questions.add(
          new RetrievalQuestion(
              String.valueOf(i),
              DataFiles.require(q, "question", file).asText(),
              gold,
              Optional.empty()));
    }
    notes.add(star + " questions whose SQL contains '*' were skipped, as in CRUSH4SQL §5.1");
    if (unparsable > 0) {
      notes.add(
          unparsable
              + " questions whose SQL names no column the parser could resolve were skipped");
    }
    if (unknownDb > 0) {
      notes.add(unknownDb + " questions on databases missing from tables.json were skipped");
    }
    return questions;
  }

  // Gold columns, prefixed with their database as in the union.
  private static Set<String> goldFromSql(String sql, SchemaCatalog db) {
    Set<String> gold = new LinkedHashSet<>();
    for (String id : SqlColumnReferences.of(sql, db)) {
      gold.add(Names.key(db.source()) + "." + id);
    }
    return gold;
  }

  /** SocialDB's catalogue: each table with its overview; duplicate names get their code. */
  static final class SocialDb {
    private SocialDb() {}

    static SchemaCatalog read(Path file, List<String> notes) {
      JsonNode root = DataFiles.json(file);
      if (!root.isObject()) {
        throw new BenchmarkDataException(file, "expected a JSON object of tables by code");
      }
      Map<String, Integer> nameCounts = new HashMap<>();
      root.properties()
          .forEach(
              e ->
                  nameCounts.merge(
                      Names.key(e.getValue().path("name").asText(e.getKey())), 1, Integer::sum));
      List<Table> tables = new ArrayList<>();
      int duplicateColumns = 0;
      for (var entry : root.properties()) {
        JsonNode t = entry.getValue();
        String name = t.path("name").asText(entry.getKey()).strip();
        if (nameCounts.get(Names.key(name)) > 1) {
          name = name + " (" + entry.getKey() + ")";
        }
        Set<String> seen = new HashSet<>();
        List<Column> columns = new ArrayList<>();
        for (JsonNode c : t.path("columns")) {
          String column = c.asText().strip();
          if (column.isEmpty() || !seen.add(Names.key(column))) {
            duplicateColumns++;
            continue;
          }
          columns.add(new Column(column, "", true, "", "", List.of(), OptionalLong.empty()));
        }
        if (columns.isEmpty()) {
          continue;
        }
        String overview = t.path("overview").isTextual() ? t.path("overview").asText() : "";
        tables.add(new Table(name, TableKind.TABLE, overview, columns, List.of(), List.of()));
      }
      if (duplicateColumns > 0) {
        notes.add(duplicateColumns + " repeated or blank column names were merged");
      }
      return new SchemaCatalog("socialdb", tables);
    }

    /**
     * Questions of CRUSH4SQL's Table 15 with the schemas shown there; SocialDB's gold is not
     * public, so these time retrieval only.
     */
    static List<RetrievalQuestion> sampleQuestions() {
      String[][] sample = {
        {
          "What is the correlation between child nourishment and parental education in the state of Madhya Pradesh?",
          "Family_health_survey(child age, child nourishment), Population_census(state, age group, male literate population, female literate population)"
        },
        {
          "Health center per population ratio at the village level or district level from the year 2015?",
          "Health_infrastructure(village, health care facility), Population_census(district, male population, female population)"
        },
        {
          "Distribution of medical professionals by type across regions from 2011 onwards from the state of Kerala.",
          "Health_statistics_statewise(medical professional)"
        },
        {
          "Correlation between road connectivity and Mother Mortality Rate (MMR) during 2011 from the state UK.",
          "Family_health_survey(state, year, maternal mortality), Road_statistics(state, road type)"
        },
        {
          "What is the trend for CPI of goods excluding food and fuel?",
          "Inflation_money_and_credit(year, Categories of Consumer Expenditure)"
        },
        {
          "Correlation between number of bank branches and district growth?",
          "Town_amenities_census(amenities, public works department), bank_details(number of branches, bank type)"
        },
        {
          "Which Central Public Sector Enterprise generated most employment in the 10 years?",
          "employment_statistics(enterprise, year, employment), enterprise_details(enterprise, sector)"
        },
        {
          "how awareness among women impact births in caesarean section?",
          "health_statistics_statewise(state, year, caesarean section births), women_awareness_survey(state, year, awareness level)"
        },
        {
          "what is the correlation between socio-economic status and health insurance enrollments?",
          "socio_economic_status(income, education level), health_insurance_enrollment(age, gender, income level)"
        },
        {
          "Trend of Total Export Volume of Select Commodities to Principal Countries based on New commodity classification as per 2009-10 over a period of 5 years?",
          "export_data(year, commodity, country, total export volume), commodity_classification(commodity, new commodity classification)"
        },
      };
      List<RetrievalQuestion> questions = new ArrayList<>();
      for (int i = 0; i < sample.length; i++) {
        questions.add(
            new RetrievalQuestion(
                "socialdb-" + (i + 1),
                sample[i][0],
                Set.of(),
                Optional.of(HallucinatedSchema.parse(sample[i][1]))));
      }
      return questions;
    }
  }
}
