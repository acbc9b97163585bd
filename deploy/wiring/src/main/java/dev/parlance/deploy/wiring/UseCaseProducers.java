package dev.parlance.deploy.wiring;

import dev.parlance.adapters.db.demo.DemoDatabase;
import dev.parlance.application.ask.AskQuestionService;
import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.ask.PromptSizeBenchmark;
import dev.parlance.application.ask.PromptSizeUseCase;
import dev.parlance.application.ask.QuestionPipeline;
import dev.parlance.application.ask.QuestionPipelineService;
import dev.parlance.application.benchmark.GovernanceBenchmarkService;
import dev.parlance.application.benchmark.GovernanceBenchmarkUseCase;
import dev.parlance.application.benchmark.RetrievalBenchmarkService;
import dev.parlance.application.benchmark.RetrievalBenchmarkUseCase;
import dev.parlance.application.curation.CuratedContextService;
import dev.parlance.application.curation.CurationJobsService;
import dev.parlance.application.curation.CurationJobsUseCase;
import dev.parlance.application.curation.CurationQualityService;
import dev.parlance.application.curation.CurationQualityUseCase;
import dev.parlance.application.curation.CurationRecallService;
import dev.parlance.application.curation.CurationRecallUseCase;
import dev.parlance.application.curation.EditCurationService;
import dev.parlance.application.curation.EditCurationUseCase;
import dev.parlance.application.curation.ModelRegressionService;
import dev.parlance.application.curation.ModelRegressionUseCase;
import dev.parlance.application.curation.PublishCurationService;
import dev.parlance.application.curation.PublishCurationUseCase;
import dev.parlance.application.curation.QualityAfterPublish;
import dev.parlance.application.curation.ReadCurationService;
import dev.parlance.application.curation.ReadCurationUseCase;
import dev.parlance.application.curation.StewardCurationUseCase;
import dev.parlance.application.curation.StoredCurationQualityUseCase;
import dev.parlance.application.curation.SuggestCurationService;
import dev.parlance.application.curation.SuggestCurationUseCase;
import dev.parlance.application.curation.ValidateCurationService;
import dev.parlance.application.curation.ValidateCurationUseCase;
import dev.parlance.application.evaluation.EvaluatePipelineService;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase;
import dev.parlance.application.evaluation.EvaluationJobsService;
import dev.parlance.application.evaluation.EvaluationJobsUseCase;
import dev.parlance.application.evaluation.PipelineBenchmarkService;
import dev.parlance.application.evaluation.PipelineBenchmarkUseCase;
import dev.parlance.application.evaluation.ScorePredictionsService;
import dev.parlance.application.evaluation.ScorePredictionsUseCase;
import dev.parlance.application.evaluation.report.ReportDocumentsService;
import dev.parlance.application.evaluation.report.ReportDocumentsUseCase;
import dev.parlance.application.evaluation.report.ReportFilesPort;
import dev.parlance.application.governance.ManagePoliciesService;
import dev.parlance.application.governance.ManagePoliciesUseCase;
import dev.parlance.application.governance.ReadAuditService;
import dev.parlance.application.governance.ReadAuditUseCase;
import dev.parlance.application.model.CheckLanguageModelService;
import dev.parlance.application.model.CheckLanguageModelUseCase;
import dev.parlance.application.policy.ApplyPolicyService;
import dev.parlance.application.policy.ApplyPolicyUseCase;
import dev.parlance.application.policy.LintPolicyService;
import dev.parlance.application.policy.LintPolicyUseCase;
import dev.parlance.application.query.RunQueryService;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.application.retrieval.HallucinationExamples;
import dev.parlance.application.retrieval.IndexSchemaService;
import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrievalSettings;
import dev.parlance.application.retrieval.RetrieveSchemaService;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.retrieval.SourceSchemaService;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.application.source.IndexSourceService;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.application.source.ManageSourcesService;
import dev.parlance.application.source.ManageSourcesUseCase;
import dev.parlance.application.source.PrepareAtStartService;
import dev.parlance.application.source.PrepareAtStartUseCase;
import dev.parlance.application.source.SourceChanges;
import dev.parlance.deploy.wiring.report.ReportFiles;
import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.curation.AnswerQuestionPort;
import dev.parlance.domain.curation.CurationFilePort;
import dev.parlance.domain.curation.CurationQualityStorePort;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.evaluation.BenchmarkRunsPort;
import dev.parlance.domain.evaluation.LoadEvaluationBenchmarkPort;
import dev.parlance.domain.evaluation.ReadPredictionsPort;
import dev.parlance.domain.evaluation.ReadVerifiedQuestionsPort;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import dev.parlance.domain.evaluation.WriteVerifiedQuestionsPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.FindAuditPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.ProvisionPolicyPort;
import dev.parlance.domain.governance.RecordAuditPort;
import dev.parlance.domain.governance.RunRawQueryPort;
import dev.parlance.domain.governance.SampleColumnsPort;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.QueryColumnsPort;
import dev.parlance.domain.retrieval.SearchSchemaPort;
import dev.parlance.domain.source.CheckSourcePort;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.values.IndexValuesPort;
import dev.parlance.domain.values.ReadColumnValuesPort;
import dev.parlance.domain.values.SearchValuesPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;

