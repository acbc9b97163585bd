package dev.parlance.application.curation;

import dev.parlance.application.prompt.PromptTemplate;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationMerge;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.Identifiers;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionKind;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.curation.ViewInlining;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The curation assistants. Descriptions and value dictionaries come from an LLM (one call per
 * table, answers in a line format parsed strictly; lines that do not fit are skipped); partially
 * extended views come from the foreign keys and the existing conceptual views, no LLM needed. Every
 * proposal is stored as a pending suggestion.
 */
public final class SuggestCurationService implements SuggestCurationUseCase {

  static final int MAX_CODES = 12;
  private static final Set<String> DESCRIPTIVE =
      Set.of("code", "name", "tag", "number", "description", "title");

  private final DataSourcesPort sources;
  private final ReadCatalogPort live;
  private final LanguageModelsPort models;
  private final ExecuteQueryPort executor;
  private final GovernancePoliciesPort policies;
  private final EditCurationUseCase edits;
  private final SuggestionsPort suggestions;
  private final Clock clock;
  private final PromptTemplate describe =
      PromptTemplate.resource(SuggestCurationService.class, "suggest-descriptions.txt");
  private final PromptTemplate label =
      PromptTemplate.resource(SuggestCurationService.class, "suggest-values.txt");

  public SuggestCurationService(
      DataSourcesPort sources,
      ReadCatalogPort live,
      LanguageModelsPort models,
      ExecuteQueryPort executor,
      GovernancePoliciesPort policies,
      EditCurationUseCase edits,
      SuggestionsPort suggestions,
      Clock clock) {
    this.sources = sources;
    this.live = live;
    this.models = models;
    this.executor = executor;
    this.policies = policies;
    this.edits = edits;
    this.suggestions = suggestions;
    this.clock = clock;
  }

  // ---- descriptions

  @Override
  public List<Suggestion> suggestDescriptions(
      String source, List<String> tables, Optional<String> modelProfile) {
    DataSource ds = source(source);
    CompleteChatPort model = model(source, modelProfile);
    Curation working = edits.workingCopy(source);
    List<Suggestion> out = new ArrayList<>();
    for (Table t : tables(live.read(ds), working, tables)) {
      Map<String, String> fill = new LinkedHashMap<>();
      fill.put("table", t.name());
      fill.put("table_description", t.description().isEmpty() ? "" : " (" + t.description() + ")");
      fill.put(
          "primary_key", t.primaryKey().isEmpty() ? "none" : String.join(", ", t.primaryKey()));
      fill.put(
          "foreign_keys",
          t.foreignKeys().isEmpty()
              ? "none"
              : t.foreignKeys().stream()
                  .map(fk -> fk.columns() + " -> " + fk.referencedTable() + fk.referencedColumns())
                  .collect(Collectors.joining("; ")));
      fill.put(
          "columns",
          t.columns().stream()
              .map(c -> "- " + c.name() + " " + c.type() + samplesOf(working, t, c))
              .collect(Collectors.joining("\n")));
      String answer = ask(model, describe.fill(fill));
      descriptionSuggestion(source, t, answer).ifPresent(out::add);
    }
    return suggestions.add(out);
  }

  private Optional<Suggestion> descriptionSuggestion(String source, Table t, String answer) {
    String viewName = "";
    String viewDescription = "";
    Map<String, String[]> byColumn = new HashMap<>();
    for (String line : answer.lines().toList()) {
      String[] parts = line.strip().split("\\s*\\|\\s*");
      if (parts.length == 3 && parts[0].equalsIgnoreCase("table")) {
        viewName = snake(parts[1]);
        viewDescription = parts[2];
      } else if (parts.length == 4 && parts[0].equalsIgnoreCase("column")) {
        t.column(parts[1]).ifPresent(c -> byColumn.put(Names.key(c.name()), parts));
      }
    }
    if (!Identifiers.isPlain(viewName)) {
      return Optional.empty();
    }
    List<String> items = new ArrayList<>();
    List<DataDescription> columns = new ArrayList<>();
    Set<String> used = new HashSet<>();
    for (Column c : t.columns()) {
      String[] said = byColumn.get(Names.key(c.name()));
      String name = said == null ? snake(c.name()) : snake(said[2]);
      if (!Identifiers.isPlain(name)) {
        name = snake(c.name());
      }
      String unique = name;
      for (int i = 2; !used.add(unique) || !Identifiers.isPlain(unique); i++) {
        unique = name + "_" + i;
      }
      items.add("t." + c.name() + " AS " + unique);
      columns.add(DataDescription.of(unique, said == null ? "" : said[3]));
    }
    String sql = "SELECT\n  " + String.join(",\n  ", items) + "\nFROM " + t.name() + " t";
    CuratedView view =
        new CuratedView(
            viewName, ViewKind.CONCEPTUAL, viewDescription, sql, Map.of(), false, columns);
    Curation proposal = Curation.empty(source).withView(view);
    return Optional.of(
        Suggestion.pending(
            SuggestionKind.DESCRIPTION,
            t.name(),
            "conceptual view " + viewName + " for " + t.name() + ": " + viewDescription,
            proposal,
            clock.instant()));
  }

