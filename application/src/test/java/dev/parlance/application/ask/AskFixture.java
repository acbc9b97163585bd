package dev.parlance.application.ask;

import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.application.retrieval.HallucinationExamples;
import dev.parlance.application.retrieval.SchemaSelection;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.completion.PromptMessage;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.SchemaElement;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.SqlShape;
import dev.parlance.domain.values.ColumnValue;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;

/**
 * A small plant source behind fake ports: the model answers by prompt content, statements run by
 * their text, retrieval returns fixed columns and records each budget it was asked for.
 */
final class AskFixture {

  static final DataSource SOURCE =
      DataSource.of("plant", "jdbc:sqlite:/tmp/plant.sqlite", Credentials.none());

  static final SchemaCatalog CATALOG =
      new SchemaCatalog(
          "plant",
          List.of(
              new Table(
                  "TB_IN",
                  TableKind.TABLE,
                  "",
                  List.of(
                      Column.of("IN_ID", "INTEGER"),
                      Column.of("IN_CD", "TEXT"),
                      Column.of("IN_SECRET", "TEXT"),
                      Column.of("IN_OWNER", "TEXT")),
                  List.of("IN_ID"),
                  List.of()),
              new Table(
                  "TB_MO",
                  TableKind.TABLE,
                  "",
                  List.of(
                      Column.of("MO_ID", "INTEGER"),
                      Column.of("MO_IN_ID", "INTEGER"),
                      Column.of("MO_ST", "INTEGER")),
                  List.of("MO_ID"),
                  List.of(ForeignKey.of("MO_IN_ID", "TB_IN", "IN_ID")))));

  final List<CompletionRequest> sent = new ArrayList<>();
  final List<String> ran = new ArrayList<>();
  final List<String> governedReads = new ArrayList<>();

  /** Values the user's governed SQL does not find (the oracle of value checks). */
  final Set<String> hiddenValues = new java.util.HashSet<>();

  final List<Integer> budgets = new ArrayList<>();
  final List<String> retrievalQuestions = new ArrayList<>();
  // The columns the parser reads in a statement (table.column ids), where a test names them.
  final Map<String, Set<String>> columnsRead = new LinkedHashMap<>();
  final Map<String, QueryOutcome> outcomes = new LinkedHashMap<>();
  final Map<String, Boolean> ordered = new LinkedHashMap<>();

  /** Statements the fake parser reads as reading no table / selecting only constants. */
  final Set<String> constants = new java.util.HashSet<>();

  /** The model's answers: the first fragment found in the prompt chooses the answers, in turn. */
  final Map<String, List<String>> answers = new LinkedHashMap<>();

  final List<ColumnValue> values = new ArrayList<>();
  GovernancePolicy policy = GovernancePolicy.defaults("plant");
  CuratedContext curated = CuratedContext.none();
  List<String> retrieved = List.of("tb_in.in_cd", "tb_mo.mo_st");
  SchemaCatalog catalog = CATALOG;

  /** When set, sample reads return rows of this value. */
  String sampleValue;

  final MemorySuggestions suggestions = new MemorySuggestions();

  /** The stewards' queue, in memory. */
  static final class MemorySuggestions implements dev.parlance.domain.curation.SuggestionsPort {
    final List<dev.parlance.domain.curation.Suggestion> all = new ArrayList<>();

    @Override
    public List<dev.parlance.domain.curation.Suggestion> add(
        List<dev.parlance.domain.curation.Suggestion> added) {
      all.addAll(added);
      return added;
    }

    @Override
    public List<dev.parlance.domain.curation.Suggestion> list(
        String source, dev.parlance.domain.curation.SuggestionStatus status) {
      return all.stream().filter(s -> s.source().equals(source) && s.status() == status).toList();
    }

    @Override
    public Optional<dev.parlance.domain.curation.Suggestion> find(String source, long id) {
      return Optional.empty();
    }

    @Override
    public dev.parlance.domain.curation.Suggestion decide(
        String source,
        long id,
        dev.parlance.domain.curation.SuggestionStatus decision,
        String steward) {
      throw new UnsupportedOperationException();
    }
  }