/**
 * The use cases every entry point calls, built from the ports once per container. Application
 * classes carry no framework annotations: they are constructed here.
 */
@ApplicationScoped
public class UseCaseProducers {

  // ---- governed SQL, sources, policies, audit

  @Produces
  @ApplicationScoped
  RunQueryUseCase runQuery(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      ExecuteQueryPort execution,
      RecordAuditPort audit) {
    return new RunQueryService(sources, policies, execution, audit, Clock.systemUTC());
  }

  @Produces
  @ApplicationScoped
  ManageSourcesUseCase manageSources(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      SourceChanges changes,
      CheckSourcePort checker,
      ParlanceSettings settings) {
    return new ManageSourcesService(
        sources, policies, changes, checker, settings.protectedLocations());
  }

  @Produces
  @ApplicationScoped
  ManagePoliciesUseCase managePolicies(DataSourcesPort sources, GovernancePoliciesPort policies) {
    return new ManagePoliciesService(sources, policies);
  }

  @Produces
  @ApplicationScoped
  ApplyPolicyUseCase applyPolicy(
      DataSourcesPort sources, GovernancePoliciesPort policies, ProvisionPolicyPort provisioning) {
    return new ApplyPolicyService(sources, policies, provisioning);
  }

  @Produces
  @ApplicationScoped
  LintPolicyUseCase lintPolicy(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      CatalogReaders catalogs,
      SampleColumnsPort samples) {
    return new LintPolicyService(sources, policies, catalogs.structure(), samples);
  }

  @Produces
  @ApplicationScoped
  ReadAuditUseCase readAudit(FindAuditPort audit) {
    return new ReadAuditService(audit);
  }

  // ---- retrieval and indexing

  @Produces
  @ApplicationScoped
  IndexSchemaUseCase indexSchema(EmbedTextPort embedder, IndexSchemaPort index) {
    return new IndexSchemaService(embedder, index);
  }

  @Produces
  @ApplicationScoped
  RetrieveSchemaUseCase retrieveSchema(EmbedTextPort embedder, SearchSchemaPort search) {
    return new RetrieveSchemaService(
        embedder, search, Optional.empty(), RetrievalSettings.defaults());
  }

  @Produces
  @ApplicationScoped
  SourceSchemaUseCase sourceSchema(
      DataSourcesPort sources,
      CatalogReaders catalogs,
      IndexSchemaUseCase indexer,
      IndexSchemaPort index,
      EmbedTextPort embedder,
      RetrieveSchemaUseCase retriever,
      PublishedCurationPort published,
      QueryColumnsPort queryColumns) {
    return new SourceSchemaService(
        sources, catalogs.curated(), indexer, index, embedder, retriever, published, queryColumns);
  }

