package dev.parlance.application.benchmark;

import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RunRawQueryPort;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The governance benchmark: primary-key lookups on every table of a source (the typical indexed
 * lookup), run raw and governed in alternating order: warm-up passes, then timed passes.
 */
public final class GovernanceBenchmarkService implements GovernanceBenchmarkUseCase {

  private final DataSourcesPort sources;
  private final ReadCatalogPort structure;
  private final RunRawQueryPort raw;
  private final RunQueryUseCase governed;

  public GovernanceBenchmarkService(
      DataSourcesPort sources,
      ReadCatalogPort structure,
      RunRawQueryPort raw,
      RunQueryUseCase governed) {
    this.sources = sources;
    this.structure = structure;
    this.raw = raw;
    this.governed = governed;
  }

  @Override
  public GovernanceBenchmarkReport run(Command command) {
    DataSource source =
        sources
            .find(command.source())
            .orElseThrow(() -> new UnknownSourceException(command.source()));
    DataSource rawSource =
        command
            .rawAs()
            .map(credentials -> DataSource.of(source.name(), source.jdbcUrl(), credentials))
            .orElse(source);
    List<String> statements = lookups(rawSource, structure.read(source), command.lookupsPerTable());
    if (statements.isEmpty()) {
      throw new IllegalArgumentException(
          "source '" + source.name() + "' has no table with a one-column primary key to look up");
    }
    List<String> notes = new ArrayList<>();
    // Warm-up until the JIT has compiled both paths (command.warmUp() statements), as in a
    // long-running server; the first pass also checks that every statement runs governed.
    for (int done = 0, pass = 0; done < command.warmUp() || pass < 1; pass++) {
      for (String sql : statements) {
        raw.run(rawSource, sql, 1001);
        QueryOutcome outcome =
            governed.run(new RunQueryUseCase.Command(source.name(), command.user(), sql));
        if (pass == 0 && !(outcome instanceof QueryOutcome.Ran)) {
          notes.add("did not run governed: " + sql + " (" + outcome + ")");
        }
        done++;
      }
    }
    int pairs = statements.size() * command.rounds();
    double[] rawMs = new double[pairs];
    double[] governedMs = new double[pairs];
    double[] overheadMs = new double[pairs];
    int i = 0;
    for (int round = 0; round < command.rounds(); round++) {
      for (String sql : statements) {
        boolean rawFirst = (i & 1) == 0;
        double r = 0;
        double g;
        if (rawFirst) {
          r = timeRaw(rawSource, sql);
        }
        long start = System.nanoTime();
        governed.run(new RunQueryUseCase.Command(source.name(), command.user(), sql));
        g = (System.nanoTime() - start) / 1e6;
        if (!rawFirst) {
          r = timeRaw(rawSource, sql);
        }
        rawMs[i] = r;
        governedMs[i] = g;
        overheadMs[i] = g - r;
        i++;
      }
    }
    double rawP50 = percentile(rawMs, 50);
    double overheadP50 = percentile(overheadMs, 50);
    return new GovernanceBenchmarkReport(
        source.name(),
        statements.size(),
        pairs,
        rawP50,
        percentile(rawMs, 95),
        percentile(governedMs, 50),
        percentile(governedMs, 95),
        overheadP50,
        percentile(overheadMs, 95),
        rawP50 > 0 ? overheadP50 / rawP50 : Double.NaN,
        notes);
  }

  private double timeRaw(DataSource source, String sql) {
    long start = System.nanoTime();
    raw.run(source, sql, 1001);
    return (System.nanoTime() - start) / 1e6;
  }

  private List<String> lookups(DataSource source, SchemaCatalog catalog, int perTable) {
    List<String> statements = new ArrayList<>();
    for (Table table : catalog.tables()) {
      if (table.kind() != TableKind.TABLE || table.primaryKey().size() != 1) {
        continue;
      }
      String key = table.primaryKey().get(0);
      boolean text =
          table.column(key).map(Column::type).orElse("").toUpperCase(Locale.ROOT).contains("CHAR")
              || table.column(key).map(Column::type).orElse("").equalsIgnoreCase("TEXT");
      List<List<Object>> keys =
          raw.run(
              source,
              "SELECT " + key + " FROM " + table.name() + " ORDER BY " + key + " LIMIT 1000",
              1000);
      if (keys.isEmpty()) {
        continue;
      }
      int step = Math.max(1, keys.size() / perTable);
      for (int k = 0; k < keys.size() && statements.size() < Integer.MAX_VALUE; k += step) {
        Object v = keys.get(k).get(0);
        String literal =
            text ? "'" + String.valueOf(v).replace("'", "''") + "'" : String.valueOf(v);
        statements.add("SELECT * FROM " + table.name() + " WHERE " + key + " = " + literal);
        if (k / step + 1 >= perTable) {
          break;
        }
      }
    }
    return statements;
  }

  static double percentile(double[] values, int p) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = Arrays.copyOf(values, values.length);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank))];
  }
}
