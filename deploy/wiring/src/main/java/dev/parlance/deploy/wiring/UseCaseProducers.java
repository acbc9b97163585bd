package dev.parlance.deploy.wiring;

import dev.parlance.application.answer.AskQuotas;
import dev.parlance.application.ask.AskQuestionService;
import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.QuestionPipeline;
import dev.parlance.application.ask.QuestionPipelineService;
import dev.parlance.application.curation.CuratedContextService;
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
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.FindAuditPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.ProvisionPolicyPort;
import dev.parlance.domain.governance.RecordAuditPort;
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
 * The use cases every entry point calls, built from the ports once per container: governed SQL,
 * sources, policies and audit; retrieval and indexing; asking. Application classes carry no
 * framework annotations: they are constructed here ({@link CurationProducers} and {@link
 * BenchmarkProducers} build the others).
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
      AskQuotas quotas,
      ParlanceSettings settings) {
    // Threads of their own: the preparation waits for index builds that run on the background
    // work's threads.
    return new PrepareAtStartService(
        sources,
        indexing,
        pipeline::warmUp,
        source -> {
          pipeline.prepare(source);
          quotas.prepare(QuestionPipeline.PREPARING.name(), source.name());
          // The source's model client made and rehearsed against a stand-in on this machine (no
          // call reaches the vendor), so that the first question does not pay for its first call;
          // a missing or broken profile is the source's questions' to report.
          try {
            models
                .choose(
                    new LanguageModelsPort.ModelRequest(
                        Optional.empty(),
                        Optional.of(source.name()),
                        Optional.empty(),
                        Optional.empty()))
                .ifPresent(model -> model.chat().rehearse());
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
}