  @Produces
  @Singleton
  @Typed(BackgroundWork.class)
  BackgroundWork backgroundWork() {
    return new BackgroundWork();
  }

  void shutdown(@Disposes BackgroundWork work) {
    work.shutdown();
  }

  @Produces
  @Singleton
  @Typed(BackgroundWork.CurationJobThreads.class)
  BackgroundWork.CurationJobThreads curationJobThreads() {
    return new BackgroundWork.CurationJobThreads();
  }

  void shutdown(@Disposes BackgroundWork.CurationJobThreads work) {
    work.shutdown();
  }

  @Produces
  @Singleton
  @Typed(IndexSourceService.class)
  IndexSourceService indexing(
      DataSourcesPort sources,
      SourceSchemaUseCase schema,
      IndexSchemaPort schemaIndex,
      EmbedTextPort embedder,
      CatalogReaders catalogs,
      ReadColumnValuesPort values,
      IndexValuesPort valueIndex,
      BackgroundWork background,
      ParlanceSettings settings) {
    return new IndexSourceService(
        sources,
        schema,
        schemaIndex,
        embedder,
        catalogs.curatedStructure(),
        values,
        valueIndex,
        background,
        settings.indexWhenChanged());
  }

  /** A server's start-up preparation: indexes, then each source's catalog and models. */
  @Produces
  @Singleton
  @Typed(PrepareAtStartUseCase.class)
  PrepareAtStartUseCase prepareAtStart(
      DataSourcesPort sources,
      IndexSourceService indexing,
      QuestionPipeline pipeline,
      LanguageModelsPort models,
      ParlanceSettings settings) {
    // A thread of its own: it waits for index builds that run on the background work's threads.
    return new PrepareAtStartService(
        sources,
        indexing,
        source -> {
          pipeline.prepare(source);
          // The source's model client made (no call is sent): a missing or broken profile is the
          // source's questions' to report.
          try {
            models.choose(
                new LanguageModelsPort.ModelRequest(
                    Optional.empty(),
                    Optional.of(source.name()),
                    Optional.empty(),
                    Optional.empty()));
          } catch (RuntimeException e) {
            // said by the first question that needs the model
          }
        },
        work -> Thread.ofVirtual().name("parlance-prepare-at-start").start(work),
        settings.indexWhenChanged());
  }

  @Produces
  @ApplicationScoped
  IndexSourceUseCase indexSource(IndexSourceService indexing) {
    return indexing;
  }

  @Produces
  @ApplicationScoped
  SourceChanges sourceChanges(IndexSourceService indexing) {
    return indexing;
  }

  // ---- asking

  @Produces
  @ApplicationScoped
  QuestionPipeline questionPipeline(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      CatalogReaders catalogs,
      EmbedTextPort embedder,
      RetrieveSchemaUseCase retriever,
      SearchValuesPort valueSearch,
      ExecuteQueryPort execution,
      RunQueryUseCase runQuery,
      AnalyzeSqlPort analyzer,
      PublishedCurationPort published,
      SuggestionsPort suggestions,
      ModelProducers.Tokenizer tokenizers,
      ParlanceSettings settings) {
    return new QuestionPipelineService(
        new QuestionPipelineService.Ports(
            sources,
            policies,
            catalogs.shared(),
            embedder,
            retriever,
            valueSearch,
            execution,
            runQuery,
            analyzer,
            new CuratedContextService(published),
            HallucinationExamples.parse(settings.hallucinationExamples()),
            tokenizers.apply(BenchmarkPipelines.PROMPT_TOKENIZER),
            suggestions),
        settings.askDefaults());
  }

