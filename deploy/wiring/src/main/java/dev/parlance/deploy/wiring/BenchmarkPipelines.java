package dev.parlance.deploy.wiring;

import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.ask.QuestionPipeline;
import dev.parlance.application.ask.QuestionPipelineService;
import dev.parlance.application.curation.CuratedContextService;
import dev.parlance.application.evaluation.EvaluatePipelineService;
import dev.parlance.application.evaluation.UnionSource;
import dev.parlance.application.query.RunQueryService;
import dev.parlance.application.retrieval.HallucinationExamples;
import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.retrieval.SourceSchemaService;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.application.source.IndexSourceService;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.completion.CountTokensPort;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.RecordAuditPort;
import dev.parlance.domain.question.CuratedContextPort;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.QueryColumnsPort;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.values.IndexValuesPort;
import dev.parlance.domain.values.ReadColumnValuesPort;
import dev.parlance.domain.values.SearchValuesPort;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The question pipelines a benchmark asks (bench e2e): the users' pipeline with a quiet stewards'
 * queue, and one over a union of benchmark databases. Each is built once per container, so that it
 * remembers schema sizes and which sources needed retrieval across a run's questions.
 */
final class BenchmarkPipelines {

  /** The tokenizer that sizes prompts for the adaptive context (a measure, not a bill). */
  static final String PROMPT_TOKENIZER = "gpt-4o";

  record Parts(
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
      AnalyzeSqlPort analyzer,
      QueryColumnsPort queryColumns,
      PublishedCurationPort published,
      CountTokensPort tokens,
      HallucinationExamples hallucinationExamples,
      BackgroundWork background) {}

  private final Parts parts;

  BenchmarkPipelines(Parts parts) {
    this.parts = parts;
  }

  /** The users' pipeline, writing no suggestions into stewards' queues. */
  QuestionPipeline quiet(AskSettings settings) {
    return new QuestionPipelineService(
        new QuestionPipelineService.Ports(
            parts.sources(),
            parts.policies(),
            parts.catalogs().shared(),
            parts.embedder(),
            parts.retriever(),
            parts.valueSearch(),
            parts.execution(),
            runQuery(parts.execution()),
            parts.analyzer(),
            new CuratedContextService(parts.published()),
            parts.hallucinationExamples(),
            parts.tokens(),
            QUIET),
        settings);
  }

  /**
   * The pipeline over a union of benchmark databases (bench e2e --dataset spiderunion) and the
   * indexing of the union: the union's schema for catalog and index, each candidate run on the
   * question's own database with its qualifier removed, no sample rows or values
   * (docs/design/evaluation.md).
   */
  EvaluatePipelineService.Asker union(UnionSource union, AskSettings settings) {
    ReadCatalogPort catalogs = union.catalogs(parts.catalogs().structure());
    SourceSchemaUseCase schema =
        new SourceSchemaService(
            parts.sources(),
            catalogs,
            parts.indexer(),
            parts.schemaIndex(),
            parts.embedder(),
            parts.retriever(),
            PublishedCurationPort.none(),
            parts.queryColumns());
    IndexSourceService indexing =
        new IndexSourceService(
            parts.sources(),
            schema,
            parts.schemaIndex(),
            parts.embedder(),
            catalogs,
            union.values(parts.valueReader()),
            parts.valueIndex(),
            parts.background(),
            false);
    QuestionPipeline pipeline =
        new QuestionPipelineService(
            new QuestionPipelineService.Ports(
                parts.sources(),
                parts.policies(),
                catalogs,
                parts.embedder(),
                parts.retriever(),
                parts.valueSearch(),
                parts.execution(),
                runQuery(union.questionReads(parts.execution())),
                parts.analyzer(),
                CuratedContextPort.none(),
                parts.hallucinationExamples(),
                parts.tokens(),
                QUIET),
            settings.withoutDataSamples());
    return new EvaluatePipelineService.Asker(pipeline, indexing);
  }

  private RunQueryService runQuery(ExecuteQueryPort execution) {
    return new RunQueryService(
        parts.sources(), parts.policies(), execution, parts.audit(), Clock.systemUTC());
  }

  // Benchmark runs do not write into stewards' queues.
  static final SuggestionsPort QUIET =
      new SuggestionsPort() {
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
        public Suggestion decide(
            String source, long id, SuggestionStatus decision, String steward) {
          throw new IllegalStateException("benchmark runs keep no suggestions");
        }
      };
}
