package dev.parlance.application.ask;

import dev.parlance.application.ask.PromptContext.Join;
import dev.parlance.application.ask.PromptContext.PromptColumn;
import dev.parlance.application.ask.PromptContext.PromptTable;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.question.VerifiedExample;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.values.ValueMatch;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Builds the prompt context of one question: the retrieved columns of the tables the user may see
 * (hard selection, SQL-PaLM §6.3), each table's key and the foreign keys joining the chosen tables,
 * descriptions (curated first), sample rows read through governed execution (so row filters and
 * masks apply to them), retrieved values, hints and the most similar verified examples.
 */
final class ContextBuilder {

  private final ExecuteQueryPort governedReads;
  private final EmbedTextPort embedder;

  ContextBuilder(ExecuteQueryPort governedReads, EmbedTextPort embedder) {
    this.governedReads = governedReads;
    this.embedder = embedder;
  }

  PromptContext build(
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      String question,
      SchemaCatalog visible,
      List<String> selectedColumns,
      List<ValueMatch> values,
      CuratedContext curated,
      AskSettings settings) {
    Visibility visibility = new Visibility(policy, user, source.dialect());
    Set<String> chosen = new LinkedHashSet<>();
    selectedColumns.forEach(id -> chosen.add(Names.key(id)));
    values.forEach(v -> chosen.add(v.value().columnId()));
    Set<String> tables = new LinkedHashSet<>();
    for (Table t : visible.tables()) {
      String tid = Names.key(t.name());
      if (t.columns().stream().anyMatch(c -> chosen.contains(id(t, c.name())))) {
        tables.add(tid);
      }
    }
    // Keys: every chosen table's primary key, and both ends of foreign keys among chosen tables.
    List<Join> joins = new ArrayList<>();
    Set<String> joinKeys = new HashSet<>();
    Set<String> shown = new HashSet<>(chosen);
    for (Table t : visible.tables()) {
      if (!tables.contains(Names.key(t.name()))) {
        continue;
      }
      t.primaryKey().forEach(k -> shown.add(id(t, k)));
      for (ForeignKey fk : t.foreignKeys()) {
        if (!tables.contains(Names.key(fk.referencedTable()))) {
          continue;
        }
        for (int i = 0; i < fk.columns().size(); i++) {
          String from = id(t, fk.columns().get(i));
          String to =
              Names.key(fk.referencedTable()) + "." + Names.key(fk.referencedColumns().get(i));
          Join join =
              new Join(
                  t.name(),
                  fk.columns().get(i),
                  referenced(visible, fk),
                  fk.referencedColumns().get(i));
          // Spider's metadata lists some foreign keys twice; a prompt states each once.
          if (visible(visible, from) && visible(visible, to) && joinKeys.add(from + "=" + to)) {
            shown.add(from);
            shown.add(to);
            joins.add(join);
          }
        }
      }
    }
    List<PromptTable> promptTables = new ArrayList<>();
    for (Table t : visible.tables()) {
      if (!tables.contains(Names.key(t.name()))) {
        continue;
      }
      List<PromptColumn> columns = new ArrayList<>();
      List<String> sampled = new ArrayList<>();
      for (Column c : t.columns()) {
        String cid = id(t, c.name());
        if (!shown.contains(cid)) {
          continue;
        }
        boolean masked = visibility.masked(t.name(), c.name());
        columns.add(
            new PromptColumn(
                c.name(),
                c.type(),
                curated.description(cid).orElse(c.description()),
                curated.valueDescription(cid).orElse(c.valueDescription()),
                masked));
        if (!masked && curated.valuesShareable(cid)) {
          sampled.add(c.name());
        }
      }
      promptTables.add(
          new PromptTable(
              t.name(),
              curated.description(Names.key(t.name())).orElse(t.description()),
              columns,
              t.primaryKey(),
              sampled,
              List.of()));
    }
    // Sample rows of all tables are read at once: each is a small governed statement.
    if (settings.sampleRows() > 0) {
      try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
        List<java.util.concurrent.Future<List<List<Object>>>> reads = new ArrayList<>();
        for (PromptTable t : promptTables) {
          reads.add(
              pool.submit(
                  () ->
                      t.sampleHeader().isEmpty()
                          ? List.<List<Object>>of()
                          : sampleRows(
                              source,
                              policy,
                              user,
                              t.name(),
                              t.sampleHeader(),
                              settings.sampleRows())));
        }
        for (int i = 0; i < promptTables.size(); i++) {
          PromptTable t = promptTables.get(i);
          List<List<Object>> rows;
          try {
            rows = reads.get(i).get();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            rows = List.of();
          } catch (java.util.concurrent.ExecutionException e) {
            rows = List.of();
          }
          promptTables.set(
              i,
              new PromptTable(
                  t.name(),
                  t.description(),
                  t.columns(),
                  t.primaryKey(),
                  rows.isEmpty() ? List.of() : t.sampleHeader(),
                  rows));
        }
      }
    } else {
      promptTables.replaceAll(
          t ->
              new PromptTable(
                  t.name(), t.description(), t.columns(), t.primaryKey(), List.of(), List.of()));
    }
    return new PromptContext(
        question,
        source.dialect(),
        promptTables,
        joins,
        values,
        curated.hints(),
        examples(question, curated.examples(), settings.examples()),
        visible,
        java.util.Optional.empty());
  }

  /** Every column the user may see: the prompt when retrieval's selection is not enough. */
  static List<String> everything(SchemaCatalog visible) {
    List<String> ids = new ArrayList<>();
    for (Table t : visible.tables()) {
      for (Column c : t.columns()) {
        ids.add(id(t, c.name()));
      }
    }
    return ids;
  }

  // LangChain shows three rows per table; here they are read as the user, under the policy.
  private List<List<Object>> sampleRows(
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      String table,
      List<String> columns,
      int rows) {
    String sql =
        "SELECT "
            + String.join(", ", columns.stream().map(SchemaText::identifier).toList())
            + " FROM "
            + SchemaText.identifier(table)
            + " LIMIT "
            + rows;
    QueryOutcome outcome = governedReads.execute(source, policy, user, sql);
    return outcome instanceof QueryOutcome.Ran ran ? ran.result().rows() : List.of();
  }

  // The verified questions nearest to the question (RB-SQL picks examples by similarity).
  private List<VerifiedExample> examples(String question, List<VerifiedExample> all, int k) {
    if (k == 0 || all.isEmpty()) {
      return List.of();
    }
    if (all.size() <= k) {
      return all;
    }
    List<String> texts = new ArrayList<>();
    texts.add(question);
    all.forEach(e -> texts.add(e.question()));
    List<EmbeddingVector> vectors = embedder.embedQueries(texts);
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingDouble(i -> -vectors.getFirst().cosine(vectors.get(i + 1))));
    return order.subList(0, k).stream().map(all::get).toList();
  }

  private static String referenced(SchemaCatalog visible, ForeignKey fk) {
    return visible.table(fk.referencedTable()).map(Table::name).orElse(fk.referencedTable());
  }

  private static boolean visible(SchemaCatalog visible, String columnId) {
    int dot = columnId.lastIndexOf('.');
    return visible
        .table(columnId.substring(0, dot))
        .flatMap(t -> t.column(columnId.substring(dot + 1)))
        .isPresent();
  }

  private static String id(Table t, String column) {
    return Names.key(t.name()) + "." + Names.key(column);
  }
}