  @Produces
  @ApplicationScoped
  AskQuestionUseCase askQuestion(
      DataSourcesPort sources,
      LanguageModelsPort models,
      IndexSourceUseCase indexing,
      QuestionPipeline pipeline,
      ParlanceSettings settings) {
    return new AskQuestionService(sources, models, indexing, pipeline, settings::strategyOf);
  }

  @Produces
  @ApplicationScoped
  CheckLanguageModelUseCase checkLanguageModel(LanguageModelsPort models) {
    return new CheckLanguageModelService(models);
  }

  // ---- curation

  @Produces
  @ApplicationScoped
  EditCurationUseCase editCuration(
      DataSourcesPort sources, CurationStorePort store, CurationFilePort files) {
    return new EditCurationService(sources, store, files);
  }

  @Produces
  @ApplicationScoped
  ReadCurationUseCase readCuration(
      DataSourcesPort sources, CurationStorePort store, CurationFilePort files) {
    return new ReadCurationService(sources, store, files);
  }

  @Produces
  @ApplicationScoped
  ValidateCurationUseCase validateCuration(
      DataSourcesPort sources, GovernancePoliciesPort policies, ExecuteQueryPort execution) {
    return new ValidateCurationService(sources, policies, execution);
  }

  /** Publishing validates, stores, re-indexes and runs the verified questions' SQL: no model. */
  @Produces
  @ApplicationScoped
  PublishCurationUseCase publishCuration(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      CurationStorePort store,
      ValidateCurationUseCase validator,
      ExecuteQueryPort execution,
      SourceSchemaUseCase sourceSchema,
      StoredCurationQualityUseCase quality,
      BackgroundWork background,
      ParlanceSettings settings) {
    PublishCurationUseCase publishing =
        new PublishCurationService(
            sources, policies, store, validator, execution, () -> sourceSchema);
    // Where work may go on after a command (the server), each published version's quality is
    // measured then; the command line's process ends with its command.
    return settings.indexWhenChanged()
        ? new QualityAfterPublish(publishing, quality, background)
        : publishing;
  }

  /**
   * The model-based check of verified questions: the question pipeline asked each one, its model
   * chosen for (and counted as) regressions; only when a steward starts it.
   */
  @Produces
  @ApplicationScoped
  ModelRegressionUseCase modelRegression(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      CurationStorePort store,
      ExecuteQueryPort execution,
      LanguageModelsPort models,
      QuestionPipeline pipeline,
      IndexSourceUseCase indexing,
      ModelCallsPort ledger,
      AnswerHistoryPort history) {
    AnswerQuestionPort asking =
        (source, question) ->
            models
                .choose(
                    LanguageModelsPort.ModelRequest.forSource(source)
                        .forPurpose(ModelPurpose.REGRESSION))
                .flatMap(
                    model -> {
                      // The pipeline reads the source's indexes; the indexing builds missing
                      // ones (a build under way keeps serving the last ones meanwhile).
                      if (indexing.state(source) instanceof IndexSourceUseCase.NotReady) {
                        indexing.awaitReady(source, Progress.silent());
                      }
                      return pipeline
                          .ask(
                              AskQuestionUseCase.Command.of(
                                  source, question, ValidateCurationService.STEWARD),
                              model.chat())
                          .sql();
                    });
    return new ModelRegressionService(
        sources, policies, store, execution, asking, models, ledger, history, Clock.systemUTC());
  }

  @Produces
  @ApplicationScoped
  CurationJobsUseCase curationJobs(
      StewardCurationUseCase curation,
      ModelRegressionUseCase modelRegression,
      BackgroundWork.CurationJobThreads threads) {
    return new CurationJobsService(curation, modelRegression, threads, Clock.systemUTC());
  }

  @Produces
  @ApplicationScoped
  SuggestCurationUseCase suggestCuration(
      DataSourcesPort sources,
      CatalogReaders catalogs,
      LanguageModelsPort models,
      ExecuteQueryPort execution,
      GovernancePoliciesPort policies,
      EditCurationUseCase edits,
      SuggestionsPort suggestions) {
    return new SuggestCurationService(
        sources,
        catalogs.withSamples(),
        models,
        execution,
        policies,
        edits,
        suggestions,
        Clock.systemUTC());
  }

