package dev.parlance.application.curation;

import dev.parlance.application.prompt.PromptTemplate;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.Column;
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
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationMerge;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionKind;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The curation assistants. Descriptions and value dictionaries come from an LLM (one call per
 * table, answers in a line format parsed strictly; lines that do not fit are skipped); partially
 * extended views come from the foreign keys and the existing conceptual views, no LLM needed. Every
 * proposal is stored as a pending suggestion.
 */
public final class SuggestCurationService implements SuggestCurationUseCase {

  static final int MAX_CODES = 12;

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
      DescriptionSuggestions.fromAnswer(source, t, answer, clock).ifPresent(out::add);
    }
    return suggestions.add(out);
  }

  // ---- partially extended views

  @Override
  public List<Suggestion> suggestViews(String source) {
    DataSource ds = source(source);
    Curation working = edits.workingCopy(source);
    SchemaCatalog raw = live.read(ds);
    return suggestions.add(ExtendedViewSuggestions.propose(source, ds, raw, working, clock));
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
}
