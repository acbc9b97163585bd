package dev.parlance.deploy.wiring;

import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.ask.PromptSizeBenchmark;
import dev.parlance.application.ask.PromptSizeUseCase;
import dev.parlance.application.benchmark.GovernanceBenchmarkService;
import dev.parlance.application.benchmark.GovernanceBenchmarkUseCase;
import dev.parlance.application.benchmark.RetrievalBenchmarkService;
import dev.parlance.application.benchmark.RetrievalBenchmarkUseCase;
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
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.application.retrieval.HallucinationExamples;
import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.RetrieveSchemaService;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.deploy.wiring.report.ReportFiles;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.evaluation.BenchmarkRunsPort;
import dev.parlance.domain.evaluation.LoadEvaluationBenchmarkPort;
import dev.parlance.domain.evaluation.ReadPredictionsPort;
import dev.parlance.domain.evaluation.ReadVerifiedQuestionsPort;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import dev.parlance.domain.evaluation.WriteVerifiedQuestionsPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.RecordAuditPort;
import dev.parlance.domain.governance.RunRawQueryPort;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.QueryColumnsPort;
import dev.parlance.domain.retrieval.SearchSchemaPort;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.values.IndexValuesPort;
import dev.parlance.domain.values.ReadColumnValuesPort;
import dev.parlance.domain.values.SearchValuesPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import java.util.Optional;

/**
 * The benchmarks' and evaluations' use cases (bench commands, bench e2e, its reports, the portal's
 * evaluation runs), built from the ports once per container.
 */
@ApplicationScoped
public class BenchmarkProducers {

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
