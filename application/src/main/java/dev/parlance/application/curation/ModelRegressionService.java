package dev.parlance.application.curation;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.ModelCall;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.curation.AnswerQuestionPort;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The model-based regression: the published version's approved verified questions asked of the
 * pipeline (whose model calls the ledger counts as {@link ModelPurpose#REGRESSION}), and its
 * estimate from the source's recent answers.
 */
public final class ModelRegressionService implements ModelRegressionUseCase {

  /** How far back the estimate looks for answers about the source. */
  static final Duration WINDOW = Duration.ofDays(30);

  private final DataSourcesPort sources;
  private final GovernancePoliciesPort policies;
  private final CurationStorePort store;
  private final RegressionService regression;
  private final AnswerQuestionPort pipeline;
  private final LanguageModelsPort models;
  private final ModelCallsPort ledger;
  private final AnswerHistoryPort history;
  private final Clock clock;

  /**
   * @param pipeline the question pipeline, its model chosen for {@link ModelPurpose#REGRESSION}
   */
  public ModelRegressionService(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      CurationStorePort store,
      ExecuteQueryPort executor,
      AnswerQuestionPort pipeline,
      LanguageModelsPort models,
      ModelCallsPort ledger,
      AnswerHistoryPort history,
      Clock clock) {
    this.sources = sources;
    this.policies = policies;
    this.store = store;
    this.regression = new RegressionService(executor);
    this.pipeline = pipeline;
    this.models = models;
    this.ledger = ledger;
    this.history = history;
    this.clock = clock;
  }

  @Override
  public Estimate estimate(UserIdentity user, String source) {
    SourceAccess.requireStewardship(user, source);
    source(source);
    Optional<CurationVersion> published = store.published(source);
    int questions = published.map(v -> v.curation().approved().size()).orElse(0);
    int version = published.map(CurationVersion::version).orElse(0);
    Instant until = clock.instant();
    Instant since = until.minus(WINDOW);
    long answers =
        history.spending(since, until).stream().filter(s -> s.source().equals(source)).count();
    long calls = 0;
    long tokens = 0;
    for (ModelCall c : ledger.between(since, until)) {
      if (c.purpose() == ModelPurpose.ANSWER && c.source().equals(source)) {
        calls += c.calls();
        tokens += c.usage().totalTokens();
      }
    }
    boolean model = model(source).isPresent();
    if (answers == 0 || calls == 0) {
      return new Estimate(
          source,
          version,
          model,
          questions,
          questions,
          0,
          false,
          "no answer about "
              + source
              + " in the last "
              + WINDOW.toDays()
              + " days to measure from: at least one call a question, tokens unknown");
    }
    double callsEach = (double) calls / answers;
    double tokensEach = (double) tokens / answers;
    return new Estimate(
        source,
        version,
        model,
        questions,
        Math.round(callsEach * questions),
        Math.round(tokensEach * questions),
        true,
        String.format(
            java.util.Locale.ROOT,
            "the %d answer(s) about %s in the last %d days took %.1f calls and %,d tokens each",
            answers,
            source,
            WINDOW.toDays(),
            callsEach,
            Math.round(tokensEach)));
  }

  @Override
  public RegressionReport run(UserIdentity user, String source, Progress progress) {
    SourceAccess.requireStewardship(user, source);
    DataSource ds = source(source);
    if (model(source).isEmpty()) {
      throw new NoLanguageModelException(
          "asking the verified questions of the model", models.howToConfigure());
    }
    CurationVersion published =
        store
            .published(source)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "source " + source + " has no published curation to check"));
    GovernancePolicy policy =
        policies.current(source).orElseGet(() -> GovernancePolicy.defaults(source));
    return regression.withModel(
        ds, policy, published.curation(), published.version(), pipeline, progress);
  }

  private Optional<LanguageModelsPort.LanguageModel> model(String source) {
    return models.choose(
        LanguageModelsPort.ModelRequest.forSource(source).forPurpose(ModelPurpose.REGRESSION));
  }

  private DataSource source(String name) {
    return sources.find(name).orElseThrow(() -> new UnknownSourceException(name));
  }
}