  // ---- partially extended views

  @Override
  public List<Suggestion> suggestViews(String source) {
    DataSource ds = source(source);
    Curation working = edits.workingCopy(source);
    SchemaCatalog raw = live.read(ds);
    // Conceptual views that rename one base table's columns: table key → (view, base → view column)
    Map<String, CuratedView> viewOf = new HashMap<>();
    Map<String, Map<String, String>> renames = new HashMap<>();
    for (CuratedView v : working.views()) {
      if (v.kind() != ViewKind.CONCEPTUAL) {
        continue;
      }
      List<Table> read =
          ViewInlining.namesIn(v.sqlFor(ds.dialect())).stream()
              .map(raw::table)
              .flatMap(Optional::stream)
              .toList();
      if (read.size() != 1) {
        continue;
      }
      String key = Names.key(read.get(0).name());
      viewOf.put(key, v);
      renames.put(key, renames(v.sqlFor(ds.dialect())));
    }
    List<Suggestion> out = new ArrayList<>();
    for (Table t : raw.tables()) {
      String key = Names.key(t.name());
      CuratedView base = viewOf.get(key);
      if (base == null) {
        continue;
      }
      List<String> items = new ArrayList<>(List.of("v.*"));
      List<String> joins = new ArrayList<>();
      List<DataDescription> added = new ArrayList<>();
      int n = 0;
      for (ForeignKey fk : t.foreignKeys()) {
        String target = Names.key(fk.referencedTable());
        CuratedView other = viewOf.get(target);
        if (fk.columns().size() != 1 || other == null || target.equals(key)) {
          continue;
        }
        String from = renames.get(key).get(Names.key(fk.columns().get(0)));
        String to = renames.get(target).get(Names.key(fk.referencedColumns().get(0)));
        if (from == null || to == null) {
          continue;
        }
        String prefix =
            from.toLowerCase(Locale.ROOT).endsWith("_id")
                ? from.substring(0, from.length() - 3)
                : other.name();
        List<DataDescription> descriptive =
            other.columns().stream()
                .filter(c -> DESCRIPTIVE.contains(Names.key(c.column())))
                .limit(2)
                .toList();
        if (descriptive.isEmpty()) {
          continue;
        }
        String alias = "j" + ++n;
        joins.add(
            "LEFT JOIN " + other.name() + " " + alias + " ON " + alias + "." + to + " = v." + from);
        for (DataDescription c : descriptive) {
          String name = prefix + "_" + c.column();
          if (base.column(name).isPresent() || !Identifiers.isPlain(name)) {
            continue;
          }
          items.add(alias + "." + c.column() + " AS " + name);
          added.add(
              new DataDescription(
                  name,
                  c.meaning() + " of the " + prefix.replace('_', ' ') + " (pre-joined)",
                  c.unit(),
                  c.values(),
                  c.valuesShown()));
        }
      }
      if (added.isEmpty()) {
        continue;
      }
      List<DataDescription> columns = new ArrayList<>(base.columns());
      columns.addAll(added);
      String name = base.name() + "_extended";
      CuratedView view =
          new CuratedView(
              name,
              ViewKind.PARTIALLY_EXTENDED,
              (base.description()
                      + " With "
                      + added.stream()
                          .map(DataDescription::column)
                          .collect(Collectors.joining(", "))
                      + " pre-joined.")
                  .strip(),
              "SELECT "
                  + String.join(", ", items)
                  + "\nFROM "
                  + base.name()
                  + " v\n"
                  + String.join("\n", joins),
              Map.of(),
              false,
              columns);
      out.add(
          Suggestion.pending(
              SuggestionKind.VIEW,
              base.name(),
              "partially extended view "
                  + name
                  + " adds "
                  + added.stream().map(DataDescription::column).collect(Collectors.joining(", ")),
              Curation.empty(source).withView(view),
              clock.instant()));
    }
    return suggestions.add(out);
  }

