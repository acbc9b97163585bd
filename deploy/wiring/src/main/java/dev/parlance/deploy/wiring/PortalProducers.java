package dev.parlance.deploy.wiring;

import dev.parlance.adapters.db.benchmark.BenchmarkData;
import dev.parlance.adapters.db.store.MetadataStore;
import dev.parlance.adapters.identity.keycloak.KeycloakUsers;
import dev.parlance.application.answer.AnswerHistoryService;
import dev.parlance.application.answer.AnswerHistoryUseCase;
import dev.parlance.application.answer.AnswerQuestionService;
import dev.parlance.application.answer.AnswerQuestionUseCase;
import dev.parlance.application.answer.AnswerRowsService;
import dev.parlance.application.answer.AnswerRowsUseCase;
import dev.parlance.application.answer.AskAdmission;
import dev.parlance.application.answer.AskQuotas;
import dev.parlance.application.answer.ChooseReadingService;
import dev.parlance.application.answer.ChooseReadingUseCase;
import dev.parlance.application.answer.ConversationService;
import dev.parlance.application.answer.ConversationUseCase;
import dev.parlance.application.answer.GiveFeedbackService;
import dev.parlance.application.answer.GiveFeedbackUseCase;
import dev.parlance.application.answer.OpenAnswerService;
import dev.parlance.application.answer.OpenAnswerUseCase;
import dev.parlance.application.answer.SpendReportService;
import dev.parlance.application.answer.SpendReportUseCase;
import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.curation.CheckViewService;
import dev.parlance.application.curation.CheckViewUseCase;
import dev.parlance.application.curation.CurateItemsService;
import dev.parlance.application.curation.CurateItemsUseCase;
import dev.parlance.application.curation.EditCurationUseCase;
import dev.parlance.application.curation.PublishCurationUseCase;
import dev.parlance.application.curation.ReadCurationUseCase;
import dev.parlance.application.curation.ReviewSuggestionsService;
import dev.parlance.application.curation.ReviewSuggestionsUseCase;
import dev.parlance.application.curation.StewardCurationService;
import dev.parlance.application.curation.StewardCurationUseCase;
import dev.parlance.application.curation.SuggestCurationUseCase;
import dev.parlance.application.curation.ValidateCurationUseCase;
import dev.parlance.application.evaluation.BenchmarkRunsService;
import dev.parlance.application.evaluation.BenchmarkRunsUseCase;
import dev.parlance.application.explore.BrowseCatalogService;
import dev.parlance.application.explore.BrowseCatalogUseCase;
import dev.parlance.application.explore.ExampleQuestionsService;
import dev.parlance.application.explore.ExampleQuestionsUseCase;
import dev.parlance.application.explore.ResultWordsService;
import dev.parlance.application.explore.ResultWordsUseCase;
import dev.parlance.application.governance.ManagePoliciesUseCase;
import dev.parlance.application.governance.SearchAuditService;
import dev.parlance.application.governance.SearchAuditUseCase;
import dev.parlance.application.governance.SourcePoliciesService;
import dev.parlance.application.governance.SourcePoliciesUseCase;
import dev.parlance.application.identity.ManageUsersService;
import dev.parlance.application.identity.ManageUsersUseCase;
import dev.parlance.application.model.ListModelProfilesService;
import dev.parlance.application.model.ListModelProfilesUseCase;
import dev.parlance.application.query.PreviewAsUserService;
import dev.parlance.application.query.PreviewAsUserUseCase;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.application.query.RunStatementService;
import dev.parlance.application.query.RunStatementUseCase;
import dev.parlance.application.retrieval.FindColumnsService;
import dev.parlance.application.retrieval.FindColumnsUseCase;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.application.source.ManageSourcesUseCase;
import dev.parlance.application.source.UseSourcesService;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.curation.CurationFilePort;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.evaluation.ListBenchmarkRunsPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.RecordActionPort;
import dev.parlance.domain.governance.SearchAuditPort;
import dev.parlance.domain.identity.ManageUsersPort;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.math.BigDecimal;
import java.time.Clock;

/**
 * The use cases of signed-in users (the portal's REST API and pages): each checks the caller's
 * identity against the source, and the portal's own stores (answer history, actions in the audit
 * trail, benchmark runs). Settings: {@code parlance.portal.*} (docs/design/portal.md).
 */
@ApplicationScoped
public class PortalProducers {

  /** The first rows a steward sees when trying a view's SQL on the curation page. */
  private static final int VIEW_SAMPLE_ROWS = 5;

  // ---- the portal's stores

  @Produces
  @ApplicationScoped
  AnswerHistoryPort answerHistory(MetadataStore store) {
    return store.answers();
  }

  @Produces
  @ApplicationScoped
  RecordActionPort actions(MetadataStore store) {
    return store.actions();
  }

  @Produces
  @ApplicationScoped
  SearchAuditPort auditSearch(MetadataStore store) {
    return store.auditSearch();
  }

