package dev.parlance.application.evaluation;

import dev.parlance.application.evaluation.EvaluatePipelineService.Ports;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.source.DataSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A curated source's view lineage for scoring its answers on base columns: each view column's base
 * columns, read from the views' defining queries.
 */
final class ViewLineage {

  private final Ports ports;

  ViewLineage(Ports ports) {
    this.ports = ports;
  }

  /**
   * A curated source's view lineage: each view column's base columns, read by parsing the view's
   * defining query over the raw tables and the other views (a view over views resolved down to base
   * columns). Empty without a curation, views, or a reader of raw tables.
   */
  Optional<ScoredAs.Lineage> of(DataSource source) {
    if (ports.rawCatalogs() == null) {
      return Optional.empty();
    }
    Optional<dev.parlance.domain.curation.Curation> curation =
        ports.curations().published(source.name()).map(v -> v.curation());
    if (curation.isEmpty() || curation.get().views().isEmpty()) {
      return Optional.empty();
    }
    try {
      SchemaCatalog raw = ports.rawCatalogs().read(source);
      SchemaCatalog curated = ports.catalogs().read(source);
      Map<String, dev.parlance.domain.catalog.Table> tables = new LinkedHashMap<>();
      raw.tables().forEach(t -> tables.put(dev.parlance.domain.catalog.Names.key(t.name()), t));
      Set<String> views = new java.util.HashSet<>();
      for (var v : curation.get().views()) {
        String key = dev.parlance.domain.catalog.Names.key(v.name());
        views.add(key);
        curated.table(v.name()).ifPresent(t -> tables.putIfAbsent(key, t));
      }
      SchemaCatalog both = new SchemaCatalog(source.name(), List.copyOf(tables.values()));
      Map<String, Set<String>> direct = new LinkedHashMap<>();
      for (var v : curation.get().views()) {
        String view = dev.parlance.domain.catalog.Names.key(v.name());
        ports
            .analyzer()
            .lineage(v.sqlFor(source.dialect()), both)
            .forEach((column, read) -> direct.put(view + "." + column, read));
      }
      // Views over views: replace a view's column by what it reads, until only base columns stay.
      Map<String, Set<String>> resolved = new LinkedHashMap<>();
      for (String column : direct.keySet()) {
        resolved.put(column, base(column, direct, views, new java.util.HashSet<>()));
      }
      return Optional.of(new ScoredAs.Lineage(both, resolved));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Set<String> base(
      String column, Map<String, Set<String>> direct, Set<String> views, Set<String> seen) {
    Set<String> out = new java.util.LinkedHashSet<>();
    if (!seen.add(column)) {
      return out;
    }
    for (String read : direct.getOrDefault(column, Set.of())) {
      String table = read.substring(0, Math.max(0, read.lastIndexOf('.')));
      if (views.contains(table)) {
        out.addAll(base(read, direct, views, seen));
      } else {
        out.add(read);
      }
    }
    return out;
  }
}
