package dev.parlance.deploy.wiring;

import dev.parlance.adapters.db.benchmark.BenchmarkData;
import dev.parlance.adapters.db.curation.CurationFiles;
import dev.parlance.adapters.db.evaluation.BenchmarkExecution;
import dev.parlance.adapters.db.governance.Governance;
import dev.parlance.adapters.db.governance.QueryExecution;
import dev.parlance.adapters.db.jdbc.Catalogs;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.sql.SqlParsing;
import dev.parlance.application.curation.CuratedViewExpansion;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.curation.CurationFilePort;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.evaluation.BenchmarkRunsPort;
import dev.parlance.domain.evaluation.LoadEvaluationBenchmarkPort;
import dev.parlance.domain.evaluation.ReadPredictionsPort;
import dev.parlance.domain.evaluation.ReadVerifiedQuestionsPort;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import dev.parlance.domain.evaluation.WriteVerifiedQuestionsPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.ProvisionPolicyPort;
import dev.parlance.domain.governance.RunRawQueryPort;
import dev.parlance.domain.governance.SampleColumnsPort;
import dev.parlance.domain.retrieval.QueryColumnsPort;
import dev.parlance.domain.source.CheckSourcePort;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.values.ReadColumnValuesPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;

/**
 * The sources' databases (adapters-db): one connection factory that resolves credentials by
 * reference, governed execution with curated views expanded, raw reads for benchmarks, catalogs,
 * SQL analysis, and the benchmark files.
 */
@ApplicationScoped
public class DatabaseProducers {

  // Sample values per text column read with a catalog: enough to show formats and codes.
  static final int CATALOG_SAMPLES = 5;

  @Produces
  @Singleton
  @Typed(JdbcConnections.class)
  JdbcConnections connections(ParlanceSettings settings) {
    return new JdbcConnections(
        variable -> settings.value(variable).orElse(null), settings.protectedLocations());
  }

  /**
   * Governed execution; a query over a source's published views runs with them as WITH clauses;
   * results are copied within {@code parlance.results.*} ({@link ParlanceSettings#resultLimits}).
   */
  @Produces
  @Singleton
  @Typed(QueryExecution.class)
  QueryExecution execution(
      JdbcConnections connections, PublishedCurationPort published, ParlanceSettings settings) {
    return Governance.jdbc(
        connections, new CuratedViewExpansion(published), settings.resultLimits());
  }

  void close(@Disposes QueryExecution execution) {
    execution.close();
  }

  @Produces
  @ApplicationScoped
  ExecuteQueryPort governedQueries(QueryExecution execution) {
    return execution;
  }

  /** Unchecked reads, for the governance benchmark's baseline only. */
  @Produces
  @Singleton
  @Typed(Governance.RawQueries.class)
  Governance.RawQueries rawQueries(JdbcConnections connections) {
    return Governance.raw(connections);
  }

  void close(@Disposes Governance.RawQueries raw) {
    raw.close();
  }

  @Produces
  @ApplicationScoped
  RunRawQueryPort rawReads(Governance.RawQueries raw) {
    return raw;
  }

  @Produces
  @Singleton
  CatalogReaders catalogs(
      JdbcConnections connections,
      PublishedCurationPort published,
      ExecuteQueryPort execution,
      dev.parlance.domain.governance.GovernancePoliciesPort policies,
      dev.parlance.domain.retrieval.IndexSchemaPort index) {
    return new CatalogReaders(
        Catalogs.jdbc(connections, 0),
        Catalogs.jdbc(connections, CATALOG_SAMPLES),
        published,
        execution,
        policies,
        index);
  }

  /** Provisions a policy in its database (PostgreSQL: roles, row-level security, masking views). */
  @Produces
  @ApplicationScoped
  ProvisionPolicyPort policyProvisioning(JdbcConnections connections) {
    return Governance.provisioning(connections);
  }

  /** A sample of rows per column, for policy lint. */
  @Produces
  @ApplicationScoped
  SampleColumnsPort columnSamples(JdbcConnections connections) {
    return Catalogs.samples(connections);
  }

  @Produces
  @ApplicationScoped
  CheckSourcePort sourceCheck(JdbcConnections connections) {
    return Catalogs.check(connections);
  }

  @Produces
  @ApplicationScoped
  ReadColumnValuesPort columnValues(
      JdbcConnections connections,
      PublishedCurationPort published,
      ExecuteQueryPort execution,
      dev.parlance.domain.governance.GovernancePoliciesPort policies) {
    // A curated source's views are read through their definitions, as governed execution does;
    // a PostgreSQL source's values through governed execution (after 'policy apply' its login role
    // reads nothing by itself).
    return new dev.parlance.application.curation.CuratedColumnValues(
        new dev.parlance.application.source.GovernedColumnValues(
            Catalogs.values(connections), execution, policies),
        published);
  }

  @Produces
  @ApplicationScoped
  AnalyzeSqlPort sqlAnalyzer() {
    return SqlParsing.analyzer();
  }

  @Produces
  @ApplicationScoped
  QueryColumnsPort queryColumns() {
    return SqlParsing.queryColumns();
  }

  @Produces
  @ApplicationScoped
  CurationFilePort curationFiles() {
    return CurationFiles.yaml();
  }

  @Produces
  @ApplicationScoped
  LoadRetrievalBenchmarkPort retrievalBenchmarks() {
    return BenchmarkData.retrievalBenchmarks();
  }

  @Produces
  @ApplicationScoped
  dev.parlance.domain.evaluation.LoadExamplePoolPort examplePools() {
    return BenchmarkData.examplePools();
  }

  @Produces
  @ApplicationScoped
  LoadEvaluationBenchmarkPort evaluationBenchmarks() {
    return BenchmarkData.executionBenchmarks();
  }

  @Produces
  @ApplicationScoped
  ReadPredictionsPort predictionFiles() {
    return BenchmarkData.predictionFiles();
  }

  @Produces
  @ApplicationScoped
  ReadVerifiedQuestionsPort verifiedQuestionFiles() {
    return BenchmarkData.verifiedQuestions();
  }

  @Produces
  @ApplicationScoped
  WriteVerifiedQuestionsPort verifiedQuestionWriter() {
    return BenchmarkData.verifiedQuestionFiles();
  }

  /** Pipeline runs over benchmarks: a folder each under the home, a JSON Lines log per strategy. */
  @Produces
  @ApplicationScoped
  BenchmarkRunsPort benchmarkRuns(ParlanceSettings settings) {
    return BenchmarkData.runs(settings.home().benchRuns());
  }

  /** Benchmark queries as the official evaluators run them: on the raw database, read-only. */
  @Produces
  @ApplicationScoped
  RunBenchmarkQueryPort benchmarkQueries(JdbcConnections connections) {
    return BenchmarkExecution.readOnly(connections);
  }
}
