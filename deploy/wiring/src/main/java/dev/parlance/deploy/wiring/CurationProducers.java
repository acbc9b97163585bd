package dev.parlance.deploy.wiring;

import dev.parlance.adapters.db.demo.DemoDatabase;
import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.QuestionPipeline;
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
import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.curation.AnswerQuestionPort;
import dev.parlance.domain.curation.CurationFilePort;
import dev.parlance.domain.curation.CurationQualityStorePort;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.retrieval.QueryColumnsPort;
import dev.parlance.domain.source.DataSourcesPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * The curation use cases (edit, read, validate, publish, suggest, measure, the stewards' jobs),
 * built from the ports once per container.
 */
@ApplicationScoped
public class CurationProducers {

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
}
