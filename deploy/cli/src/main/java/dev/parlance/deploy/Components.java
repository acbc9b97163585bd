package dev.parlance.deploy;

import dev.parlance.adapters.db.benchmark.BenchmarkData;
import dev.parlance.adapters.db.curation.CurationFiles;
import dev.parlance.adapters.db.demo.DemoDatabase;
import dev.parlance.adapters.db.evaluation.BenchmarkExecution;
import dev.parlance.adapters.db.governance.Governance;
import dev.parlance.adapters.db.governance.QueryExecution;
import dev.parlance.adapters.db.jdbc.Catalogs;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.sql.SqlParsing;
import dev.parlance.adapters.db.store.MetadataStore;
import dev.parlance.adapters.index.lucene.LuceneIndexes;
import dev.parlance.adapters.llm.LanguageModels;
import dev.parlance.adapters.llm.embedding.EmbeddingModelChoice;
import dev.parlance.adapters.llm.embedding.OnnxEmbeddings;
import dev.parlance.adapters.llm.tokens.Tokenizers;
import dev.parlance.application.ask.AskQuestionService;
import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.benchmark.GovernanceBenchmarkService;
import dev.parlance.application.benchmark.GovernanceBenchmarkUseCase;
import dev.parlance.application.benchmark.RetrievalBenchmarkService;
import dev.parlance.application.benchmark.RetrievalBenchmarkUseCase;
import dev.parlance.application.curation.CuratedCatalogService;
import dev.parlance.application.curation.CuratedContextService;
import dev.parlance.application.curation.CuratedViewExpansion;
import dev.parlance.application.curation.CurationRecallService;
import dev.parlance.application.curation.CurationRecallUseCase;
import dev.parlance.application.curation.EditCurationService;
import dev.parlance.application.curation.EditCurationUseCase;
import dev.parlance.application.curation.PublishCurationService;
import dev.parlance.application.curation.PublishCurationUseCase;
import dev.parlance.application.curation.ReadCurationService;
import dev.parlance.application.curation.ReadCurationUseCase;
import dev.parlance.application.curation.SuggestCurationService;
import dev.parlance.application.curation.SuggestCurationUseCase;
import dev.parlance.application.curation.ValidateCurationService;
import dev.parlance.application.curation.ValidateCurationUseCase;
import dev.parlance.application.evaluation.EvaluatePipelineService;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase;
import dev.parlance.application.evaluation.ScorePredictionsService;
import dev.parlance.application.evaluation.ScorePredictionsUseCase;
import dev.parlance.application.evaluation.UnionSource;
import dev.parlance.application.query.RunQueryService;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.application.retrieval.HallucinateSchemaService;
import dev.parlance.application.retrieval.HallucinationExamples;
import dev.parlance.application.retrieval.IndexSchemaService;
import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.RecentEmbeddings;
import dev.parlance.application.retrieval.RetrievalSettings;
import dev.parlance.application.retrieval.RetrieveSchemaService;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.retrieval.SourceSchemaService;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CountTokensPort;
import dev.parlance.domain.curation.AnswerQuestionPort;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationFilePort;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.evaluation.LoadEvaluationBenchmarkPort;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import dev.parlance.domain.governance.FindAuditPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.question.CuratedContextPort;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The composition root: builds each adapter once, on first use, and wires the use cases. One
 * instance per command-line run; close it to release the index, the store and open connections.
 */
public final class Components implements AutoCloseable {

  // Sample values per text column read with a catalog: enough to show formats and codes.
  private static final int CATALOG_SAMPLES = 5;

  private final ParlanceHome home;
  private final Settings settings;
  private EmbedTextPort embedder;
  private LuceneIndexes.SchemaIndex index;
  private LuceneIndexes.ValueIndex valueIndex;
  private MetadataStore store;
  private QueryExecution execution;
  private Governance.RawQueries rawQueries;

  public Components(ParlanceHome home, Settings settings) {
    this.home = home;
    this.settings = settings;
  }

  public ParlanceHome home() {
    return home;
  }

  public synchronized EmbedTextPort embedder() {
    if (embedder == null) {
      embedder =
          new RecentEmbeddings(
              OnnxEmbeddings.create(EmbeddingModelChoice.parse(settings.embeddingModel())));
    }
    return embedder;
  }

  /** The configured embedding model's id, without loading it. */
  public String embeddingModelId() {
    return EmbeddingModelChoice.parse(settings.embeddingModel()).id();
  }

  public synchronized LuceneIndexes.SchemaIndex index() {
    if (index == null) {
      index = LuceneIndexes.open(home.index());
    }
    return index;
  }

  /** Distinct values of the sources' text columns, next to the schema index (docs/ask.md). */
  public synchronized LuceneIndexes.ValueIndex valueIndex() {
    if (valueIndex == null) {
      valueIndex = LuceneIndexes.openValues(home.valueIndex());
    }
    return valueIndex;
  }

