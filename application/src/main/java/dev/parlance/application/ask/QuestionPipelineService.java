package dev.parlance.application.ask;

import dev.parlance.application.ask.AskQuestionUseCase.Command;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.application.retrieval.HallucinateSchemaService;
import dev.parlance.application.retrieval.Hallucination;
import dev.parlance.application.retrieval.HallucinationExamples;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrievalQuery;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.CountTokensPort;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionKind;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultCut;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.question.CuratedContextPort;
import dev.parlance.domain.question.ExecutionVote;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.HallucinatedSchema;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.sql.SqlShape;
import dev.parlance.domain.values.SearchValuesPort;
import dev.parlance.domain.values.ValueMatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The question pipeline (ARCHITECTURE "a question's way through the house"): retrieval with a
 * hallucinated schema, value retrieval, a prompt context cut to what the user may see, the
 * strategy's candidates, governed execution of each, self-correction with the database's errors,
 * one retry with a wider schema, and the execution vote.
 */
public final class QuestionPipelineService implements QuestionPipeline {

  /** The share of a whole schema's tokens its sample rows may add (docs/design/ask.md). */
  static final double SAMPLE_SHARE = 0.25;

  /** The sample tokens a whole schema may add however small it is. */
  static final long SAMPLE_FLOOR = 100;

  /** Rows of each competing reading shown with an unsure answer. */
  static final int PREVIEW_ROWS = 5;

  /** What the pipeline reads from and writes to. */
  public record Ports(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      ReadCatalogPort catalogs,
      EmbedTextPort embedder,
      RetrieveSchemaUseCase retriever,
      SearchValuesPort valueSearch,
      ExecuteQueryPort governedReads,
      RunQueryUseCase runQuery,
      AnalyzeSqlPort analyzer,
      CuratedContextPort curation,
      HallucinationExamples hallucinationExamples,
      CountTokensPort tokens,
      SuggestionsPort suggestions) {}

