package dev.parlance.application.ask;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.benchmark.RetrievalBenchmark;
import dev.parlance.domain.benchmark.RetrievalQuestion;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.retrieval.EmbedTextPort;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Measures {@link RbSqlRetrievers} over a CRUSH4SQL union's questions, each against its own
 * database (the union's {@code db.table} names with the database cut off, as a single database's
 * source names them), with tables' names and types only: what the pipeline reads from a benchmark
 * database.
 */
public final class RetrieverThresholdsBenchmark implements RetrieverThresholdsUseCase {

  private final LoadRetrievalBenchmarkPort loader;
  private final EmbedTextPort embedder;

  public RetrieverThresholdsBenchmark(LoadRetrievalBenchmarkPort loader, EmbedTextPort embedder) {
    this.loader = loader;
    this.embedder = embedder;
  }

  private record Database(
      List<RbSqlRetrievers.Table> tables,
      Map<String, Set<String>> keys,
      List<List<String>> joins,
      int columns) {}

  @Override
  public Report measure(Command command, Progress progress) {
    RetrievalBenchmark benchmark =
        loader.load(command.dataset(), command.dataDir(), Optional.empty());
    Map<String, Database> databases = databases(benchmark.catalog().tables());
    List<String> notes = new ArrayList<>(benchmark.notes());
    List<RetrievalQuestion> questions = new ArrayList<>();
    int noGold = 0;
    for (RetrievalQuestion q : benchmark.questions()) {
      if (q.goldColumns().isEmpty() || database(q) == null || !databases.containsKey(database(q))) {
        noGold++;
        continue;
      }
      if (command.limit() == 0 || questions.size() < command.limit()) {
        questions.add(q);
      }
    }
    if (noGold > 0) {
      notes.add(noGold + " questions whose gold reads no column (e.g. count(*)) are left out");
    }
    RbSqlRetrievers retrievers = new RbSqlRetrievers(embedder);
    int nt = command.thetas().size();
    int nm = command.mus().size();
    double[][] tableSums = new double[nt][4];
    double[][] columnSums = new double[nm][4];
    int[] tableReducible = new int[nt];
    int[] columnReducible = new int[nm];
    Set<String> coarse = new HashSet<>();
    double tables = 0;
    double columns = 0;
    for (int i = 0; i < questions.size(); i++) {
      RetrievalQuestion q = questions.get(i);
      String db = database(q);
      Database d = databases.get(db);
      Set<String> goldColumns = new HashSet<>();
      for (String c : q.goldColumns()) {
        goldColumns.add(Names.key(c.substring(db.length() + 1)));
      }
      Set<String> goldTables = new HashSet<>();
      goldColumns.forEach(c -> goldTables.add(c.substring(0, c.lastIndexOf('.'))));
      RbSqlRetrievers.Scores scores =
          retrievers.score(q.question(), d.tables(), command.muCoarse());
      scores.coarse().forEach(t -> coarse.add(db + "." + t));
      tables += d.tables().size();
      columns += d.columns();
      for (int t = 0; t < nt; t++) {
        List<String> kept = RbSqlRetrievers.tables(scores, command.thetas().get(t));
        if (add(tableSums[t], goldTables, Set.copyOf(kept), d.tables().size())) {
          tableReducible[t]++;
        }
      }
      List<String> keptTables = RbSqlRetrievers.tables(scores, command.theta());
      for (int m = 0; m < nm; m++) {
        Set<String> kept =
            new HashSet<>(RbSqlRetrievers.columns(scores, keptTables, command.mus().get(m)));
        for (String t : keptTables) {
          kept.addAll(d.keys().getOrDefault(t, Set.of()));
        }
        // Both ends of a join between kept tables, as the prompt shows them.
        for (List<String> join : d.joins()) {
          if (join.stream()
              .allMatch(c -> keptTables.contains(c.substring(0, c.lastIndexOf('.'))))) {
            kept.addAll(join);
          }
        }
        if (add(columnSums[m], goldColumns, kept, d.columns())) {
          columnReducible[m]++;
        }
      }
      progress.update("questions", i + 1, questions.size());
    }
    int n = Math.max(1, questions.size());
    List<Row> tableRows = new ArrayList<>();
    for (int t = 0; t < nt; t++) {
      tableRows.add(row(command.thetas().get(t), tableSums[t], n, tableReducible[t]));
    }
    List<Row> columnRows = new ArrayList<>();
    for (int m = 0; m < nm; m++) {
      columnRows.add(row(command.mus().get(m), columnSums[m], n, columnReducible[m]));
    }
    return new Report(
        command.dataset().label(),
        questions.size(),
        (int) questions.stream().map(RetrieverThresholdsBenchmark::database).distinct().count(),
        tables / n,
        columns / n,
        embedder.modelName(),
        tableRows,
        command.theta(),
        command.muCoarse(),
        columnRows,
        coarse.size(),
        notes);
  }