  public LlmSettings llmSettings() {
    return new LlmSettings(settings);
  }

  /**
   * The language model a command asked for ({@code --llm}), else its source's, else the default;
   * empty when none is configured (the caller says how to configure one).
   */
  public Optional<CompleteChatPort> llm(Optional<String> profile, Optional<String> source) {
    return llmSettings().choose(profile, source).map(choice -> llm(choice));
  }

  public CompleteChatPort llm(LlmSettings.LlmChoice choice) {
    return LanguageModels.create(choice.chain());
  }

  /**
   * CRUSH4SQL's hallucination over a model; examples per {@code
   * parlance.llm.hallucination.examples}.
   */
  public HallucinateSchemaService hallucinateSchema(CompleteChatPort llm) {
    return new HallucinateSchemaService(
        llm,
        HallucinationExamples.parse(
            settings.get("parlance.llm.hallucination.examples", "general")));
  }

  public IndexSchemaUseCase indexSchema() {
    return new IndexSchemaService(embedder(), index());
  }

  public RetrieveSchemaUseCase retrieveSchema(RetrievalSettings retrieval) {
    return new RetrieveSchemaService(embedder(), index(), Optional.empty(), retrieval);
  }

  /** Live catalogs of configured sources, with a few sample values per text column. */
  public ReadCatalogPort liveCatalog() {
    return Catalogs.jdbc(new JdbcConnections(settings::environmentValue), CATALOG_SAMPLES);
  }

  /**
   * Catalogs as prompts and retrieval should see them: a curated source's published views and
   * descriptions in place of the base tables they read; other sources as they are.
   */
  public CuratedCatalogService readCatalog() {
    return new CuratedCatalogService(liveCatalog(), publishedCuration(), execution(), policies());
  }

  public SourceSchemaUseCase sourceSchema(RetrievalSettings retrieval) {
    return new SourceSchemaService(
        dataSources(),
        readCatalog(),
        indexSchema(),
        index(),
        embedder(),
        retrieveSchema(retrieval),
        publishedCuration(),
        SqlParsing.queryColumns());
  }

  public RetrievalBenchmarkUseCase retrievalBenchmark(RetrievalSettings retrieval) {
    return new RetrievalBenchmarkService(
        BenchmarkData.retrievalBenchmarks(), indexSchema(), retrieveSchema(retrieval));
  }

  public LoadEvaluationBenchmarkPort evaluationBenchmarks() {
    return BenchmarkData.executionBenchmarks();
  }

  public ScorePredictionsUseCase scorePredictions() {
    return new ScorePredictionsService(
        evaluationBenchmarks(),
        BenchmarkData.predictionFiles(),
        BenchmarkExecution.readOnly(new JdbcConnections()));
  }

  /**
   * The question pipeline over a benchmark, scored (bench e2e). Benchmark databases become sources
   * named {@code bench-<db>} of this installation; gold queries and predictions are scored on the
   * raw database, read-only, as the official evaluators run them.
   */
  public EvaluatePipelineUseCase evaluatePipeline(AskSettings ask) {
    JdbcConnections connections = new JdbcConnections(settings::environmentValue);
    return new EvaluatePipelineService(
        new EvaluatePipelineService.Ports(
            evaluationBenchmarks(),
            BenchmarkData.verifiedQuestions(),
            dataSources(),
            () -> askQuestion(ask, quietSuggestions()),
            BenchmarkExecution.readOnly(connections),
            new CuratedCatalogService(
                Catalogs.jdbc(connections, 0), publishedCuration(), execution(), policies(), 0),
            SqlParsing.analyzer(),
            policies(),
            publishedCuration(),
            BenchmarkData.retrievalBenchmarks(),
            union -> unionPipeline(union, ask)));
  }

  /**
   * The question pipeline over a union of benchmark databases (bench e2e --dataset spiderunion):
   * the union's schema for catalog and index, each candidate run on the question's own database
   * with its qualifier removed, no sample rows or values (docs/evaluation.md).
   */
  AskQuestionUseCase unionPipeline(UnionSource union, AskSettings ask) {
    JdbcConnections connections = new JdbcConnections(settings::environmentValue);
    RetrievalSettings retrieval = RetrievalSettings.defaults();
    ReadCatalogPort catalogs = union.catalogs(Catalogs.jdbc(connections, 0));
    return new AskQuestionService(
        new AskQuestionService.Ports(
            dataSources(),
            policies(),
            catalogs,
            new SourceSchemaService(
                dataSources(),
                catalogs,
                indexSchema(),
                index(),
                embedder(),
                retrieveSchema(retrieval),
                PublishedCurationPort.none(),
                SqlParsing.queryColumns()),
            index(),
            embedder(),
            retrieveSchema(retrieval),
            union.values(Catalogs.values(connections)),
            valueIndex(),
            valueIndex(),
            execution(),
            new RunQueryService(
                dataSources(),
                policies(),
                union.questionReads(execution()),
                store().audit(),
                Clock.systemUTC()),
            SqlParsing.analyzer(),
            CuratedContextPort.none(),
            HallucinationExamples.parse(
                settings.get("parlance.llm.hallucination.examples", "general")),
            promptTokens(),
            quietSuggestions()),
        ask.withoutDataSamples());
  }

