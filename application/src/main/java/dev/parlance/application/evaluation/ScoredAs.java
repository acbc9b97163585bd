package dev.parlance.application.evaluation;

import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.ViewInlining;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.sql.DatabaseQualifiers;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How a run's answers meet the databases they are scored on: the gold and the answer as they run,
 * and the gold whose columns a prompt's schema recall is measured against.
 */
interface ScoredAs {

  String gold(EvaluationQuestion q);

  String predicted(EvaluationQuestion q, String sql);

  /** The gold whose columns recall counts, read over the question's source's catalog. */
  default String recallGold(EvaluationQuestion q) {
    return q.goldSql();
  }

  /** What prompts put in front of the gold's {@code table.column} ids. */
  default String columnPrefix(EvaluationQuestion q) {
    return "";
  }

  /**
   * How a curated source's views read its base tables, for recall: the catalog the gold is read
   * over (base tables and views), and each view column's base columns. Empty: recall compares the
   * gold's and the prompt's columns as they are.
   */
  default Optional<Lineage> lineage(EvaluationQuestion q) {
    return Optional.empty();
  }

  /**
   * @param catalog the base tables and the views, as one catalog
   * @param columns view column ({@code view.column}) → the base columns it reads
   */
  record Lineage(
      dev.parlance.domain.catalog.SchemaCatalog catalog,
      Map<String, java.util.Set<String>> columns) {
    public Lineage {
      columns = Map.copyOf(columns);
    }

    /** The ids with every view column replaced by the base columns it reads. */
    java.util.Set<String> base(java.util.Collection<String> ids) {
      java.util.Set<String> out = new java.util.LinkedHashSet<>();
      for (String id : ids) {
        java.util.Set<String> read = columns.get(id);
        if (read == null) {
          out.add(id);
        } else {
          out.addAll(read);
        }
      }
      return out;
    }
  }

  /** A benchmark: both queries run as they are on the question's database. */
  static ScoredAs plain() {
    return new ScoredAs() {
      @Override
      public String gold(EvaluationQuestion q) {
        return q.goldSql();
      }

      @Override
      public String predicted(EvaluationQuestion q, String sql) {
        return sql;
      }
    };
  }

  /**
   * A union of databases: the answer runs on the question's own database with that database's
   * qualifier removed (another database's stays, and fails there); prompts name columns {@code
   * db.table.column}.
   */
  static ScoredAs union(UnionSource union) {
    return new ScoredAs() {
      @Override
      public String gold(EvaluationQuestion q) {
        return q.goldSql();
      }

      @Override
      public String predicted(EvaluationQuestion q, String sql) {
        return DatabaseQualifiers.without(sql, q.database(), union.tablesOf(q.database()));
      }

      @Override
      public String columnPrefix(EvaluationQuestion q) {
        return q.database().toLowerCase(java.util.Locale.ROOT) + ".";
      }
    };
  }

  /**
   * An organisation's verified questions: the gold and the answer expanded as governed execution
   * expands them (each curated view a {@code WITH} item, dependencies first), run on the raw
   * database; the gold may read base tables or views. On the base tables alone, recall counts the
   * question's base-table gold when the file gives one.
   *
   * @param sources each question's source (the curated one, whose views expand both queries)
   * @param baseGold a base-table gold by question id, for recall on the base tables alone
   */
  static ScoredAs verified(
      PublishedCurationPort curations,
      Map<String, DataSource> sources,
      Map<String, String> baseGold,
      boolean baseTablesOnly) {
    return verified(curations, sources, baseGold, baseTablesOnly, source -> Optional.empty());
  }

  /**
   * @param lineage a curated source's view lineage (recall on the curated side is then counted in
   *     base columns, as on the raw side)
   */
  static ScoredAs verified(
      PublishedCurationPort curations,
      Map<String, DataSource> sources,
      Map<String, String> baseGold,
      boolean baseTablesOnly,
      java.util.function.Function<DataSource, Optional<Lineage>> lineage) {
    Map<String, Optional<Curation>> cache = new HashMap<>();
    Map<String, Optional<Lineage>> lineages = new HashMap<>();
    return new ScoredAs() {
      @Override
      public Optional<Lineage> lineage(EvaluationQuestion q) {
        DataSource source = sources.get(q.database());
        if (baseTablesOnly || source == null) {
          return Optional.empty();
        }
        return lineages.computeIfAbsent(q.database(), k -> lineage.apply(source));
      }

      private String expanded(EvaluationQuestion q, String sql) {
        DataSource source = sources.get(q.database());
        Optional<Curation> curation =
            cache.computeIfAbsent(q.database(), s -> curations.published(s).map(v -> v.curation()));
        if (source == null || curation.isEmpty()) {
          return sql;
        }
        try {
          return ViewInlining.inline(curation.get(), source.dialect(), sql);
        } catch (IllegalArgumentException cycle) {
          return sql;
        }
      }

      @Override
      public String gold(EvaluationQuestion q) {
        return expanded(q, q.goldSql());
      }

      @Override
      public String predicted(EvaluationQuestion q, String sql) {
        return expanded(q, sql);
      }

      @Override
      public String recallGold(EvaluationQuestion q) {
        return baseTablesOnly ? baseGold.getOrDefault(q.id(), q.goldSql()) : q.goldSql();
      }
    };
  }
}