  // Adds one question's fine recall, coarse recall, reduction and kept count; whether it had
  // anything to reduce.
  private static boolean add(double[] sums, Set<String> gold, Set<String> kept, int all) {
    long hit = gold.stream().filter(kept::contains).count();
    sums[0] += (double) hit / gold.size();
    sums[1] += hit == gold.size() ? 1 : 0;
    sums[3] += kept.size();
    int others = all - gold.size();
    if (others <= 0) {
      return false;
    }
    long keptOthers = kept.stream().filter(k -> !gold.contains(k)).count();
    sums[2] += 1 - (double) keptOthers / others;
    return true;
  }

  private static Row row(double threshold, double[] sums, int n, int reducible) {
    return new Row(
        threshold, sums[0] / n, sums[1] / n, reducible == 0 ? 0 : sums[2] / reducible, sums[3] / n);
  }

  // The database a union question is about: its gold columns' first name part.
  private static String database(RetrievalQuestion q) {
    String any = q.goldColumns().iterator().next();
    int dot = any.indexOf('.');
    return dot < 0 ? null : Names.key(any.substring(0, dot));
  }

  private static Map<String, Database> databases(List<Table> union) {
    Map<String, List<Table>> byDb = new LinkedHashMap<>();
    for (Table t : union) {
      int dot = t.name().indexOf('.');
      if (dot > 0) {
        byDb.computeIfAbsent(Names.key(t.name().substring(0, dot)), k -> new ArrayList<>()).add(t);
      }
    }
    Map<String, Database> out = new LinkedHashMap<>();
    byDb.forEach(
        (db, tables) -> {
          List<RbSqlRetrievers.Table> candidates = new ArrayList<>();
          Map<String, Set<String>> keys = new LinkedHashMap<>();
          List<List<String>> joins = new ArrayList<>();
          int columns = 0;
          for (Table t : tables) {
            String name = t.name().substring(db.length() + 1);
            List<RbSqlRetrievers.Column> cs = new ArrayList<>();
            for (Column c : t.columns()) {
              cs.add(new RbSqlRetrievers.Column(c.name(), c.type(), ""));
            }
            columns += cs.size();
            candidates.add(new RbSqlRetrievers.Table(name, cs));
            String table = Names.key(name);
            Set<String> own = keys.computeIfAbsent(table, k -> new HashSet<>());
            t.primaryKey().forEach(k -> own.add(table + "." + Names.key(k)));
            for (ForeignKey fk : t.foreignKeys()) {
              String referenced = Names.key(fk.referencedTable());
              if (referenced.startsWith(db + ".")) {
                referenced = referenced.substring(db.length() + 1);
              }
              for (int i = 0; i < fk.columns().size() && i < fk.referencedColumns().size(); i++) {
                joins.add(
                    List.of(
                        table + "." + Names.key(fk.columns().get(i)),
                        referenced + "." + Names.key(fk.referencedColumns().get(i))));
              }
            }
          }
          out.put(db, new Database(candidates, keys, joins, columns));
        });
    return out;
  }
}