  /** The log of one strategy's pipeline run over a benchmark. */
  public PipelineRunLogPort runLog(Path file) {
    return BenchmarkData.runLog(file);
  }

  /**
   * The metadata store, opened (and migrated) on first use. On the store's first start the demo
   * database is generated and registered as source {@code demo} with its starting policy.
   */
  public synchronized MetadataStore store() {
    if (store == null) {
      String url = settings.storeUrl();
      if (url.isBlank()) {
        url = MetadataStore.embeddedUrl(home.metadata());
      }
      store =
          MetadataStore.open(
              url,
              credential(settings.storeUserVariable()),
              credential(settings.storePasswordVariable()),
              MetadataStore.AuditMode.parse(settings.auditMode()));
      if (store.createdNow()) {
        Path demo = DemoDatabase.ensure(home.databases());
        store.dataSources().save(DemoDatabase.source(demo));
        store.policies().publish(DemoDatabase.policy(), "parlance");
        publishDemoCuration();
      } else {
        regenerateMissingDemo();
      }
    }
    return store;
  }

  // The demo is generated data: if its file was deleted, make it again rather than fail. A store
  // made before curation existed gets the demo's curation once.
  private void regenerateMissingDemo() {
    Path expected = home.databases().resolve(DemoDatabase.FILE_NAME);
    Optional<DataSource> demo = store.dataSources().find(DemoDatabase.SOURCE_NAME);
    boolean ours =
        demo.isPresent() && demo.get().jdbcUrl().equals(DemoDatabase.source(expected).jdbcUrl());
    if (ours && !Files.exists(expected)) {
      DemoDatabase.ensure(home.databases());
    }
    if (ours && store.curation().latestVersion(DemoDatabase.SOURCE_NAME) == 0) {
      publishDemoCuration();
    }
  }

  // The shipped curation is proven by DemoCurationRowsTest; publishing it skips validation to keep
  // the first start fast, and the index is built on the first search.
  private void publishDemoCuration() {
    Curation demo = curationFiles().read(DemoDatabase.curationYaml());
    store.curation().publish(demo, "parlance", "the demo's shipped curation", true);
  }

  private String credential(String variable) {
    if (variable == null || variable.isBlank()) {
      return "";
    }
    String value = settings.environmentValue(variable);
    if (value == null) {
      throw new IllegalArgumentException(
          "the metadata store's credentials are read from environment variable "
              + variable
              + ", which is not set");
    }
    return value;
  }

  public DataSourcesPort dataSources() {
    return store().dataSources();
  }

  public GovernancePoliciesPort policies() {
    return store().policies();
  }

  public FindAuditPort auditTrail() {
    return store().auditTrail();
  }

  /**
   * Governed execution on the sources' databases; a query over a source's published views runs with
   * each used view expanded into a {@code WITH} clause over base tables.
   */
  public synchronized QueryExecution execution() {
    if (execution == null) {
      execution =
          Governance.jdbc(
              new JdbcConnections(settings::environmentValue),
              new CuratedViewExpansion(publishedCuration()));
    }
    return execution;
  }

  // ---- curation (views, descriptions, verified questions)

  public CurationFilePort curationFiles() {
    return CurationFiles.yaml();
  }

  public CurationStorePort curation() {
    return store().curation();
  }

  /** The published curations, read lazily so that execution does not open the store early. */
  public PublishedCurationPort publishedCuration() {
    return source -> store().curation().published(source);
  }

  public EditCurationUseCase editCuration() {
    return new EditCurationService(dataSources(), curation(), curationFiles());
  }

  public ReadCurationUseCase readCuration() {
    return new ReadCurationService(dataSources(), curation(), curationFiles());
  }

  public ValidateCurationUseCase validateCuration() {
    return new ValidateCurationService(dataSources(), policies(), execution());
  }

  /**
   * The question pipeline as regression sees it: when a language model is configured for the source
   * (and {@code parlance.curation.pipeline-regression} is not {@code false}), publishing asks the
   * pipeline each approved verified question and reports whether its answer agrees.
   */
  public AnswerQuestionPort questionPipeline() {
    if (settings.get("parlance.curation.pipeline-regression", "true").equalsIgnoreCase("false")) {
      return AnswerQuestionPort.none();
    }
    return (source, question) ->
        llm(Optional.empty(), Optional.of(source))
            .flatMap(
                model ->
                    askQuestion()
                        .ask(
                            AskQuestionUseCase.Command.of(
                                source, question, ValidateCurationService.STEWARD),
                            model)
                        .sql());
  }