  boolean queue;

  private final Map<String, Integer> turns = new LinkedHashMap<>();

  AskFixture answer(String fragment, String... texts) {
    answers.put(fragment, List.of(texts));
    return this;
  }

  AskFixture rows(String sql, boolean isOrdered, Object[]... rows) {
    List<List<Object>> list =
        Arrays.stream(rows).map(r -> (List<Object>) Arrays.asList(r)).toList();
    int width = list.isEmpty() ? 1 : list.getFirst().size();
    List<ResultColumn> columns = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      columns.add(new ResultColumn("c" + i, ""));
    }
    outcomes.put(sql, new QueryOutcome.Ran(new QueryResult(columns, list, false, 1, sql, sql)));
    ordered.put(sql, isOrdered);
    return this;
  }

  AskFixture fails(String sql, String message) {
    outcomes.put(
        sql,
        new QueryOutcome.Failed(
            dev.parlance.domain.governance.FailureKind.DATABASE_ERROR,
            message,
            sql,
            Optional.of(sql),
            1));
    return this;
  }

  static Completion completion(String text) {
    return new Completion(
        text,
        new TokenUsage(100, 10),
        Cost.of(new BigDecimal("0.0001")),
        "openai",
        "gpt-4o-mini",
        Duration.ofMillis(5),
        1,
        Completion.Ending.FINISHED);
  }

  CompleteChatPort llm() {
    return request -> {
      synchronized (sent) {
        sent.add(request);
      }
      if (queue) {
        return Completions.failed(
            CompletionFailure.of(
                FailureKind.QUEUED, "openai", "gpt-4o-mini", "queued", Duration.ZERO, 1));
      }
      String prompt =
          String.join("\n", request.messages().stream().map(PromptMessage::text).toList());
      String lastUser = request.messages().getLast().text();
      List<Completion> out = new ArrayList<>();
      for (int s = 0; s < request.samples(); s++) {
        out.add(completion(reply(lastUser, prompt)));
      }
      return new Completions(out, List.of());
    };
  }

  private synchronized String reply(String lastUser, String prompt) {
    if (prompt.contains("Hallucinate a minimal schema")) {
      return "Installation(code), Order(status)";
    }
    for (var e : answers.entrySet()) {
      if (lastUser.contains(e.getKey())) {
        int turn = turns.merge(e.getKey(), 1, Integer::sum) - 1;
        List<String> texts = e.getValue();
        return texts.get(Math.min(turn, texts.size() - 1));
      }
    }
    return "I cannot help with that.";
  }

  QuestionPipelineService service(AskSettings settings) {
    DataSourcesPort sources =
        new DataSourcesPort() {
          @Override
          public Optional<DataSource> find(String name) {
            return name.equals("plant") ? Optional.of(SOURCE) : Optional.empty();
          }

          @Override
          public List<DataSource> all() {
            return List.of(SOURCE);
          }

          @Override
          public void save(DataSource source) {}

          @Override
          public boolean remove(String name) {
            return false;
          }
        };
    GovernancePoliciesPort policies =
        new GovernancePoliciesPort() {
          @Override
          public Optional<GovernancePolicy> current(String source) {
            return Optional.of(policy);
          }

          @Override
          public List<GovernancePolicy> history(String source) {
            return List.of(policy);
          }

          @Override
          public GovernancePolicy publish(GovernancePolicy draft, String steward) {
            return draft;
          }
        };
    EmbedTextPort embedder =
        new EmbedTextPort() {
          @Override
          public List<EmbeddingVector> embedDocuments(List<String> texts) {
            return texts.stream()
                .map(t -> EmbeddingVector.of(new float[] {t.length(), 1}))
                .toList();
          }

          @Override
          public List<EmbeddingVector> embedQueries(List<String> texts) {
            return embedDocuments(texts);
          }

          @Override
          public String modelName() {
            return "fake";
          }
        };
    RunQueryUseCase runQuery =
        command -> {
          synchronized (ran) {
            ran.add(command.sql());
          }
          return outcomes.getOrDefault(
              command.sql(),
              new QueryOutcome.Failed(
                  dev.parlance.domain.governance.FailureKind.DATABASE_ERROR,
                  "no such table: " + command.sql(),
                  command.sql(),
                  Optional.empty(),
                  1));
        };
    Function<String, SqlShape> shape =
        sql ->
            new SqlShape(
                sql.toUpperCase(Locale.ROOT).startsWith("SELECT")
                    || sql.toUpperCase(Locale.ROOT).startsWith("WITH"),
                Set.of(),
                columnsRead.getOrDefault(sql, Set.of()),
                ordered.getOrDefault(sql, false),
                Optional.empty(),
                constants.contains(sql));
    return new QuestionPipelineService(
        new QuestionPipelineService.Ports(
            sources,
            policies,
            source -> catalog,
            embedder,
            query -> {
              budgets.add(query.budget());
              retrievalQuestions.add(query.question());
              return new SchemaSelection(
                  retrieved.stream()
                      .map(
                          id ->
                              new SchemaSelection.Pick(
                                  SchemaElement.column(
                                      id.substring(0, id.indexOf('.')),
                                      id.substring(id.indexOf('.') + 1),
                                      "",
                                      Set.of()),
                                  1.0))
                      .toList());
            },
            (source, phrase, k) -> values,
            (source, p, user, sql) -> {
              governedReads.add(sql);
              if (sql.startsWith("SELECT DISTINCT ") && sql.contains(" IN (")) {
                // A value check: the asked values the user's rows hold.
                List<List<Object>> found = new ArrayList<>();
                java.util.regex.Matcher m =
                    java.util.regex.Pattern.compile("'((?:[^']|'')*)'")
                        .matcher(sql.substring(sql.indexOf(" IN (")));
                while (m.find()) {
                  String v = m.group(1).replace("''", "'");
                  if (!hiddenValues.contains(v)) {
                    found.add(List.of(v));
                  }
                }
                return new QueryOutcome.Ran(
                    new QueryResult(List.of(new ResultColumn("v", "")), found, false, 0, sql, sql));
              }
              if (sampleValue != null && sql.startsWith("SELECT ") && sql.contains(" LIMIT ")) {
                // A sample read: as many rows as asked, one value per column.
                int columns = sql.substring(7, sql.indexOf(" FROM ")).split(",").length;
                int limit = Integer.parseInt(sql.substring(sql.lastIndexOf(' ') + 1));
                List<ResultColumn> header = new ArrayList<>();
                List<Object> row = new ArrayList<>();
                for (int i = 0; i < columns; i++) {
                  header.add(new ResultColumn("c" + i, ""));
                  row.add(sampleValue);
                }
                return new QueryOutcome.Ran(
                    new QueryResult(
                        header, java.util.Collections.nCopies(limit, row), false, 0, sql, sql));
              }
              return new QueryOutcome.Ran(
                  new QueryResult(
                      List.of(new ResultColumn("x", "")), List.of(), false, 0, sql, sql));
            },
            runQuery,
            (sql, catalog) -> shape.apply(sql),
            source -> curated,
            HallucinationExamples.GENERAL,
            TOKENS,
            suggestions),
        settings);
  }

  /** A tokenizer for tests: four characters a token. */
  static final dev.parlance.domain.completion.CountTokensPort TOKENS =
      new dev.parlance.domain.completion.CountTokensPort() {
        @Override
        public long count(String text) {
          return (text.length() + 3) / 4;
        }

        @Override
        public String tokenizer() {
          return "chars/4";
        }
      };

  /** The pipeline as the retrieval tests know it: this small schema is never shown whole. */
  static AskSettings settings(int candidates) {
    return AskSettings.defaults().withCandidates(candidates).withWholeSchemaTokens(0);
  }

  static UserIdentity user() {
    return UserIdentity.of("rita", "analyst");
  }

  String prompts() {
    StringBuilder all = new StringBuilder();
    for (CompletionRequest r : sent) {
      r.messages().forEach(m -> all.append(m.text()).append('\n'));
    }
    return all.toString();
  }

  static OptionalLong none() {
    return OptionalLong.empty();
  }
}
