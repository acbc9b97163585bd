package dev.parlance.application.curation;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.Optional;
import java.util.function.Supplier;

/** Validate, publish atomically, re-index, run the verified questions' SQL (no model call). */
public final class PublishCurationService implements PublishCurationUseCase {

  private final DataSourcesPort sources;
  private final GovernancePoliciesPort policies;
  private final CurationStorePort store;
  private final ValidateCurationUseCase validator;
  private final RegressionService regression;
  private final Supplier<SourceSchemaUseCase> index;

  /**
   * @param index re-indexes a source (supplied lazily: it loads an embedding model)
   */
  public PublishCurationService(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      CurationStorePort store,
      ValidateCurationUseCase validator,
      ExecuteQueryPort executor,
      Supplier<SourceSchemaUseCase> index) {
    this.sources = sources;
    this.policies = policies;
    this.store = store;
    this.validator = validator;
    this.regression = new RegressionService(executor);
    this.index = index;
  }

  @Override
  public PublishOutcome publishDraft(
      String source, String steward, String note, Progress progress) {
    Curation draft =
        store
            .draft(source)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "source " + source + " has no draft to publish (edit it first)"))
            .curation();
    return publish(draft, steward, note, true, progress);
  }

  @Override
  public PublishOutcome rollback(String source, int version, String steward, Progress progress) {
    CurationVersion old =
        store
            .version(source, version)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "source " + source + " has no published version " + version));
    return publish(old.curation(), steward, "rollback to version " + version, false, progress);
  }

  @Override
  public RegressionReport check(String source) {
    DataSource ds = sources.find(source).orElseThrow(() -> new UnknownSourceException(source));
    Optional<CurationVersion> published = store.published(source);
    Curation working =
        store
            .draft(source)
            .map(d -> d.curation())
            .or(() -> published.map(CurationVersion::curation))
            .orElseGet(() -> Curation.empty(source));
    GovernancePolicy policy =
        policies.current(source).orElseGet(() -> GovernancePolicy.defaults(source));
    int version = published.map(CurationVersion::version).orElse(0);
    return regression.run(
        ds,
        policy,
        published.map(CurationVersion::curation),
        version,
        working,
        version,
        Progress.silent());
  }

  private PublishOutcome publish(
      Curation curation, String steward, String note, boolean draft, Progress progress) {
    DataSource source =
        sources
            .find(curation.source())
            .orElseThrow(() -> new UnknownSourceException(curation.source()));
    // Validation takes a while; a publish that overtakes this one makes it a conflict.
    int startedFrom = store.latestVersion(source.name());
    progress.update(VALIDATING, 0, curation.views().size());
    ValidationReport validation = validator.validate(curation);
    progress.update(VALIDATING, curation.views().size(), curation.views().size());
    if (!validation.passed()) {
      return new PublishOutcome.Blocked(validation);
    }
    Optional<CurationVersion> previous = store.published(source.name());
    progress.update(STORING, 0, 1);
    CurationVersion published = store.publishIfLatest(startedFrom, curation, steward, note, draft);
    progress.update(STORING, 1, 1);
    String reindexed;
    try {
      progress.update(INDEXING, 0, 1);
      var report = index.get().index(source.name(), progress);
      reindexed =
          (report.unchanged() ? "index already current: " : "re-indexed ")
              + report.tables()
              + " tables and views, "
              + report.columns()
              + " columns in "
              + report.millis()
              + " ms";
    } catch (RuntimeException e) {
      reindexed =
          "not re-indexed: " + e.getMessage() + "; index the source again once that is fixed";
    }
    GovernancePolicy policy =
        policies.current(source.name()).orElseGet(() -> GovernancePolicy.defaults(source.name()));
    RegressionReport checks =
        regression.run(
            source,
            policy,
            previous.map(CurationVersion::curation),
            previous.map(CurationVersion::version).orElse(0),
            curation,
            published.version(),
            progress);
    return new PublishOutcome.Published(published, validation, checks, reindexed);
  }
}
