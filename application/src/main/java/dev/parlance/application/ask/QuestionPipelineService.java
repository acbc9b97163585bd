package dev.parlance.application.ask;

import dev.parlance.application.ask.AskQuestionUseCase.Command;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.application.retrieval.HallucinationExamples;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrievalQuery;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CountTokensPort;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.question.CuratedContextPort;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.values.SearchValuesPort;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The question pipeline (ARCHITECTURE "a question's way through the house"): retrieval with a
 * hallucinated schema, value retrieval, a prompt context cut to what the user may see, the
 * strategy's candidates, governed execution of each, self-correction with the database's errors,
 * one retry with a wider schema, and the execution vote. Each question runs as a {@link
 * QuestionRun}; {@link SchemaSizing} decides how much of the schema its prompt shows and {@link
 * VotedAnswer} makes its answer from the vote.
 */
public final class QuestionPipelineService implements QuestionPipeline {

  /** What the pipeline reads from and writes to. */
  public record Ports(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      ReadCatalogPort catalogs,
      EmbedTextPort embedder,
      RetrieveSchemaUseCase retriever,
      SearchValuesPort valueSearch,
      ExecuteQueryPort governedReads,
      RunQueryUseCase runQuery,
      AnalyzeSqlPort analyzer,
      CuratedContextPort curation,
      HallucinationExamples hallucinationExamples,
      CountTokensPort tokens,
      SuggestionsPort suggestions) {}

  private final Ports ports;
  private final AskSettings defaults;
  private final Map<StrategyName, Strategy> strategies = new EnumMap<>(StrategyName.class);
  // Per source and user: whether the last question needed retrieval (a hint for starting the
  // hallucination call early; the decision itself is made on the schema read).
  private final Map<String, Boolean> retrievalLastTime = new ConcurrentHashMap<>();
  // What every question's run shares (built once the strategies and retrievers are).
  private final QuestionRun.Kept kept;

  public QuestionPipelineService(Ports ports, AskSettings defaults) {
    this.ports = ports;
    this.defaults = defaults;
    for (Strategy s :
        List.of(
            new DirectStrategy(),
            new C3Strategy(),
            new DinStrategy(),
            new TaSqlStrategy(),
            new RbSqlStrategy())) {
      strategies.put(s.name(), s);
    }
    this.retrievers = new RbSqlRetrievers(ports.embedder());
    this.kept =
        new QuestionRun.Kept(
            ports,
            strategies,
            retrievers,
            this::verifiedPool,
            retrievalLastTime,
            new SchemaSizing(ports));
  }

  // RB-SQL's table and column texts' vectors, kept across questions.
  private final RbSqlRetrievers retrievers;

  // A source's verified questions as an example pool, their skeletons and embeddings computed once.
  private final Map<List<dev.parlance.domain.question.VerifiedExample>, ExamplePool> verifiedPools =
      java.util.Collections.synchronizedMap(
          new java.util.LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(
                Map.Entry<List<dev.parlance.domain.question.VerifiedExample>, ExamplePool> e) {
              return size() > 16;
            }
          });

  private ExamplePool verifiedPool(List<dev.parlance.domain.question.VerifiedExample> examples) {
    return verifiedPools.computeIfAbsent(examples, ExamplePool::verified);
  }

  @Override
  public Answer ask(Command command, CompleteChatPort llm, Progress progress) {
    DataSource source =
        ports
            .sources()
            .find(command.source())
            .orElseThrow(() -> new UnknownSourceException(command.source()));
    AskSettings settings = defaults;
    if (command.strategy().isPresent()) {
      settings = settings.withStrategy(command.strategy().get());
    }
    if (command.candidates().isPresent()) {
      settings = settings.withCandidates(command.candidates().getAsInt());
    }
    if (!command.voteAcross().isEmpty()) {
      settings = settings.withVoteAcross(command.voteAcross());
    } else if (command.strategy().isPresent()) {
      // A strategy named for this question answers alone.
      settings = settings.withVoteAcross(List.of());
    }
    if (!settings.voteAcross().isEmpty()) {
      // SQL-PaLM's test-time selection: one candidate per strategy.
      settings = settings.withStrategy(settings.voteAcross().getFirst()).withCandidates(1);
    }
    return new QuestionRun(kept, source, command, llm, settings, progress).answer();
  }

  /** The text the models and the index are first used with at start, in place of a question. */
  static final String WARM_UP = "how many items are there per category";

  @Override
  public void warmUp() {
    ports.tokens().count(WARM_UP);
    ports.embedder().embedQueries(List.of(WARM_UP));
  }

  @Override
  public void prepare(DataSource source) {
    // What a question's first use would load: the catalog (and with it the governed execution
    // path and the SQL parser), the tokenizer, the embedding model, the index's searcher.
    SchemaCatalog catalog = ports.catalogs().read(source);
    ports.tokens().count(WARM_UP);
    ports.analyzer().analyze("SELECT 1", catalog);
    ports
        .retriever()
        .retrieve(
            new RetrievalQuery(
                source.name(),
                WARM_UP,
                Optional.empty(),
                RetrievalMode.DEFAULT,
                defaults.schemaBudget()));
    // The verified examples' embeddings (a question's context compares it with each of them), then
    // what a question reads before its model call, as a user with no role (QuestionRun.readAhead).
    List<String> examples =
        ports.curation().forSource(source.name()).examples().stream()
            .map(dev.parlance.domain.question.VerifiedExample::question)
            .toList();
    if (!examples.isEmpty()) {
      ports.embedder().embedQueries(examples);
    }
    CompleteChatPort noModel =
        request -> {
          throw new IllegalStateException("preparing a source asks no model");
        };
    new QuestionRun(
            kept,
            source,
            AskQuestionUseCase.Command.of(source.name(), WARM_UP, PREPARING),
            noModel,
            defaults,
            Progress.silent())
        .readAhead();
  }
}
