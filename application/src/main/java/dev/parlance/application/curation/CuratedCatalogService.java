package dev.parlance.application.curation;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.Synonym;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.ViewInlining;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.source.DataSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A source's catalog as the LLM and retrieval should see it: for a source with a published
 * curation, its views (with their descriptions, units, value dictionaries, synonyms and a few
 * sample values read through governed execution) take the place of the base tables they read; base
 * tables no view reads stay, with their data descriptions; hidden tables go. Sources without a
 * curation get the live catalog as it is. Sample values of columns whose values may not be shown
 * never enter the catalog.
 */
public final class CuratedCatalogService implements ReadCatalogPort {

  // Rows read per view for sample values: the dissertation shows 3 rows per view in prompts.
  static final int SAMPLE_ROWS = 50;
  static final int SAMPLES_PER_COLUMN = 5;
  private static final Pattern REFERENCE =
      Pattern.compile("\\(([A-Za-z_]\\w*)\\.([A-Za-z_]\\w*)\\)");

  private final ReadCatalogPort live;
  private final PublishedCurationPort curations;
  private final ExecuteQueryPort executor;
  private final GovernancePoliciesPort policies;
  private final int sampleRows;

  public CuratedCatalogService(
      ReadCatalogPort live,
      PublishedCurationPort curations,
      ExecuteQueryPort executor,
      GovernancePoliciesPort policies) {
    this(live, curations, executor, policies, SAMPLE_ROWS);
  }

  /**
   * @param sampleRows rows read per view for sample values; 0 reads the views' columns only
   */
  public CuratedCatalogService(
      ReadCatalogPort live,
      PublishedCurationPort curations,
      ExecuteQueryPort executor,
      GovernancePoliciesPort policies,
      int sampleRows) {
    this.live = live;
    this.curations = curations;
    this.executor = executor;
    this.policies = policies;
    this.sampleRows = Math.max(0, sampleRows);
  }

  @Override
  public SchemaCatalog read(DataSource source) {
    SchemaCatalog raw = live.read(source);
    Optional<CurationVersion> published = curations.published(source.name());
    return published.isEmpty() ? raw : curated(source, raw, published.get().curation());
  }

  /** The catalog {@code curation} gives {@code source} over its live catalog {@code raw}. */
  public SchemaCatalog curated(DataSource source, SchemaCatalog raw, Curation curation) {
    GovernancePolicy policy =
        policies.current(source.name()).orElseGet(() -> GovernancePolicy.defaults(source.name()));
    Set<String> covered = new HashSet<>();
    List<Table> tables = new ArrayList<>();
    for (CuratedView view : curation.views()) {
      Optional<Table> inDatabase = view.inDatabase() ? raw.table(view.name()) : Optional.empty();
      if (!view.inDatabase()) {
        for (String name : ViewInlining.namesIn(view.sqlFor(source.dialect()))) {
          raw.table(name).ifPresent(t -> covered.add(Names.key(t.name())));
        }
      }
      tables.add(viewTable(source, policy, curation, view, inDatabase));
    }
    for (Table t : raw.tables()) {
      String key = Names.key(t.name());
      if (covered.contains(key)
          || curation.hides(t.name())
          || curation.view(t.name()).isPresent()) {
        continue;
      }
      tables.add(described(t, curation.table(t.name()), curation.synonyms()));
    }
    return new SchemaCatalog(source.name(), withViewKeys(tables, curation));
  }