  @Produces
  @ApplicationScoped
  CurationRecallUseCase curationRecall(
      DataSourcesPort sources,
      PublishedCurationPort published,
      CatalogReaders catalogs,
      QueryColumnsPort queryColumns,
      IndexSchemaUseCase indexer,
      RetrieveSchemaUseCase retriever) {
    return new CurationRecallService(
        sources,
        published,
        catalogs.withSamples(),
        catalogs.curated(),
        queryColumns,
        indexer,
        retriever,
        // The demo ships the base-table SQL of its verified questions (docs/design/curation.md).
        source ->
            source.equals(DemoDatabase.SOURCE_NAME)
                ? DemoDatabase.baseTableSql()
                : java.util.Map.of());
  }

  /**
   * Recall per published version, for {@code bench curation --versions} (measured each time) and
   * the curation page (kept in the metadata store once measured); one service for both.
   */
  @Produces
  @Singleton
  @Typed(CurationQualityService.class)
  CurationQualityService curationQualityService(
      DataSourcesPort sources,
      CurationStorePort store,
      CatalogReaders catalogs,
      QueryColumnsPort queryColumns,
      IndexSchemaUseCase indexer,
      RetrieveSchemaUseCase retriever,
      CurationQualityStorePort kept) {
    return new CurationQualityService(
        sources,
        store,
        catalogs.withSamples(),
        catalogs.curated(),
        queryColumns,
        indexer,
        retriever,
        kept,
        Clock.systemUTC());
  }

  @Produces
  @ApplicationScoped
  CurationQualityUseCase curationQuality(CurationQualityService quality) {
    return quality;
  }

  @Produces
  @ApplicationScoped
  StoredCurationQualityUseCase storedCurationQuality(CurationQualityService quality) {
    return quality;
  }

  // ---- benchmarks

  @Produces
  @ApplicationScoped
  RetrievalBenchmarkUseCase retrievalBenchmark(
      LoadRetrievalBenchmarkPort loader,
      IndexSchemaUseCase indexer,
      EmbedTextPort embedder,
      SearchSchemaPort search) {
    return new RetrievalBenchmarkService(
        loader,
        indexer,
        settings -> new RetrieveSchemaService(embedder, search, Optional.empty(), settings));
  }

  @Produces
  @ApplicationScoped
  dev.parlance.application.ask.RetrieverThresholdsUseCase retrieverThresholds(
      LoadRetrievalBenchmarkPort loader, EmbedTextPort embedder) {
    return new dev.parlance.application.ask.RetrieverThresholdsBenchmark(loader, embedder);
  }

  @Produces
  @ApplicationScoped
  PromptSizeUseCase promptSize(
      LoadRetrievalBenchmarkPort loader,
      IndexSchemaUseCase indexer,
      RetrieveSchemaUseCase retriever,
      ModelProducers.Tokenizer tokenizers) {
    return new PromptSizeBenchmark(loader, indexer, retriever, tokenizers);
  }

  @Produces
  @ApplicationScoped
  GovernanceBenchmarkUseCase governanceBenchmark(
      DataSourcesPort sources,
      CatalogReaders catalogs,
      RunRawQueryPort raw,
      RunQueryUseCase governed) {
    return new GovernanceBenchmarkService(sources, catalogs.structure(), raw, governed);
  }

  @Produces
  @ApplicationScoped
  ScorePredictionsUseCase scorePredictions(
      LoadEvaluationBenchmarkPort benchmarks,
      ReadPredictionsPort predictions,
      RunBenchmarkQueryPort queries) {
    return new ScorePredictionsService(benchmarks, predictions, queries);
  }