  public PublishCurationUseCase publishCuration() {
    return new PublishCurationService(
        dataSources(),
        policies(),
        curation(),
        validateCuration(),
        execution(),
        questionPipeline(),
        () -> sourceSchema(RetrievalSettings.defaults()));
  }

  public SuggestCurationUseCase suggestCuration(Optional<String> llmProfile, String source) {
    return new SuggestCurationService(
        dataSources(),
        liveCatalog(),
        () -> llm(llmProfile, Optional.of(source)),
        execution(),
        policies(),
        editCuration(),
        store().suggestions(),
        Clock.systemUTC());
  }

  public CurationRecallUseCase curationRecall(RetrievalSettings retrieval) {
    return new CurationRecallService(
        dataSources(),
        publishedCuration(),
        liveCatalog(),
        readCatalog(),
        SqlParsing.queryColumns(),
        indexSchema(),
        retrieveSchema(retrieval));
  }

  public RunQueryUseCase runQuery() {
    return new RunQueryService(
        dataSources(), policies(), execution(), store().audit(), Clock.systemUTC());
  }

  public AskSettingsReader askSettings() {
    return new AskSettingsReader(settings);
  }

  /**
   * The question pipeline, over the curated vocabulary: a curated source's catalog is its published
   * views (structure only: no sample rows are read per question), and prompts carry its
   * descriptions, value dictionaries, hints and verified questions.
   */
  public AskQuestionUseCase askQuestion() {
    return askQuestion(askSettings().defaults());
  }

  public AskQuestionUseCase askQuestion(AskSettings ask) {
    // One pipeline per settings: it remembers schema sizes and which sources needed retrieval.
    return askers.computeIfAbsent(ask, a -> askQuestion(a, store().suggestions()));
  }

  private final Map<AskSettings, AskQuestionUseCase> askers =
      new java.util.concurrent.ConcurrentHashMap<>();

  private AskQuestionUseCase askQuestion(AskSettings ask, SuggestionsPort suggestions) {
    JdbcConnections connections = new JdbcConnections(settings::environmentValue);
    RetrievalSettings retrieval = RetrievalSettings.defaults();
    return new AskQuestionService(
        new AskQuestionService.Ports(
            dataSources(),
            policies(),
            new CuratedCatalogService(
                Catalogs.jdbc(connections, 0), publishedCuration(), execution(), policies(), 0),
            sourceSchema(retrieval),
            index(),
            embedder(),
            retrieveSchema(retrieval),
            Catalogs.values(connections),
            valueIndex(),
            valueIndex(),
            execution(),
            runQuery(),
            SqlParsing.analyzer(),
            new CuratedContextService(publishedCuration()),
            HallucinationExamples.parse(
                settings.get("parlance.llm.hallucination.examples", "general")),
            promptTokens(),
            suggestions),
        ask);
  }

  // Benchmark runs do not write into stewards' queues.
  private static SuggestionsPort quietSuggestions() {
    return new SuggestionsPort() {
      @Override
      public List<Suggestion> add(List<Suggestion> suggestions) {
        return suggestions;
      }

      @Override
      public List<Suggestion> list(String source, SuggestionStatus status) {
        return List.of();
      }

      @Override
      public Optional<Suggestion> find(String source, long id) {
        return Optional.empty();
      }

      @Override
      public Suggestion decide(String source, long id, SuggestionStatus decision, String steward) {
        throw new IllegalStateException("benchmark runs keep no suggestions");
      }
    };
  }

  /**
   * Counts prompt tokens for the adaptive context's whole-schema budget: OpenAI's o200k tokenizer,
   * offline, whatever the vendor (a measure of size, not a bill).
   */
  public CountTokensPort promptTokens() {
    return Tokenizers.openAi("gpt-4o");
  }

  public synchronized GovernanceBenchmarkUseCase governanceBenchmark() {
    if (rawQueries == null) {
      rawQueries = Governance.raw(new JdbcConnections(settings::environmentValue));
    }
    return new GovernanceBenchmarkService(
        dataSources(),
        Catalogs.jdbc(new JdbcConnections(settings::environmentValue), 0),
        rawQueries,
        runQuery());
  }

  @Override
  public synchronized void close() {
    if (index != null) {
      index.close();
      index = null;
    }
    if (valueIndex != null) {
      valueIndex.close();
      valueIndex = null;
    }
    if (execution != null) {
      execution.close();
      execution = null;
    }
    if (rawQueries != null) {
      rawQueries.close();
      rawQueries = null;
    }
    if (store != null) {
      store.close();
      store = null;
    }
  }
}