  private Table viewTable(
      DataSource source,
      GovernancePolicy policy,
      Curation curation,
      CuratedView view,
      Optional<Table> inDatabase) {
    List<String> names = new ArrayList<>();
    List<String> types = new ArrayList<>();
    List<List<Object>> rows = List.of();
    if (inDatabase.isPresent()) {
      inDatabase
          .get()
          .columns()
          .forEach(
              c -> {
                names.add(c.name());
                types.add(c.type());
              });
    }
    String probe = "SELECT * FROM " + view.name() + " LIMIT " + sampleRows;
    QueryOutcome outcome;
    try {
      outcome =
          executor.execute(
              source,
              policy,
              ValidateCurationService.STEWARD,
              view.inDatabase() ? probe : ViewInlining.inline(curation, source.dialect(), probe));
    } catch (IllegalArgumentException cycle) {
      outcome = null;
    }
    if (outcome instanceof QueryOutcome.Ran ran) {
      QueryResult r = ran.result();
      names.clear();
      types.clear();
      for (ResultColumn c : r.columns()) {
        names.add(c.name());
        types.add(c.type());
      }
      rows = r.rows();
    }
    if (names.isEmpty()) {
      // The view does not run now (the database changed since publishing): its description still
      // tells what it offers.
      view.columns()
          .forEach(
              c -> {
                names.add(c.column());
                types.add("");
              });
    }
    List<Column> columns = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      Optional<DataDescription> d = view.column(name);
      boolean shown = d.map(DataDescription::valuesShown).orElse(true);
      List<String> samples = shown ? samples(rows, i) : List.of();
      columns.add(
          new Column(
              d.map(DataDescription::column).orElse(name),
              types.get(i),
              true,
              withSynonyms(
                  d.map(DataDescription::meaningText).orElse(""),
                  view.name() + "." + name,
                  curation.synonyms()),
              d.map(DataDescription::dictionaryText).orElse(""),
              samples,
              OptionalLong.empty()));
    }
    // A view Parlance expands is governed through its base tables, so consumers (the pipeline's
    // visibility check) treat it like a table; a database view keeps its kind, and the policy must
    // name it like any database view.
    return new Table(
        view.name(),
        view.inDatabase() ? TableKind.VIEW : TableKind.TABLE,
        withSynonyms(view.description(), view.name(), curation.synonyms()),
        columns,
        columns.stream().anyMatch(c -> c.name().equalsIgnoreCase("id")) ? List.of("id") : List.of(),
        List.of());
  }

  private static List<String> samples(List<List<Object>> rows, int column) {
    Set<String> distinct = new LinkedHashSet<>();
    for (List<Object> row : rows) {
      Object v = row.get(column);
      if (v instanceof String s && !s.isBlank() && s.length() <= 60) {
        distinct.add(s);
        if (distinct.size() == SAMPLES_PER_COLUMN) {
          break;
        }
      }
    }
    return List.copyOf(distinct);
  }

  private static Table described(
      Table t, Optional<TableDescription> description, List<Synonym> synonyms) {
    List<Column> columns = new ArrayList<>();
    for (Column c : t.columns()) {
      Optional<DataDescription> d = description.flatMap(td -> td.column(c.name()));
      Column next = c;
      if (d.isPresent()) {
        next =
            c.withDescription(
                d.get().meaningText().isEmpty() ? c.description() : d.get().meaningText(),
                d.get().dictionaryText().isEmpty()
                    ? c.valueDescription()
                    : d.get().dictionaryText());
        if (!d.get().valuesShown()) {
          next = next.withSamples(List.of(), OptionalLong.empty());
        }
      }
      columns.add(
          next.withDescription(
              withSynonyms(next.description(), t.name() + "." + c.name(), synonyms),
              next.valueDescription()));
    }
    String text =
        description
            .map(TableDescription::description)
            .filter(s -> !s.isEmpty())
            .orElse(t.description());
    return t.withColumns(columns).withDescription(withSynonyms(text, t.name(), synonyms));
  }

  private static String withSynonyms(String text, String target, List<Synonym> synonyms) {
    List<String> terms =
        synonyms.stream()
            .filter(s -> Names.key(s.target()).equals(Names.key(target)))
            .map(Synonym::term)
            .toList();
    if (terms.isEmpty()) {
      return text;
    }
    String also = "also called: " + String.join(", ", terms);
    return text.isEmpty() ? also : text + "; " + also;
  }

  // A view column documented as "(other_view.column)" joins that view: the edge retrieval uses.
  private static List<Table> withViewKeys(List<Table> tables, Curation curation) {
    List<Table> out = new ArrayList<>();
    for (Table t : tables) {
      Optional<CuratedView> view = curation.view(t.name());
      if (view.isEmpty()) {
        out.add(t);
        continue;
      }
      List<ForeignKey> keys = new ArrayList<>();
      for (DataDescription d : view.get().columns()) {
        Matcher m = REFERENCE.matcher(d.meaning());
        if (m.find() && t.column(d.column()).isPresent()) {
          String target = m.group(1);
          String column = m.group(2);
          tables.stream()
              .filter(o -> Names.key(o.name()).equals(Names.key(target)))
              .filter(o -> o.column(column).isPresent())
              .findFirst()
              .ifPresent(o -> keys.add(ForeignKey.of(d.column(), o.name(), column)));
        }
      }
      out.add(new Table(t.name(), t.kind(), t.description(), t.columns(), t.primaryKey(), keys));
    }
    return out;
  }
}