  /**
   * The question pipeline over a benchmark, scored (bench e2e). Benchmark databases become sources
   * named {@code bench-<db>}; gold queries and predictions are scored on the raw database,
   * read-only, as the official evaluators run them. The pipeline it asks writes no suggestions.
   */
  @Produces
  @ApplicationScoped
  EvaluatePipelineUseCase evaluatePipeline(
      LoadEvaluationBenchmarkPort benchmarks,
      ReadVerifiedQuestionsPort verified,
      LoadRetrievalBenchmarkPort unions,
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      CatalogReaders catalogs,
      IndexSchemaUseCase indexer,
      IndexSchemaPort schemaIndex,
      EmbedTextPort embedder,
      RetrieveSchemaUseCase retriever,
      ReadColumnValuesPort valueReader,
      IndexValuesPort valueIndex,
      SearchValuesPort valueSearch,
      ExecuteQueryPort execution,
      RecordAuditPort audit,
      RunBenchmarkQueryPort queries,
      AnalyzeSqlPort analyzer,
      QueryColumnsPort queryColumns,
      PublishedCurationPort published,
      IndexSourceUseCase indexing,
      BackgroundWork background,
      ModelProducers.Tokenizer tokenizers,
      ParlanceSettings settings) {
    BenchmarkPipelines pipelines =
        new BenchmarkPipelines(
            new BenchmarkPipelines.Parts(
                sources,
                policies,
                catalogs,
                indexer,
                schemaIndex,
                embedder,
                retriever,
                valueReader,
                valueIndex,
                valueSearch,
                execution,
                audit,
                analyzer,
                queryColumns,
                published,
                tokenizers.apply(BenchmarkPipelines.PROMPT_TOKENIZER),
                HallucinationExamples.parse(settings.hallucinationExamples()),
                background));
    AskSettings ask = settings.askDefaults();
    return new EvaluatePipelineService(
        new EvaluatePipelineService.Ports(
            benchmarks,
            verified,
            sources,
            () -> pipelines.quiet(ask),
            indexing,
            queries,
            catalogs.curatedStructure(),
            analyzer,
            policies,
            published,
            unions,
            union -> pipelines.union(union, ask),
            catalogs.structure()));
  }

  /**
   * bench e2e: a named, resumable run over a benchmark or verified questions (and the run beside
   * it), its model chosen, its logs under the home's bench-runs folder.
   */
  @Produces
  @ApplicationScoped
  PipelineBenchmarkUseCase pipelineBenchmark(
      EvaluatePipelineUseCase evaluation,
      LanguageModelsPort models,
      BenchmarkRunsPort runs,
      ParlanceSettings settings,
      dev.parlance.domain.evaluation.LoadExamplePoolPort examplePools) {
    return new PipelineBenchmarkService(
        evaluation,
        models,
        runs,
        settings.askDefaults(),
        settings.embeddingModel(),
        Clock.systemUTC(),
        examplePools);
  }

  /** The files a bench e2e report is kept in (report.json, report.html), for both entry points. */
  @Produces
  @ApplicationScoped
  ReportFilesPort reportFiles() {
    return new ReportFiles();
  }

  /** The command line's reports: written as files, read back for {@code bench report}. */
  @Produces
  @ApplicationScoped
  ReportDocumentsUseCase reportDocuments(ReportFilesPort files) {
    return new ReportDocumentsService(files);
  }

  /** Evaluation runs admins start from the portal, on the background executor. */
  @Produces
  @ApplicationScoped
  EvaluationJobsUseCase evaluationJobs(
      PipelineBenchmarkUseCase benchmarks,
      DataSourcesPort sources,
      PublishedCurationPort published,
      BenchmarkRunsPort runs,
      WriteVerifiedQuestionsPort questionFiles,
      ReportFilesPort reports,
      BackgroundWork background) {
    return new EvaluationJobsService(
        benchmarks,
        new EvaluationJobsService.Ports(sources, published, runs, questionFiles, reports),
        background,
        Clock.systemUTC());
  }
}
