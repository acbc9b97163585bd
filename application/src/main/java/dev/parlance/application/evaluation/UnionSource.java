package dev.parlance.application.evaluation;

import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.sql.DatabaseQualifiers;
import dev.parlance.domain.values.ReadColumnValuesPort;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Many benchmark databases asked as one source (CRUSH4SQL's SpiderUnion and BirdUnion): the
 * pipeline's catalog, index, retrieval, prompts and corrections see the union only, its tables
 * named {@code db.table}; each answer runs on the question's own database with that database's
 * qualifier removed, so an answer that reads another database's table fails, as it should.
 *
 * <p>The source keeps its name while it points at the database of the question being asked (the run
 * saves it again when the question's database changes). A union has no one database to sample:
 * prompts get no sample rows and no retrieved values, which would otherwise come from the present
 * databases only and point at the answer's database (for BirdUnion, all questions are on the one
 * database present).
 *
 * @param name the source's name, e.g. {@code bench-spiderunion}
 * @param catalog the union's schema, tables named {@code db.table}
 * @param databases the databases present, by id
 */
public record UnionSource(String name, SchemaCatalog catalog, Map<String, DataSource> databases) {

  public UnionSource {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(catalog, "catalog");
    databases = Collections.unmodifiableMap(new LinkedHashMap<>(databases));
  }

  /** The union's tables by database (unqualified, as in the database itself). */
  public Map<String, Set<String>> tablesByDatabase() {
    Map<String, Set<String>> out = new LinkedHashMap<>();
    for (Table t : catalog.tables()) {
      int dot = t.name().indexOf('.');
      if (dot > 0) {
        out.computeIfAbsent(t.name().substring(0, dot), k -> new LinkedHashSet<>())
            .add(t.name().substring(dot + 1));
      }
    }
    return out;
  }

  public Set<String> tablesOf(String database) {
    return tablesByDatabase().entrySet().stream()
        .filter(e -> e.getKey().equalsIgnoreCase(database))
        .map(Map.Entry::getValue)
        .findFirst()
        .orElse(Set.of());
  }

  /** The source as the pipeline asks it while a question on {@code database} is asked. */
  public DataSource askedOn(String database) {
    DataSource db = databases.get(database);
    if (db == null) {
      throw new IllegalArgumentException("the union has no database " + database);
    }
    return new DataSource(name, db.jdbcUrl(), db.dialect(), db.credentials());
  }

  /** The database the source points at now (by its URL). */
  Optional<String> databaseOf(DataSource source) {
    return databases.entrySet().stream()
        .filter(e -> e.getValue().jdbcUrl().equals(source.jdbcUrl()))
        .map(Map.Entry::getKey)
        .findFirst();
  }

  private boolean isUnion(DataSource source) {
    return source.name().equalsIgnoreCase(name);
  }

  /** Reads the union's schema for the union source, any other source as before. */
  public ReadCatalogPort catalogs(ReadCatalogPort delegate) {
    return source -> isUnion(source) ? relabelled(source) : delegate.read(source);
  }

  private SchemaCatalog relabelled(DataSource source) {
    return catalog.source().equals(source.name())
        ? catalog
        : new SchemaCatalog(source.name(), catalog.tables());
  }

  /** The union's values: none (see above); any other source's as before. */
  public ReadColumnValuesPort values(ReadColumnValuesPort delegate) {
    return (source, structure, perColumn, maxLength) ->
        isUnion(source) ? List.of() : delegate.read(source, structure, perColumn, maxLength);
  }

  /**
   * Candidates of the question being asked: run on its database with that database's qualifier
   * removed; a name qualified by another database stays, and the governed execution refuses it.
   */
  public ExecuteQueryPort questionReads(ExecuteQueryPort delegate) {
    return (source, policy, user, sql) -> {
      if (!isUnion(source)) {
        return delegate.execute(source, policy, user, sql);
      }
      Optional<String> db = databaseOf(source);
      if (db.isEmpty()) {
        return QueryOutcome.Refused.of(
            RefusalKind.FORBIDDEN_RELATION, "the union source points at no database", sql);
      }
      return delegate.execute(
          source, policy, user, DatabaseQualifiers.without(sql, db.get(), tablesOf(db.get())));
    };
  }

  static String sourceName(String datasetLabel) {
    return "bench-" + datasetLabel.toLowerCase(Locale.ROOT);
  }
}
