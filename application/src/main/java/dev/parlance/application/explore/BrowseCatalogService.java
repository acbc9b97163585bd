package dev.parlance.application.explore;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.ask.Visibility;
import dev.parlance.application.ask.VisibleValues;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads the catalog prompts are built from (a curated catalog reader that reads no sample values),
 * keeps what the user's policy lets them see, and searches it.
 */
public final class BrowseCatalogService implements BrowseCatalogUseCase {

  private final DataSourcesPort sources;
  private final ReadCatalogPort catalogs;
  private final PublishedCurationPort published;
  private final GovernancePoliciesPort policies;
  private final ExecuteQueryPort execute;

  /**
   * @param catalogs the curated catalog without sample values (the prompts' structure)
   * @param execute governed execution: a value dictionary's codes are shown to a user whom filters
   *     or column rules bind only when the user's own governed SQL finds them
   */
  public BrowseCatalogService(
      DataSourcesPort sources,
      ReadCatalogPort catalogs,
      PublishedCurationPort published,
      GovernancePoliciesPort policies,
      ExecuteQueryPort execute) {
    this.sources = sources;
    this.catalogs = catalogs;
    this.published = published;
    this.policies = policies;
    this.execute = execute;
  }

  @Override
  public SourceCatalog catalog(UserIdentity user, String source, String query) {
    SourceAccess.requireUse(user, source);
    String text = query == null ? "" : query.strip();
    if (text.length() > MAX_QUERY) {
      throw new IllegalArgumentException("q: longer than " + MAX_QUERY + " characters");
    }
    DataSource found = sources.find(source).orElseThrow(() -> new UnknownSourceException(source));
    GovernancePolicy policy =
        policies.current(found.name()).orElseGet(() -> GovernancePolicy.defaults(found.name()));
    SchemaCatalog visible =
        new Visibility(policy, user, found.dialect()).visible(catalogs.read(found));
    Optional<Curation> curation = published.published(found.name()).map(CurationVersion::curation);
    List<String> words =
        text.isEmpty() ? List.of() : Arrays.asList(text.toLowerCase(Locale.ROOT).split("\\s+"));
    // Dictionaries are curated text, but their codes are data: a user bound by a filter or a
    // column rule sees the codes their governed SQL finds; a user nothing binds sees every row.
    Optional<VisibleValues> rule =
        VisibleValues.bindsNothing(policy, user)
            ? Optional.empty()
            : Optional.of(new VisibleValues(execute, found, policy, user));
    List<Entry> entries = new ArrayList<>();
    for (Table table : visible.tables()) {
      entry(table, curation, words, rule).ifPresent(entries::add);
    }
    return new SourceCatalog(
        found.name(), text, curation.isPresent(), visible.tables().size(), entries);
  }

  /** The table as an entry, with the columns the search matched; empty when nothing did. */
  private static Optional<Entry> entry(
      Table table, Optional<Curation> curation, List<String> words, Optional<VisibleValues> rule) {
    Optional<CuratedView> view = curation.flatMap(c -> c.view(table.name()));
    String own = table.name() + " " + table.description();
    boolean whole = containsAll(own, words);
    List<EntryColumn> columns = new ArrayList<>();
    for (Column column : table.columns()) {
      EntryColumn described =
          column(table, column, described(table.name(), column.name(), curation), rule);
      if (whole || containsAll(own + " " + searchable(described), words)) {
        columns.add(described);
      }
    }
    if (columns.isEmpty() && !whole) {
      return Optional.empty();
    }
    return Optional.of(
        new Entry(table.name(), view.isPresent() ? "view" : "table", table.description(), columns));
  }

  private static Optional<DataDescription> described(
      String table, String column, Optional<Curation> curation) {
    return curation.flatMap(
        c ->
            c.view(table)
                .flatMap(v -> v.column(column))
                .or(() -> c.table(table).flatMap(t -> t.column(column))));
  }

  private static EntryColumn column(
      Table table,
      Column column,
      Optional<DataDescription> description,
      Optional<VisibleValues> rule) {
    List<ValueLabel> values = description.map(DataDescription::values).orElse(List.of());
    if (rule.isPresent() && !values.isEmpty()) {
      java.util.Set<String> found =
          rule.get()
              .of(table.name(), column.name(), values.stream().map(ValueLabel::code).toList());
      values = values.stream().filter(v -> found.contains(v.code())).toList();
    }
    return new EntryColumn(
        column.name(),
        column.type(),
        column.description(),
        values,
        values.isEmpty() ? column.valueDescription() : "");
  }

  private static String searchable(EntryColumn column) {
    StringBuilder text =
        new StringBuilder(column.name())
            .append(' ')
            .append(column.description())
            .append(' ')
            .append(column.valueText());
    column.values().forEach(v -> text.append(' ').append(v.code()).append(' ').append(v.label()));
    return text.toString();
  }

  private static boolean containsAll(String text, List<String> words) {
    // "work order" finds work_order too.
    String lower = (text + " " + text.replace('_', ' ')).toLowerCase(Locale.ROOT);
    return words.stream().allMatch(lower::contains);
  }
}