  private final Ports ports;
  private final AskSettings defaults;
  private final Map<StrategyName, Strategy> strategies = new EnumMap<>(StrategyName.class);
  // Per source and user: whether the last question needed retrieval (a hint for starting the
  // hallucination call early; the decision itself is made on the schema read).
  private final Map<String, Boolean> retrievalLastTime = new ConcurrentHashMap<>();
  // The whole visible schema's size, per schema and curation.
  private final Map<SchemaKey, Long> wholeSchemaTokens =
      java.util.Collections.synchronizedMap(
          new java.util.LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<SchemaKey, Long> eldest) {
              return size() > 64;
            }
          });

  private record SchemaKey(SchemaCatalog visible, CuratedContext curated) {}

  // Rendered schemas' token counts: counting a large schema's text costs more than rendering it.
  private final Map<String, Long> schemaTokens =
      java.util.Collections.synchronizedMap(
          new java.util.LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
              return size() > 64;
            }
          });

  public QuestionPipelineService(Ports ports, AskSettings defaults) {
    this.ports = ports;
    this.defaults = defaults;
    for (Strategy s :
        List.of(
            new DirectStrategy(),
            new C3Strategy(),
            new DinStrategy(),
            new TaSqlStrategy(),
            new RbSqlStrategy())) {
      strategies.put(s.name(), s);
    }
    this.retrievers = new RbSqlRetrievers(ports.embedder());
  }

  // RB-SQL's table and column texts' vectors, kept across questions.
  private final RbSqlRetrievers retrievers;

  // A source's verified questions as an example pool, their skeletons and embeddings computed once.
  private final Map<List<dev.parlance.domain.question.VerifiedExample>, ExamplePool> verifiedPools =
      java.util.Collections.synchronizedMap(
          new java.util.LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(
                Map.Entry<List<dev.parlance.domain.question.VerifiedExample>, ExamplePool> e) {
              return size() > 16;
            }
          });

  private ExamplePool verifiedPool(List<dev.parlance.domain.question.VerifiedExample> examples) {
    return verifiedPools.computeIfAbsent(examples, ExamplePool::verified);
  }

  @Override
  public Answer ask(Command command, CompleteChatPort llm, Progress progress) {
    DataSource source =
        ports
            .sources()
            .find(command.source())
            .orElseThrow(() -> new UnknownSourceException(command.source()));
    AskSettings settings = defaults;
    if (command.strategy().isPresent()) {
      settings = settings.withStrategy(command.strategy().get());
    }
    if (command.candidates().isPresent()) {
      settings = settings.withCandidates(command.candidates().getAsInt());
    }
    if (!command.voteAcross().isEmpty()) {
      settings = settings.withVoteAcross(command.voteAcross());
    } else if (command.strategy().isPresent()) {
      // A strategy named for this question answers alone.
      settings = settings.withVoteAcross(List.of());
    }
    if (!settings.voteAcross().isEmpty()) {
      // SQL-PaLM's test-time selection: one candidate per strategy.
      settings = settings.withStrategy(settings.voteAcross().getFirst()).withCandidates(1);
    }
    return new Run(source, command, llm, settings, progress).answer();
  }

  /** What an answer says when its columns were ranked before the source's vectors existed. */
  static final String LEXICAL_NOTE =
      "retrieval ranked the columns by their words alone (BM25): the source's dense index is still"
          + " being built, and questions rank with it once it is in place";

  /** The text the models and the index are first used with at start, in place of a question. */
  static final String WARM_UP = "how many items are there per category";

  @Override
  public void prepare(DataSource source) {
    // What a question's first use would load: the catalog (and with it the governed execution
    // path and the SQL parser), the tokenizer, the embedding model, the index's searcher.
    SchemaCatalog catalog = ports.catalogs().read(source);
    ports.tokens().count(WARM_UP);
    ports.analyzer().analyze("SELECT 1", catalog);
    ports
        .retriever()
        .retrieve(
            new RetrievalQuery(
                source.name(),
                WARM_UP,
                Optional.empty(),
                RetrievalMode.DEFAULT,
                defaults.schemaBudget()));
    // The verified examples' embeddings (a question's context compares it with each of them) and
    // the whole schema's size as a user with no role sees it (each question decides on it).
    List<String> examples =
        ports.curation().forSource(source.name()).examples().stream()
            .map(dev.parlance.domain.question.VerifiedExample::question)
            .toList();
    if (!examples.isEmpty()) {
      ports.embedder().embedQueries(examples);
    }
    CompleteChatPort noModel =
        request -> {
          throw new IllegalStateException("preparing a source asks no model");
        };
    new Run(
            source,
            AskQuestionUseCase.Command.of(source.name(), WARM_UP, PREPARING),
            noModel,
            defaults,
            Progress.silent())
        .sizeTheSchema();
  }

  /** Who the start-up preparation reads the schema as: a user with no role. */
  static final dev.parlance.domain.governance.UserIdentity PREPARING =
      dev.parlance.domain.governance.UserIdentity.of("parlance-preparing");

  /** One question's run: its ledger, its caches and its notes. */
  private final class Run {
    private final DataSource source;
    private final Command command;
    private final AskSettings settings;
    private final Ledger ledger;
    private final List<Strategy> strategy;
    private final GovernancePolicy policy;
    private final CuratedContext curated;
    private final ExamplePool examples;
    private final List<String> notes = new ArrayList<>();
    private SchemaCatalog visible;

    Run(
        DataSource source,
        Command command,
        CompleteChatPort llm,
        AskSettings settings,
        Progress progress) {
      this.source = source;
      this.command = command;
      this.settings = settings;
      this.ledger = new Ledger(llm, progress);
      this.strategy =
          settings.voteAcross().isEmpty()
              ? List.of(strategies.get(settings.strategy()))
              : settings.voteAcross().stream().map(strategies::get).toList();
      this.policy =
          ports
              .policies()
              .current(source.name())
              .orElseGet(() -> GovernancePolicy.defaults(source.name()));
      if (policy.closedTo(command.user())) {
        // Governed execution would refuse every statement; refused before any model call.
        throw new dev.parlance.application.access.AccessDeniedException(
            "source "
                + source.name()
                + " is closed to analysts until an administrator publishes its policy");
      }
      CuratedContext context = ports.curation().forSource(source.name());
      CuratedContext own =
          command.ownExampleHidden() ? context.withoutExamplesAsking(command.question()) : context;
      this.examples = command.examples().orElseGet(() -> verifiedPool(own.examples()));
      // A declared pool (a benchmark's training set) gives every strategy its examples.
      this.curated =
          command.examples().isEmpty()
              ? own
              : new CuratedContext(
                  own.descriptions(),
                  own.valueDescriptions(),
                  own.hints(),
                  examples
                      .rank(
                          command.question(),
                          ports.embedder(),
                          Optional.empty(),
                          0,
                          settings.examples())
                      .stream()
                      .map(ExamplePool.Ranked::example)
                      .toList(),
                  own.valuesWithheld());
    }

    private long started;
    private SchemaView view = SchemaView.unknown();
    // A follow-up restated as a question of its own (the model's words), once known.
    private Optional<String> restated = Optional.empty();

    Answer answer() {
      Answer answer = answerOnce();
      return restated.map(answer::withStandaloneQuestion).orElse(answer);
    }

    private Answer answerOnce() {
      started = System.nanoTime();
      Optional<AskQuestionUseCase.Baseline> baseline = command.baseline();
      AskSettings asked = baseline.isPresent() ? settings.bare() : settings;
      // Whether this source needed retrieval for this user last time: then the hallucination call
      // starts at once and runs while Parlance reads the catalog and looks up values.
      String hintKey = source.name() + "\u0000" + command.user();
      boolean expectRetrieval =
          baseline.isEmpty() && Boolean.TRUE.equals(retrievalLastTime.get(hintKey));
      Optional<HallucinatedSchema> hallucination = Optional.empty();
      List<ValueMatch> values = List.of();
      try (ExecutorService background = Executors.newVirtualThreadPerTaskExecutor()) {
        Future<Optional<HallucinatedSchema>> hallucinating =
            expectRetrieval ? background.submit(this::hallucinate) : null;
        // A follow-up is restated while the rest goes on; the stewards get the restatement.
        Future<Optional<String>> restating =
            command.previous().isPresent() && baseline.isEmpty()
                ? background.submit(this::restate)
                : null;
        // Embedding the question needs the cores the model's call leaves idle; retrieval then
        // finds it among the recent embeddings.
        background.submit(() -> ports.embedder().embedQuery(command.searchText()));
        SchemaCatalog catalog = ledger.time("catalog", () -> ports.catalogs().read(source));
        visible = new Visibility(policy, command.user()).visible(catalog);
        view = ledger.time("catalog", () -> decide(baseline));
        boolean retrieval = view.way() == SchemaView.Way.RETRIEVAL;
        if (baseline.isEmpty()) {
          retrievalLastTime.put(hintKey, retrieval);
        }
        if (retrieval && hallucinating == null) {
          hallucinating = background.submit(this::hallucinate);
        }
        if (asked.valueTopK() > 0) {
          values =
              ledger.time(
                  "values",
                  () ->
                      new ValueRetrieval(ports.valueSearch(), ports.governedReads())
                          .find(
                              source,
                              policy,
                              command.user(),
                              command.searchText(),
                              visible,
                              curated,
                              settings.valueThreshold(),
                              settings.valueTopK()));
        }
        if (restating != null) {
          restated = join(restating);
        }
        if (hallucinating != null) {
          Optional<HallucinatedSchema> h = join(hallucinating);
          if (retrieval) {
            hallucination = h;
          } else {
            notes.add(
                "the schema now fits the whole-schema budget; the hallucination asked for was not"
                    + " used");
          }
        }
      }
      if (ledger.queued()) {
        return Answer.queued(trace());
      }
      CandidateRounds rounds =
          new CandidateRounds(
              strategy,
              new Strategy.Tools(
                  ledger,
                  asked,
                  ports.analyzer(),
                  ports.embedder(),
                  retrievers,
                  examples,
                  java.util.Collections.synchronizedMap(new EnumMap<>(StrategyName.class))),
              ports.runQuery(),
              ports.analyzer(),
              source.name(),
              command.user(),
              visible);
      List<String> selected =
          switch (view.way()) {
            case RETRIEVAL -> retrieve(hallucination, settings.schemaBudget());
            case WHOLE_SCHEMA -> ContextBuilder.everything(visible);
            case BASELINE -> baselineColumns;
          };
      PromptContext context = context(selected, values, asked);
      if (view.way() == SchemaView.Way.WHOLE_SCHEMA) {
        context = withinSampleShare(context, view.schemaTokens());
      }
      List<Candidate> candidates = rounds.attempt(context, asked.correctionRounds());
      shownColumns = rounds.shown();
      view = view.shown(shownColumns.size());
      if (ledger.queued()) {
        return Answer.queued(trace());
      }
      if (baseline.isEmpty() && candidates.stream().noneMatch(Candidate::hasRows)) {
        // RB-SQL: after repeated failure, once more with a wider schema (all of it when it fits).
        List<String> wider =
            visible.columnCount() <= settings.widerBudget()
                ? ContextBuilder.everything(visible)
                : retrieve(hallucination, settings.widerBudget());
        PromptContext widerContext = context(wider, values, asked);
        if (widerContext.columnCount() > context.columnCount()) {
          notes.add(
              "no candidate returned rows with "
                  + context.columnCount()
                  + " columns in the prompt; retried once with "
                  + widerContext.columnCount());
          rounds.widen();
          List<Candidate> retry =
              rounds.attempt(widerContext, Math.min(1, settings.correctionRounds()));
          if (ledger.queued()) {
            return Answer.queued(trace());
          }
          if (retry.stream().anyMatch(Candidate::ran)) {
            candidates = retry;
            context = widerContext;
            shownColumns = rounds.shown();
            view = view.shown(shownColumns.size());
          }
        }
      }
      final List<Candidate> pool = candidates;
      ExecutionVote.Result vote = ledger.time("voting", () -> rounds.vote(pool));
      if (strategy.size() > 1) {
        notes.add(agreement(pool, vote));
      }
      return result(context, pool, vote);
    }

    private List<String> baselineColumns = List.of();

    // The columns the chosen attempt's final prompts showed (a strategy may cut the context).
    private List<String> shownColumns = List.of();

    // Which strategies agreed on the chosen reading, and what became of the others.
    private String agreement(List<Candidate> pool, ExecutionVote.Result vote) {
      java.util.Set<Integer> won =
          vote.winner().map(g -> java.util.Set.copyOf(g.members())).orElse(java.util.Set.of());
      List<String> agreed = new ArrayList<>();
      List<String> others = new ArrayList<>();
      for (Candidate c : pool) {
        String label = c.strategy.name().label();
        if (won.contains(c.index)) {
          agreed.add(label);
        } else {
          others.add(label + " (" + c.report().outcome() + ")");
        }
      }
      return "vote across strategies: "
          + (agreed.isEmpty()
              ? "no reading"
              : String.join(", ", agreed)
                  + " agreed ("
                  + agreed.size()
                  + " of "
                  + pool.size()
                  + ")")
          + (others.isEmpty() ? "" : "; " + String.join("; ", others));
    }

    // The whole visible schema's size, computed and kept as a question's decision computes it.
    void sizeTheSchema() {
      visible = new Visibility(policy, command.user()).visible(ports.catalogs().read(source));
      decide(Optional.empty());
    }

    // A whole schema's sample rows take at most SAMPLE_SHARE of its own tokens (SAMPLE_FLOOR on a
    // tiny one, where a share would be none): as many rows per table as fit, so that showing a
    // small schema whole stays near the bare prompt's cost.
    private PromptContext withinSampleShare(PromptContext context, long schemaTokens) {
      long allowed = schemaTokens + Math.max(Math.round(schemaTokens * SAMPLE_SHARE), SAMPLE_FLOOR);
      for (int rows = settings.sampleRows(); rows > 0; rows--) {
        PromptContext cut = context.withSampleRows(rows);
        if (ports.tokens().count(SchemaText.createTables(cut)) <= allowed) {
          if (rows < settings.sampleRows()) {
            notes.add(
                "sample rows cut to "
                    + rows
                    + " per table: a whole schema's samples take at most "
                    + Math.round(100 * SAMPLE_SHARE)
                    + "% of its tokens (or "
                    + SAMPLE_FLOOR
                    + ")");
          }
          return cut;
        }
      }
      if (settings.sampleRows() > 0) {
        notes.add("no sample rows: one row per table would exceed the whole schema's share");
      }
      return context.withSampleRows(0);
    }

    // The whole visible schema, rendered as prompts show it (descriptions, keys; no samples), in
    // tokens: within the budget the prompt shows it whole.
    private SchemaView decide(Optional<AskQuestionUseCase.Baseline> baseline) {
      List<String> everything = ContextBuilder.everything(visible);
      // Rendering a large schema costs more than comparing it: the same schema, the same size. Its
      // rendering shows no examples, so a question whose own example is hidden shares the size.
      long tokens =
          wholeSchemaTokens.computeIfAbsent(
              new SchemaKey(
                  visible,
                  new CuratedContext(
                      curated.descriptions(),
                      curated.valueDescriptions(),
                      curated.hints(),
                      List.of(),
                      curated.valuesWithheld())),
              k -> schemaTokens(everything));
      int columns = visible.columnCount();
      if (baseline.isPresent()) {
        int limit = baseline.get().tokenLimit();
        baselineColumns = everything;
        if (limit > 0 && tokens > limit) {
          baselineColumns = fitting(limit);
          notes.add(
              "the whole schema ("
                  + tokens
                  + " tokens) exceeds the baseline's limit of "
                  + limit
                  + ": the prompt shows the "
                  + baselineColumns.size()
                  + " columns of the first tables that fit");
        }
        return new SchemaView(
            SchemaView.Way.BASELINE,
            tokens,
            limit,
            ports.tokens().tokenizer(),
            baselineColumns.size(),
            columns);
      }
      int budget = settings.wholeSchemaTokens();
      SchemaView.Way way =
          budget > 0 && tokens <= budget ? SchemaView.Way.WHOLE_SCHEMA : SchemaView.Way.RETRIEVAL;
      return new SchemaView(way, tokens, budget, ports.tokens().tokenizer(), 0, columns);
    }

    // Whole tables in catalog order while their rendering stays within the limit.
    private List<String> fitting(int limit) {
      List<String> kept = new ArrayList<>();
      for (dev.parlance.domain.catalog.Table t : visible.tables()) {
        List<String> with = new ArrayList<>(kept);
        t.columns()
            .forEach(
                c ->
                    with.add(
                        dev.parlance.domain.catalog.Names.key(t.name())
                            + "."
                            + dev.parlance.domain.catalog.Names.key(c.name())));
        if (schemaTokens(with) > limit) {
          break;
        }
        kept = with;
      }
      return kept;
    }

    private long schemaTokens(List<String> columns) {
      String text =
          SchemaText.createTables(
              new ContextBuilder(ports.governedReads(), ports.embedder())
                  .build(
                      source,
                      policy,
                      command.user(),
                      command.question(),
                      visible,
                      columns,
                      List.of(),
                      curated,
                      settings.schemaOnly()));
      return schemaTokens.computeIfAbsent(text, ports.tokens()::count);
    }

    private <T> T join(Future<T> future) {
      try {
        return future.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while asking the language model", e);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof RuntimeException r) {
          throw r;
        }
        throw new IllegalStateException(e.getCause());
      }
    }

    private long wall() {
      return (System.nanoTime() - started) / 1_000_000;
    }

    private Optional<HallucinatedSchema> hallucinate() {
      if (!settings.hallucinate()) {
        return Optional.empty();
      }
      Hallucination h =
          new HallucinateSchemaService(ledgerPort("hallucination"), ports.hallucinationExamples())
              .hallucinateWithUsage(command.searchText());
      return h.schema().isEmpty() ? Optional.empty() : Optional.of(h.schema());
    }

    /**
     * The follow-up restated by the model as one question that needs no conversation to be
     * understood; empty when the model gave nothing usable (then stewards read the fragment with
     * the earlier question beside it).
     */
    private Optional<String> restate() {
      AskQuestionUseCase.Exchange earlier = command.previous().orElseThrow();
      try {
        var completions =
            ledger.complete(
                "restatement",
                CompletionRequest.of(RESTATE_SYSTEM, restatePrompt(earlier, command.question()))
                    .withTemperature(0)
                    .withMaxTokens(120));
        if (completions.isEmpty()) {
          return Optional.empty();
        }
        String text =
            said(completions.first().text()).replaceAll("^(?i)stand-alone question:\\s*", "");
        boolean usable =
            !text.isBlank()
                && text.length() <= 2000
                && !text.regionMatches(true, 0, "SELECT", 0, 6)
                && !text.regionMatches(true, 0, "WITH ", 0, 5);
        return usable ? Optional.of(text) : Optional.empty();
      } catch (RuntimeException e) {
        notes.add("the follow-up could not be restated: " + e.getMessage());
        return Optional.empty();
      }
    }

    // The hallucination service calls the model itself; its calls go through the ledger.
    private CompleteChatPort ledgerPort(String stage) {
      return request -> ledger.complete(stage, request);
    }

    private List<String> retrieve(Optional<HallucinatedSchema> hallucination, int budget) {
      return ledger.time(
          "retrieval",
          () -> {
            dev.parlance.application.retrieval.SchemaSelection selection =
                ports
                    .retriever()
                    .retrieve(
                        new RetrievalQuery(
                            source.name(),
                            command.searchText(),
                            hallucination,
                            RetrievalMode.DEFAULT,
                            budget));
            if (selection.lexicalOnly() && !notes.contains(LEXICAL_NOTE)) {
              notes.add(LEXICAL_NOTE);
            }
            return withPreviousColumns(selection.columnIds());
          });
    }

    // A follow-up ("only the corrective ones") keeps what the earlier SQL read: its columns, as
    // the parser reads them, join the retrieved ones.
    private List<String> withPreviousColumns(List<String> found) {
      Optional<String> sql = command.previous().flatMap(AskQuestionUseCase.Exchange::sql);
      if (sql.isEmpty()) {
        return found;
      }
      SqlShape shape = ports.analyzer().analyze(sql.get(), visible);
      if (!shape.readable()) {
        notes.add("the earlier SQL could not be read: " + shape.problem().orElse(""));
        return found;
      }
      java.util.LinkedHashSet<String> columns = new java.util.LinkedHashSet<>(found);
      shape.columns().stream().sorted().forEach(columns::add);
      return List.copyOf(columns);
    }

    private PromptContext context(
        List<String> selected, List<ValueMatch> values, AskSettings asked) {
      return ledger.time(
          "context",
          () ->
              new ContextBuilder(ports.governedReads(), ports.embedder())
                  .build(
                      source,
                      policy,
                      command.user(),
                      command.question(),
                      visible,
                      selected,
                      values,
                      curated,
                      asked)
                  .following(command.previous()));
    }

    // What a question that stopped before its prompt was built (queued) tells.
    private Answer.Trace trace() {
      return new Answer.Trace(
          source.name(),
          command.question(),
          settings.strategy(),
          List.of(),
          List.of(),
          List.of(),
          ledger.reports(),
          notes,
          wall(),
          ledger.llmBusyMillis(),
          view);
    }

    private Answer.Trace trace(PromptContext context, List<Candidate> pool) {
      return new Answer.Trace(
          source.name(),
          command.question(),
          settings.strategy(),
          pool.stream().map(Candidate::report).toList(),
          shownColumns.isEmpty() ? context.columnIds() : shownColumns,
          context.values(),
          ledger.reports(),
          notes,
          wall(),
          ledger.llmBusyMillis(),
          view);
    }

    private Answer result(PromptContext context, List<Candidate> pool, ExecutionVote.Result vote) {
      if (vote.winner().isEmpty() && pool.stream().anyMatch(Candidate::answerless)) {
        Candidate answerless =
            pool.stream().filter(Candidate::answerless).findFirst().orElseThrow();
        String sql = answerless.draft.get().sql();
        suggestCuration(sql);
        String reason = modelsReason(answerless.draft.get());
        return Answer.cannotAnswer(
            trace(context, pool),
            "cannot answer from this source"
                + (reason.isEmpty() ? "" : "; the model said: " + reason)
                + " (its SQL reads no table or selects only constants: "
                + SqlText.oneLine(sql)
                + "); the question went to the source's stewards as a curation suggestion");
      }
      if (vote.winner().isEmpty()) {
        String why =
            pool.stream()
                .filter(c -> c.outcome != null)
                .map(c -> Candidate.problem(c.outcome))
                .findFirst()
                .orElseGet(
                    () ->
                        "the language model gave no usable SQL"
                            + ledger.repliesWithoutSql().stream()
                                .map(QuestionPipelineService::said)
                                .filter(r -> !r.isEmpty())
                                .findFirst()
                                .map(r -> "; it said: " + r)
                                .orElse(""));
        return Answer.noAnswer(trace(context, pool), readings(pool, vote, 0), why);
      }
      ExecutionVote.Group winner = vote.winner().get();
      Candidate chosen = pool.get(winner.first());
      QueryResult full = ((QueryOutcome.Ran) chosen.outcome).result();
      QueryResult shown = capped(full);
      boolean sure = vote.sure(settings.confidenceThreshold());
      String explanation =
          pool.stream()
              .filter(c -> winner.members().contains(c.index))
              .map(c -> c.draft.flatMap(Strategy.Draft::explanation))
              .flatMap(Optional::stream)
              .findFirst()
              .orElseGet(() -> describe(chosen.shape, full));
      String sql = chosen.draft.get().sql();
      Answer answer =
          sure
              ? Answer.answered(
                  trace(context, pool),
                  sql,
                  shown,
                  vote.confidence(),
                  readings(pool, vote, 1),
                  explanation)
              : Answer.unsure(
                  trace(context, pool),
                  sql,
                  shown,
                  vote.confidence(),
                  readings(pool, vote, 0),
                  explanation);
      return answer.withAllRows(
          full, AccessInWords.of(policy, command.user(), full.sqlRun(), curated));
    }

    // The model's own words beside a constant answer: its explanation, else its prose.
    private static String modelsReason(Strategy.Draft draft) {
      return said(draft.explanation().orElseGet(() -> draft.answer().replace(draft.sql(), "")));
    }

    // Staff asked something no view covers: the stewards' queue gets it, once while pending.
    private void suggestCuration(String sql) {
      // A follow-up reaches the stewards as a question of its own, never as its fragment.
      String asked =
          restated.orElseGet(
              () ->
                  command
                      .previous()
                      .map(p -> p.question() + " Follow-up: " + command.question())
                      .orElse(command.question()));
      String target = asked.length() > 400 ? asked.substring(0, 399) + "…" : asked;
      try {
        boolean queued =
            ports.suggestions().list(source.name(), SuggestionStatus.PENDING).stream()
                .anyMatch(s -> s.kind() == SuggestionKind.UNANSWERED && s.target().equals(target));
        if (queued) {
          return;
        }
        ports
            .suggestions()
            .add(
                List.of(
                    Suggestion.pending(
                        SuggestionKind.UNANSWERED,
                        target,
                        "staff asked \""
                            + SqlText.oneLine(asked)
                            + "\"; no view covers it (the model wrote "
                            + SqlText.oneLine(sql)
                            + ")",
                        Curation.empty(source.name()),
                        Instant.now())));
      } catch (RuntimeException e) {
        notes.add("the curation suggestion could not be stored: " + e.getMessage());
      }
    }

    private List<Reading> readings(List<Candidate> pool, ExecutionVote.Result vote, int skip) {
      List<Reading> out = new ArrayList<>();
      for (ExecutionVote.Group g :
          vote.groups().subList(Math.min(skip, vote.groups().size()), vote.groups().size())) {
        Candidate c = pool.get(g.first());
        QueryResult r = ((QueryOutcome.Ran) c.outcome).result();
        out.add(
            new Reading(
                c.draft.get().sql(),
                g.size(),
                (double) g.size() / Math.max(1, vote.total()),
                r.rowCount(),
                r.rows().subList(0, Math.min(PREVIEW_ROWS, r.rowCount())),
                r.columns().stream()
                    .map(dev.parlance.domain.governance.ResultColumn::name)
                    .toList(),
                c.draft
                    .flatMap(Strategy.Draft::explanation)
                    .map(QuestionPipelineService::said)
                    .filter(e -> !e.isEmpty())
                    .orElseGet(() -> describe(c.shape, r))));
      }
      return out;
    }

    private QueryResult capped(QueryResult r) {
      if (r.rowCount() <= settings.shownRows()) {
        return r;
      }
      // The rows shown are cut at shown-rows, whatever else cut the result: both are said.
      List<ResultCut> cuts = new ArrayList<>();
      cuts.add(new ResultCut(ResultCut.Reason.ROWS, settings.shownRows(), settings.shownRows()));
      r.cuts().stream().filter(c -> c.reason() != ResultCut.Reason.ROWS).forEach(cuts::add);
      return new QueryResult(
          r.columns(),
          r.rows().subList(0, settings.shownRows()),
          true,
          r.elapsedMs(),
          r.sqlAsked(),
          r.sqlRun(),
          cuts);
    }
  }

  static final String RESTATE_SYSTEM =
      "You rewrite the follow-up of a conversation about a database as one stand-alone question"
          + " that says everything the follow-up means, in the user's own language and words."
          + " Answer with the question only: no SQL, no explanation.";

  /** The restatement's prompt: the earlier question and the follow-up. */
  static String restatePrompt(AskQuestionUseCase.Exchange earlier, String followUp) {
    return "Earlier question: "
        + earlier.question()
        + earlier.sql().map(sql -> "\nEarlier SQL: " + SqlText.oneLine(sql)).orElse("")
        + "\nFollow-up: "
        + followUp
        + "\nStand-alone question:";
  }

  /**
   * What a model said, as a user reads it: one line, without code fences or the labels of the
   * prompt's format, at most 400 characters.
   */
  static String said(String text) {
    if (text == null) {
      return "";
    }
    String plain =
        text.replaceAll("(?s)```[a-zA-Z]*", " ")
            .replaceAll("(?im)^\\s*(Explanation|Answer|SQLQuery|SQL)\\s*:", " ")
            .replaceAll("\\s+", " ")
            .strip();
    return plain.length() > 400 ? plain.substring(0, 399) + "…" : plain;
  }

  // When the model wrote no explanation: what the parse of the SQL says it reads.
  static String describe(SqlShape shape, QueryResult result) {
    StringBuilder s = new StringBuilder("The query reads ");
    if (shape == null || shape.tables().isEmpty()) {
      s.append("the source");
    } else {
      s.append(shape.tables().size() == 1 ? "table " : "tables ")
          .append(String.join(", ", shape.tables().stream().sorted().toList()));
      if (!shape.columns().isEmpty()) {
        s.append(" (columns ")
            .append(String.join(", ", shape.columns().stream().sorted().toList()))
            .append(')');
      }
    }
    s.append(" and returns ")
        .append(result.rowCount())
        .append(result.rowCount() == 1 ? " row" : " rows")
        .append(shape != null && shape.orderedAtTop() ? ", in the order it specifies." : ".");
    return s.toString();
  }
}