  private static Map<String, String> renames(String sql) {
    int from = sql.toUpperCase(Locale.ROOT).lastIndexOf("FROM");
    String select = from < 0 ? sql : sql.substring(0, from);
    select = select.replaceFirst("(?is)^\\s*SELECT\\s+", "");
    Map<String, String> out = new HashMap<>();
    for (String item : select.split(",")) {
      Matcher m =
          Pattern.compile("(?is)^\\s*(?:\\w+\\.)?(\\w+)\\s+AS\\s+(\\w+)\\s*$").matcher(item);
      if (m.matches()) {
        out.put(Names.key(m.group(1)), m.group(2));
      }
    }
    return out;
  }

  // ---- value dictionaries

  @Override
  public List<Suggestion> suggestValues(
      String source, List<String> tables, Optional<String> modelProfile) {
    DataSource ds = source(source);
    CompleteChatPort model = model(source, modelProfile);
    Curation working = edits.workingCopy(source);
    GovernancePolicy policy =
        policies.current(ds.name()).orElseGet(() -> GovernancePolicy.defaults(ds.name()));
    List<Suggestion> out = new ArrayList<>();
    for (Table t : tables(live.read(ds), working, tables)) {
      Map<String, Map<String, Long>> coded = new LinkedHashMap<>();
      Set<String> keys = new HashSet<>();
      t.primaryKey().forEach(k -> keys.add(Names.key(k)));
      t.foreignKeys().forEach(fk -> fk.columns().forEach(k -> keys.add(Names.key(k))));
      for (Column c : t.columns()) {
        Optional<DataDescription> known = working.table(t.name()).flatMap(d -> d.column(c.name()));
        if (keys.contains(Names.key(c.name()))
            || Names.key(c.name()).endsWith("id")
            || known.map(d -> !d.valuesShown() || !d.values().isEmpty()).orElse(false)) {
          continue;
        }
        distinct(ds, policy, t, c).ifPresent(values -> coded.put(c.name(), values));
      }
      if (coded.isEmpty()) {
        continue;
      }
      String columns =
          coded.entrySet().stream()
              .map(
                  e ->
                      "- "
                          + e.getKey()
                          + ": "
                          + e.getValue().entrySet().stream()
                              .map(v -> v.getKey() + " (" + v.getValue() + " rows)")
                              .collect(Collectors.joining(", ")))
              .collect(Collectors.joining("\n"));
      String answer =
          ask(
              model,
              label.fill(
                  Map.of(
                      "table",
                      t.name(),
                      "table_description",
                      t.description().isEmpty() ? "" : " (" + t.description() + ")",
                      "columns",
                      columns)));
      Map<String, List<ValueLabel>> labels = new LinkedHashMap<>();
      for (String line : answer.lines().toList()) {
        String[] parts = line.strip().split("\\s*\\|\\s*");
        if (parts.length == 3) {
          Optional<String> column =
              coded.keySet().stream().filter(k -> k.equalsIgnoreCase(parts[0])).findFirst();
          if (column.isPresent()
              && coded.get(column.get()).containsKey(parts[1])
              && !parts[2].isBlank()
              && !parts[2].equalsIgnoreCase("unknown")) {
            List<ValueLabel> list = labels.computeIfAbsent(column.get(), k -> new ArrayList<>());
            if (list.stream().noneMatch(v -> v.code().equals(parts[1]))) {
              list.add(new ValueLabel(parts[1], parts[2]));
            }
          }
        }
      }
      labels.forEach(
          (column, values) ->
              out.add(
                  Suggestion.pending(
                      SuggestionKind.VALUES,
                      t.name() + "." + column,
                      "value dictionary for "
                          + t.name()
                          + "."
                          + column
                          + ": "
                          + values.stream()
                              .map(v -> v.code() + " = " + v.label())
                              .collect(Collectors.joining("; ")),
                      Curation.empty(source)
                          .withTable(
                              new TableDescription(
                                  t.name(),
                                  "",
                                  List.of(new DataDescription(column, "", "", values, true)))),
                      clock.instant())));
    }
    return suggestions.add(out);
  }