  @Produces
  @ApplicationScoped
  ListBenchmarkRunsPort benchmarkRuns(ParlanceSettings settings) {
    return BenchmarkData.runFolders(settings.home().benchRuns());
  }

  // ---- asking

  /**
   * Limits on asking: {@code parlance.portal.asks-per-minute} per user (default 30), daily budgets
   * {@code parlance.portal.budget.user.tokens} (default 1,000,000), {@code …user.usd}, {@code
   * …source.tokens}, {@code …source.usd} (default none); 0 means none.
   */
  // One instance (it counts each user's asks), not proxied: AskQuotas is a final class.
  @Produces
  @Singleton
  AskQuotas askQuotas(ParlanceSettings settings, AnswerHistoryPort history) {
    return new AskQuotas(
        new AskQuotas.Limits(
            (int) whole(settings, "parlance.portal.asks-per-minute", 30),
            whole(settings, "parlance.portal.budget.user.tokens", 1_000_000),
            money(settings, "parlance.portal.budget.user.usd"),
            whole(settings, "parlance.portal.budget.source.tokens", 0),
            money(settings, "parlance.portal.budget.source.usd")),
        history,
        Clock.systemUTC());
  }

  /**
   * Questions answered at once: {@code parlance.portal.asks-at-once.user} per user (default 2) and
   * {@code parlance.portal.asks-at-once.total} in all (default 16, the ask executor's threads); 0
   * means none.
   */
  // One instance (it counts what runs), not proxied: AskAdmission is a final class.
  @Produces
  @Singleton
  AskAdmission askAdmission(ParlanceSettings settings) {
    return new AskAdmission(
        new AskAdmission.Limits(
            (int) whole(settings, "parlance.portal.asks-at-once.user", 2),
            (int) whole(settings, "parlance.portal.asks-at-once.total", 16)));
  }

  @Produces
  @ApplicationScoped
  AnswerQuestionUseCase answerQuestion(
      DataSourcesPort sources,
      AskQuestionUseCase questions,
      AnswerHistoryPort history,
      AskQuotas quotas,
      AskAdmission admission) {
    return new AnswerQuestionService(
        sources, questions, history, quotas, admission, Clock.systemUTC());
  }

  @Produces
  @ApplicationScoped
  AnswerHistoryUseCase answerHistoryUseCase(AnswerHistoryPort history) {
    return new AnswerHistoryService(history);
  }

  @Produces
  @ApplicationScoped
  ChooseReadingUseCase chooseReading(
      AnswerHistoryUseCase history, RunQueryUseCase queries, GiveFeedbackUseCase feedback) {
    return new ChooseReadingService(history, queries, feedback);
  }

  @Produces
  @ApplicationScoped
  GiveFeedbackUseCase giveFeedback(AnswerHistoryPort history, SuggestionsPort suggestions) {
    return new GiveFeedbackService(history, suggestions, Clock.systemUTC());
  }

  @Produces
  @ApplicationScoped
  FindColumnsUseCase findColumns(
      SourceSchemaUseCase schema,
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      CatalogReaders catalogs,
      ExecuteQueryPort execution) {
    return new FindColumnsService(
        schema, sources, policies, catalogs.curatedStructure(), execution);
  }

  // ---- exploring: a source's catalog, example questions, an answer's rows for a download

  @Produces
  @ApplicationScoped
  BrowseCatalogUseCase browseCatalog(
      DataSourcesPort sources,
      CatalogReaders catalogs,
      PublishedCurationPort published,
      GovernancePoliciesPort policies,
      ExecuteQueryPort execution) {
    return new BrowseCatalogService(sources, catalogs.shared(), published, policies, execution);
  }

  @Produces
  @ApplicationScoped
  ExampleQuestionsUseCase exampleQuestions(
      DataSourcesPort sources, PublishedCurationPort published) {
    return new ExampleQuestionsService(sources, published);
  }

  @Produces
  @ApplicationScoped
  ConversationUseCase conversations(AnswerHistoryUseCase history, AnswerHistoryPort answers) {
    return new ConversationService(history, answers);
  }

  @Produces
  @ApplicationScoped
  OpenAnswerUseCase openAnswer(AnswerHistoryPort history, RunQueryUseCase queries) {
    return new OpenAnswerService(history, queries);
  }

  @Produces
  @ApplicationScoped
  ResultWordsUseCase resultWords(PublishedCurationPort published, GovernancePoliciesPort policies) {
    return new ResultWordsService(published, policies);
  }

  @Produces
  @ApplicationScoped
  AnswerRowsUseCase answerRows(AnswerHistoryUseCase history, RunQueryUseCase queries) {
    return new AnswerRowsService(history, queries);
  }

  // ---- sources, SQL, policies, audit, models, benchmark runs

  @Produces
  @ApplicationScoped
  UseSourcesUseCase useSources(
      ManageSourcesUseCase sources, IndexSourceUseCase indexing, RecordActionPort actions) {
    return new UseSourcesService(sources, indexing, actions, Clock.systemUTC());
  }

