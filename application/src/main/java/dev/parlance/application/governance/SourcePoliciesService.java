package dev.parlance.application.governance;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.governance.ActionTaken;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RecordActionPort;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** Policies as versioned data, read by a source's stewards, published by admins. */
public final class SourcePoliciesService implements SourcePoliciesUseCase {

  /** Roles every policy editor offers besides those the policy names. */
  static final List<String> KNOWN_ROLES =
      List.of(GovernancePolicy.EVERYONE, "analyst", "regional", "contractor", "steward", "admin");

  private final ManagePoliciesUseCase policies;
  private final RecordActionPort audit;
  private final Clock clock;
  private final DataSourcesPort sources;
  private final ReadCatalogPort catalog;
  private final PublishedCurationPort curations;

  /** Without a catalog: rules are published as written (tests of the versioning only). */
  public SourcePoliciesService(
      ManagePoliciesUseCase policies, RecordActionPort audit, Clock clock) {
    this(policies, audit, clock, null, null, PublishedCurationPort.none());
  }

  /**
   * @param catalog the live structure of a source's database, what new rules are checked against
   * @param curations the published views, named beside the tables they read
   */
  public SourcePoliciesService(
      ManagePoliciesUseCase policies,
      RecordActionPort audit,
      Clock clock,
      DataSourcesPort sources,
      ReadCatalogPort catalog,
      PublishedCurationPort curations) {
    this.policies = policies;
    this.audit = audit;
    this.clock = clock;
    this.sources = sources;
    this.catalog = catalog;
    this.curations = curations;
  }

  @Override
  public PolicyChoices choices(UserIdentity user, String source) {
    GovernancePolicy policy = current(user, source);
    Set<String> roles = new LinkedHashSet<>(KNOWN_ROLES);
    policy.rowFilters().forEach(f -> roles.add(f.role()));
    policy.columnRules().forEach(r -> roles.add(r.role()));
    policy.roleTimeouts().keySet().forEach(roles::add);
    return new PolicyChoices(tables(source), List.copyOf(roles));
  }

  private List<TableChoice> tables(String source) {
    if (catalog == null || sources == null) {
      return List.of();
    }
    Optional<DataSource> ds = sources.find(source);
    if (ds.isEmpty()) {
      return List.of();
    }
    SchemaCatalog read;
    try {
      read = catalog.read(ds.get());
    } catch (RuntimeException e) {
      return List.of();
    }
    List<CuratedView> views =
        curations.published(source).map(v -> v.curation().views()).orElse(List.of());
    List<TableChoice> tables = new ArrayList<>();
    for (Table t : read.tables()) {
      Pattern word =
          Pattern.compile(
              "(?<![A-Za-z0-9_])" + Pattern.quote(t.name()) + "(?![A-Za-z0-9_])",
              Pattern.CASE_INSENSITIVE);
      List<String> readers =
          views.stream().filter(v -> word.matcher(v.sql()).find()).map(CuratedView::name).toList();
      tables.add(
          new TableChoice(t.name(), t.columns().stream().map(Column::name).toList(), readers));
    }
    return tables;
  }

  /** New rules must name what the database has; a misspelt table would silently bind nothing. */
  private void check(String source, GovernancePolicy current, GovernancePolicy draft) {
    List<TableChoice> tables = tables(source);
    if (tables.isEmpty()) {
      return;
    }
    for (RowFilter f : draft.rowFilters()) {
      if (!current.rowFilters().contains(f)) {
        table(source, tables, f.table(), "table");
      }
    }
    for (ColumnRule r : draft.columnRules()) {
      if (!current.columnRules().contains(r)) {
        TableChoice t = table(source, tables, r.table(), "table");
        if (t.columns().stream().noneMatch(c -> c.equalsIgnoreCase(r.column()))) {
          throw new IllegalArgumentException(
              "column: "
                  + t.name()
                  + " has no column '"
                  + r.column()
                  + "'"
                  + closest(r.column(), t.columns())
                  + "; nothing was published");
        }
      }
    }
  }

  private static TableChoice table(
      String source, List<TableChoice> tables, String name, String field) {
    return tables.stream()
        .filter(t -> t.name().equalsIgnoreCase(name))
        .findFirst()
        .orElseThrow(
            () -> {
              // A curated view's name is what users know: say which table is underneath.
              String underneath =
                  tables.stream()
                      .filter(t -> t.views().stream().anyMatch(v -> v.equalsIgnoreCase(name)))
                      .map(TableChoice::name)
                      .reduce((a, b) -> a + ", " + b)
                      .map(
                          names ->
                              " ('"
                                  + name
                                  + "' is a curated view over "
                                  + names
                                  + ": rules bind the tables underneath)")
                      .orElse("");
              return new IllegalArgumentException(
                  field
                      + ": source "
                      + source
                      + " has no table '"
                      + name
                      + "'"
                      + underneath
                      + closest(name, tables.stream().map(TableChoice::name).toList())
                      + "; nothing was published");
            });
  }

  /** "; did you mean X?" for the closest name by edit distance, when one is close. */
  static String closest(String name, List<String> names) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String n : names) {
      int d = distance(name.toLowerCase(Locale.ROOT), n.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        bestDistance = d;
        best = n;
      }
    }
    return best != null && bestDistance <= Math.max(2, name.length() / 3)
        ? "; did you mean " + best + "?"
        : "";
  }

  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] row = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      row[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        row[j] = Math.min(Math.min(row[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
      }
      int[] swap = previous;
      previous = row;
      row = swap;
    }
    return previous[b.length()];
  }

  @Override
  public GovernancePolicy current(UserIdentity user, String source) {
    SourceAccess.requireStewardship(user, source);
    return policies.current(source);
  }

  @Override
  public List<GovernancePolicy> history(UserIdentity user, String source) {
    SourceAccess.requireStewardship(user, source);
    return policies.history(source);
  }

  @Override
  public GovernancePolicy publish(UserIdentity user, String source, GovernancePolicy draft) {
    SourceAccess.requireAdmin(user, "publish governance policies");
    check(source, policies.current(source), draft);
    GovernancePolicy published = policies.publish(source, draft, user.name());
    audit.record(
        ActionTaken.by(
            clock.instant(),
            user,
            source,
            "policy-publish",
            "published policy version " + published.version()));
    return published;
  }
}