  private Optional<Map<String, Long>> distinct(
      DataSource ds, GovernancePolicy policy, Table t, Column c) {
    String sql =
        "SELECT "
            + c.name()
            + ", count(*) FROM "
            + t.name()
            + " WHERE "
            + c.name()
            + " IS NOT NULL GROUP BY "
            + c.name()
            + " ORDER BY count(*) DESC LIMIT "
            + (MAX_CODES + 1);
    QueryOutcome outcome = executor.execute(ds, policy, ValidateCurationService.STEWARD, sql);
    if (!(outcome instanceof QueryOutcome.Ran ran)
        || ran.result().rowCount() < 2
        || ran.result().rowCount() > MAX_CODES) {
      return Optional.empty();
    }
    Map<String, Long> values = new LinkedHashMap<>();
    for (List<Object> row : ran.result().rows()) {
      Object code = row.get(0);
      String text =
          code instanceof Double d && d == Math.rint(d)
              ? Long.toString(d.longValue())
              : String.valueOf(code);
      if (text.length() > 20) {
        return Optional.empty();
      }
      values.put(text, row.get(1) instanceof Number n ? n.longValue() : 0L);
    }
    return Optional.of(values);
  }

  // ---- decisions

  @Override
  public List<Suggestion> pending(String source) {
    source(source);
    return suggestions.list(source, SuggestionStatus.PENDING);
  }

  @Override
  public Suggestion accept(String source, long id, String steward) {
    Suggestion s = pendingOne(source, id);
    edits.change(source, steward, c -> CurationMerge.apply(c, s.proposal()));
    return suggestions.decide(source, id, SuggestionStatus.ACCEPTED, steward);
  }

  @Override
  public Suggestion reject(String source, long id, String steward) {
    pendingOne(source, id);
    return suggestions.decide(source, id, SuggestionStatus.REJECTED, steward);
  }

  private Suggestion pendingOne(String source, long id) {
    source(source);
    Suggestion s =
        suggestions
            .find(source, id)
            .orElseThrow(
                () ->
                    new IllegalArgumentException("source " + source + " has no suggestion " + id));
    if (s.status() != SuggestionStatus.PENDING) {
      throw new IllegalArgumentException("suggestion " + id + " was already " + s.status().label());
    }
    return s;
  }

  // ---- helpers

  private DataSource source(String name) {
    return sources.find(name).orElseThrow(() -> new UnknownSourceException(name));
  }

  private CompleteChatPort model(String source, Optional<String> profile) {
    return models
        .choose(
            LanguageModelsPort.ModelRequest.of(profile, Optional.of(source))
                .forPurpose(ModelPurpose.SUGGESTION))
        .map(LanguageModelsPort.LanguageModel::chat)
        .orElseThrow(() -> new NoLanguageModelException("this assistant", models.howToConfigure()));
  }

  private static String ask(CompleteChatPort model, String prompt) {
    Completions answer = model.complete(CompletionRequest.of(prompt).withMaxTokens(2000));
    if (answer.isEmpty()) {
      throw new IllegalStateException(
          "the language model did not answer: "
              + answer.firstFailure().map(Object::toString).orElse("no completion"));
    }
    return answer.first().text();
  }

  private static List<Table> tables(SchemaCatalog raw, Curation working, List<String> wanted) {
    if (!wanted.isEmpty()) {
      List<Table> out = new ArrayList<>();
      for (String w : wanted) {
        out.add(
            raw.table(w)
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "source " + raw.source() + " has no table " + w)));
      }
      return out;
    }
    return raw.tables().stream().filter(t -> !working.hides(t.name())).toList();
  }

  // Sample values the steward allows to leave Parlance, as a hint for the LLM.
  private static String samplesOf(Curation working, Table t, Column c) {
    boolean shown =
        working
            .table(t.name())
            .flatMap(d -> d.column(c.name()))
            .map(DataDescription::valuesShown)
            .orElse(true);
    if (!shown || c.sampleValues().isEmpty()) {
      return "";
    }
    return " (e.g. " + String.join(", ", c.sampleValues().stream().limit(3).toList()) + ")";
  }

  static String snake(String text) {
    String s =
        text.strip()
            .replaceAll("([a-z0-9])([A-Z])", "$1_$2")
            .replaceAll("[^A-Za-z0-9]+", "_")
            .replaceAll("^_+|_+$", "")
            .toLowerCase(Locale.ROOT);
    return s.isEmpty() || Character.isDigit(s.charAt(0)) ? "c_" + s : s;
  }
}