  @Produces
  @ApplicationScoped
  RunStatementUseCase runStatement(DataSourcesPort sources, RunQueryUseCase queries) {
    return new RunStatementService(sources, queries);
  }

  @Produces
  @ApplicationScoped
  PreviewAsUserUseCase previewAsUser(
      DataSourcesPort sources,
      RunQueryUseCase queries,
      RecordActionPort actions,
      ManageUsersPort users) {
    return new PreviewAsUserService(sources, queries, actions, Clock.systemUTC(), users);
  }

  @Produces
  @ApplicationScoped
  SourcePoliciesUseCase sourcePolicies(
      ManagePoliciesUseCase policies,
      RecordActionPort actions,
      DataSourcesPort sources,
      CatalogReaders catalogs,
      PublishedCurationPort published) {
    return new SourcePoliciesService(
        policies, actions, Clock.systemUTC(), sources, catalogs.structure(), published);
  }

  @Produces
  @ApplicationScoped
  SearchAuditUseCase searchAudit(SearchAuditPort audit, AnswerHistoryPort history) {
    return new SearchAuditService(audit, history);
  }

  @Produces
  @ApplicationScoped
  ListModelProfilesUseCase modelProfiles(LanguageModelsPort models) {
    return new ListModelProfilesService(models);
  }

  @Produces
  @ApplicationScoped
  SpendReportUseCase spendReport(AnswerHistoryPort history, ModelCallsPort ledger) {
    return new SpendReportService(history, ledger, Clock.systemUTC());
  }

  @Produces
  @ApplicationScoped
  BenchmarkRunsUseCase benchmarkRunsUseCase(ListBenchmarkRunsPort runs) {
    return new BenchmarkRunsService(runs);
  }

  // ---- users

  /**
   * The portal's users in the identity provider (the realm of {@code parlance.oidc.issuer}),
   * managed as the Keycloak administrator {@code parlance.identity.admin.username} / {@code
   * …password} ({@code parlance serve} sets both for its embedded Keycloak). Without them the users
   * page and API say what to set.
   */
  @Produces
  @ApplicationScoped
  ManageUsersPort users(ParlanceSettings settings) {
    String issuer = settings.get("parlance.oidc.issuer", "");
    String username = settings.get("parlance.identity.admin.username", "");
    String password = settings.get("parlance.identity.admin.password", "");
    if (issuer.isBlank() || username.isBlank() || password.isEmpty()) {
      return KeycloakUsers.unavailable(
          "users are managed through Keycloak's admin API: set parlance.oidc.issuer,"
              + " parlance.identity.admin.username and parlance.identity.admin.password"
              + " (docs/design/portal.md)");
    }
    return KeycloakUsers.ofIssuer(issuer, username, password);
  }

  @Produces
  @ApplicationScoped
  ManageUsersUseCase manageUsers(ManageUsersPort users, RecordActionPort actions) {
    return new ManageUsersService(users, actions, Clock.systemUTC());
  }

  // ---- curation

  @Produces
  @ApplicationScoped
  StewardCurationUseCase stewardCuration(
      EditCurationUseCase edits,
      ReadCurationUseCase reads,
      ValidateCurationUseCase validator,
      PublishCurationUseCase publisher,
      CurationStorePort store,
      CurationFilePort files,
      RecordActionPort actions) {
    return new StewardCurationService(
        edits, reads, validator, publisher, store, files, actions, Clock.systemUTC());
  }

  @Produces
  @ApplicationScoped
  CurateItemsUseCase curateItems(EditCurationUseCase edits, PublishCurationUseCase publisher) {
    return new CurateItemsService(edits, publisher);
  }

  @Produces
  @ApplicationScoped
  CheckViewUseCase checkView(
      EditCurationUseCase edits,
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      ExecuteQueryPort execution,
      AnalyzeSqlPort analyzer) {
    return new CheckViewService(edits, sources, policies, execution, analyzer, VIEW_SAMPLE_ROWS);
  }

  @Produces
  @ApplicationScoped
  ReviewSuggestionsUseCase reviewSuggestions(
      DataSourcesPort sources, SuggestionsPort suggestions, SuggestCurationUseCase assistants) {
    return new ReviewSuggestionsService(sources, suggestions, assistants);
  }

  private static long whole(ParlanceSettings settings, String key, long fallback) {
    String v = settings.get(key, String.valueOf(fallback));
    try {
      long n = Long.parseLong(v.replace("_", ""));
      if (n < 0) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          key + " must be a whole number, 0 or more (0: no limit), got '" + v + "'");
    }
  }

  private static BigDecimal money(ParlanceSettings settings, String key) {
    String v = settings.get(key, "0");
    try {
      BigDecimal usd = new BigDecimal(v);
      if (usd.signum() < 0) {
        throw new NumberFormatException();
      }
      return usd;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          key + " must be an amount in US$, 0 or more (0: no limit), got '" + v + "'");
    }
  }
}
