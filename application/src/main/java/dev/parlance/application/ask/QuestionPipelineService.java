package dev.parlance.application.ask;

import dev.parlance.application.ask.AskQuestionUseCase.Command;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.application.retrieval.HallucinateSchemaService;
import dev.parlance.application.retrieval.Hallucination;
import dev.parlance.application.retrieval.HallucinationExamples;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrievalQuery;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.question.CuratedContextPort;
import dev.parlance.domain.question.ExecutionVote;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.HallucinatedSchema;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.sql.SqlShape;
import dev.parlance.domain.values.IndexValuesPort;
import dev.parlance.domain.values.ReadColumnValuesPort;
import dev.parlance.domain.values.SearchValuesPort;
import dev.parlance.domain.values.ValueMatch;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The question pipeline (ARCHITECTURE "a question's way through the house"): retrieval with a
 * hallucinated schema, value retrieval, a prompt context cut to what the user may see, the
 * strategy's candidates, governed execution of each, self-correction with the database's errors,
 * one retry with a wider schema, and the execution vote.
 */
public final class QuestionPipelineService implements QuestionPipeline {

  /** Distinct values read per text column for the value index, and their longest length. */
  public static final int VALUES_PER_COLUMN = 5000;

  public static final int VALUE_MAX_LENGTH = 100;

  /** Rows of each competing reading shown with an unsure answer. */
  static final int PREVIEW_ROWS = 5;

  /** What the pipeline reads from and writes to. */
  public record Ports(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      ReadCatalogPort catalogs,
      SourceSchemaUseCase schemaIndexing,
      IndexSchemaPort schemaIndex,
      EmbedTextPort embedder,
      RetrieveSchemaUseCase retriever,
      ReadColumnValuesPort valueReader,
      IndexValuesPort valueIndex,
      SearchValuesPort valueSearch,
      ExecuteQueryPort governedReads,
      RunQueryUseCase runQuery,
      AnalyzeSqlPort analyzer,
      CuratedContextPort curation,
      HallucinationExamples hallucinationExamples) {}

  private final Ports ports;
  private final AskSettings defaults;
  private final Map<StrategyName, Strategy> strategies = new EnumMap<>(StrategyName.class);

  public QuestionPipelineService(Ports ports, AskSettings defaults) {
    this.ports = ports;
    this.defaults = defaults;
    for (Strategy s :
        List.of(new DirectStrategy(), new C3Strategy(), new DinStrategy(), new TaSqlStrategy())) {
      strategies.put(s.name(), s);
    }
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
    return new Run(source, command, llm, settings, progress).answer();
  }

  /** One question's run: its ledger, its caches and its notes. */
  private final class Run {
    private final DataSource source;
    private final Command command;
    private final AskSettings settings;
    private final Progress progress;
    private final Ledger ledger;
    private final Strategy strategy;
    private final GovernancePolicy policy;
    private final CuratedContext curated;
    private final List<String> notes = new ArrayList<>();
    private SchemaCatalog visible;

    Run(
        DataSource source,
        Command command,
        CompleteChatPort llm,
        AskSettings settings,
        Progress progress) {
      this.source = source;
      this.command = command;
      this.settings = settings;
      this.progress = progress;
      this.ledger = new Ledger(llm, progress);
      this.strategy = strategies.get(settings.strategy());
      this.policy =
          ports
              .policies()
              .current(source.name())
              .orElseGet(() -> GovernancePolicy.defaults(source.name()));
      this.curated = ports.curation().forSource(source.name());
    }

    private long started;

    Answer answer() {
      ensureIndexes();
      started = System.nanoTime();
      // The hallucination call runs while Parlance reads the catalog and looks up values.
      Optional<HallucinatedSchema> hallucination;
      List<ValueMatch> values;
      try (ExecutorService background = Executors.newVirtualThreadPerTaskExecutor()) {
        Future<Optional<HallucinatedSchema>> asked = background.submit(this::hallucinate);
        // Embedding the question needs the cores the model's call leaves idle; retrieval then
        // finds it among the recent embeddings.
        background.submit(() -> ports.embedder().embedQuery(command.question()));
        SchemaCatalog catalog = ledger.time("catalog", () -> ports.catalogs().read(source));
        visible = new Visibility(policy, command.user()).visible(catalog);
        values =
            ledger.time(
                "values",
                () ->
                    new ValueRetrieval(ports.valueSearch(), ports.governedReads())
                        .find(
                            source,
                            policy,
                            command.user(),
                            command.question(),
                            visible,
                            curated,
                            settings.valueThreshold(),
                            settings.valueTopK()));
        hallucination = join(asked);
      }
      if (ledger.queued()) {
        return Answer.queued(trace());
      }
      CandidateRounds rounds =
          new CandidateRounds(
              strategy,
              new Strategy.Tools(ledger, settings, ports.analyzer()),
              ports.runQuery(),
              ports.analyzer(),
              source.name(),
              command.user(),
              visible);
      List<String> selected = retrieve(hallucination, settings.schemaBudget());
      PromptContext context = context(selected, values);
      List<Candidate> candidates = rounds.attempt(context, settings.correctionRounds());
      if (ledger.queued()) {
        return Answer.queued(trace());
      }
      if (candidates.stream().noneMatch(Candidate::hasRows)) {
        // RB-SQL: after repeated failure, once more with a wider schema (all of it when it fits).
        List<String> wider =
            visible.columnCount() <= settings.widerBudget()
                ? ContextBuilder.everything(visible)
                : retrieve(hallucination, settings.widerBudget());
        PromptContext widerContext = context(wider, values);
        if (widerContext.columnCount() > context.columnCount()) {
          notes.add(
              "no candidate returned rows with "
                  + context.columnCount()
                  + " columns in the prompt; retried once with "
                  + widerContext.columnCount());
          List<Candidate> retry =
              rounds.attempt(widerContext, Math.min(1, settings.correctionRounds()));
          if (ledger.queued()) {
            return Answer.queued(trace());
          }
          if (retry.stream().anyMatch(Candidate::ran)) {
            candidates = retry;
            context = widerContext;
          }
        }
      }
      final List<Candidate> pool = candidates;
      ExecutionVote.Result vote = ledger.time("voting", () -> rounds.vote(pool));
      return result(context, pool, vote);
    }

    private <T> T join(Future<T> future) {
      try {
        return future.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while asking the language model", e);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof RuntimeException r) {
          throw r;
        }
        throw new IllegalStateException(e.getCause());
      }
    }

    private long wall() {
      return (System.nanoTime() - started) / 1_000_000;
    }

    // Indexing a source's schema and values happens once, on its first question.
    private void ensureIndexes() {
      boolean schemaCurrent =
          ports
              .schemaIndex()
              .status(source.name())
              .map(s -> s.model().equals(ports.embedder().modelName()))
              .orElse(false);
      boolean valuesIndexed = ports.valueIndex().count(source.name()).isPresent();
      if (schemaCurrent && valuesIndexed) {
        return;
      }
      String stage = "indexing (first use)";
      ledger.time(
          stage,
          () -> {
            if (!schemaCurrent) {
              ports.schemaIndexing().index(source.name(), progress);
            }
            if (!valuesIndexed) {
              progress.update("reading values", 0, 1);
              SchemaCatalog structure = ports.catalogs().read(source);
              ports
                  .valueIndex()
                  .replace(
                      source.name(),
                      ports
                          .valueReader()
                          .read(source, structure, VALUES_PER_COLUMN, VALUE_MAX_LENGTH));
              progress.update("reading values", 1, 1);
            }
          });
      ledger.markOneTime(stage);
    }

    private Optional<HallucinatedSchema> hallucinate() {
      if (!settings.hallucinate()) {
        return Optional.empty();
      }
      Hallucination h =
          new HallucinateSchemaService(ledgerPort("hallucination"), ports.hallucinationExamples())
              .hallucinateWithUsage(command.question());
      return h.schema().isEmpty() ? Optional.empty() : Optional.of(h.schema());
    }

    // The hallucination service calls the model itself; its calls go through the ledger.
    private CompleteChatPort ledgerPort(String stage) {
      return request -> ledger.complete(stage, request);
    }

    private List<String> retrieve(Optional<HallucinatedSchema> hallucination, int budget) {
      return ledger.time(
          "retrieval",
          () ->
              ports
                  .retriever()
                  .retrieve(
                      new RetrievalQuery(
                          source.name(),
                          command.question(),
                          hallucination,
                          RetrievalMode.DEFAULT,
                          budget))
                  .columnIds());
    }

    private PromptContext context(List<String> selected, List<ValueMatch> values) {
      return ledger.time(
          "context",
          () ->
              new ContextBuilder(ports.governedReads(), ports.embedder())
                  .build(
                      source,
                      policy,
                      command.user(),
                      command.question(),
                      visible,
                      selected,
                      values,
                      curated,
                      settings));
    }

    // What a question that stopped before its prompt was built (queued) tells.
    private Answer.Trace trace() {
      return new Answer.Trace(
          source.name(),
          command.question(),
          settings.strategy(),
          List.of(),
          List.of(),
          List.of(),
          ledger.reports(),
          notes,
          wall(),
          ledger.llmBusyMillis());
    }

    private Answer.Trace trace(PromptContext context, List<Candidate> pool) {
      return new Answer.Trace(
          source.name(),
          command.question(),
          settings.strategy(),
          pool.stream().map(Candidate::report).toList(),
          context.columnIds(),
          context.values(),
          ledger.reports(),
          notes,
          wall(),
          ledger.llmBusyMillis());
    }

    private Answer result(PromptContext context, List<Candidate> pool, ExecutionVote.Result vote) {
      if (vote.winner().isEmpty()) {
        String why =
            pool.stream()
                .filter(c -> c.outcome != null)
                .map(c -> Candidate.problem(c.outcome))
                .findFirst()
                .orElse("the language model gave no usable SQL");
        return Answer.noAnswer(trace(context, pool), readings(pool, vote, 0), why);
      }
      ExecutionVote.Group winner = vote.winner().get();
      Candidate chosen = pool.get(winner.first());
      QueryResult full = ((QueryOutcome.Ran) chosen.outcome).result();
      QueryResult shown = capped(full);
      boolean sure = vote.sure(settings.confidenceThreshold());
      String explanation =
          pool.stream()
              .filter(c -> winner.members().contains(c.index))
              .map(c -> c.draft.flatMap(Strategy.Draft::explanation))
              .flatMap(Optional::stream)
              .findFirst()
              .orElseGet(() -> describe(chosen.shape, full));
      String sql = chosen.draft.get().sql();
      return sure
          ? Answer.answered(
              trace(context, pool),
              sql,
              shown,
              vote.confidence(),
              readings(pool, vote, 1),
              explanation)
          : Answer.unsure(
              trace(context, pool),
              sql,
              shown,
              vote.confidence(),
              readings(pool, vote, 0),
              explanation);
    }

    private List<Reading> readings(List<Candidate> pool, ExecutionVote.Result vote, int skip) {
      List<Reading> out = new ArrayList<>();
      for (ExecutionVote.Group g :
          vote.groups().subList(Math.min(skip, vote.groups().size()), vote.groups().size())) {
        Candidate c = pool.get(g.first());
        QueryResult r = ((QueryOutcome.Ran) c.outcome).result();
        out.add(
            new Reading(
                c.draft.get().sql(),
                g.size(),
                (double) g.size() / Math.max(1, vote.total()),
                r.rowCount(),
                r.rows().subList(0, Math.min(PREVIEW_ROWS, r.rowCount()))));
      }
      return out;
    }

    private QueryResult capped(QueryResult r) {
      if (r.rowCount() <= settings.shownRows()) {
        return r;
      }
      return new QueryResult(
          r.columns(),
          r.rows().subList(0, settings.shownRows()),
          true,
          r.elapsedMs(),
          r.sqlAsked(),
          r.sqlRun());
    }
  }

  // When the model wrote no explanation: what the parse of the SQL says it reads.
  static String describe(SqlShape shape, QueryResult result) {
    StringBuilder s = new StringBuilder("The query reads ");
    if (shape == null || shape.tables().isEmpty()) {
      s.append("the source");
    } else {
      s.append(shape.tables().size() == 1 ? "table " : "tables ")
          .append(String.join(", ", shape.tables().stream().sorted().toList()));
      if (!shape.columns().isEmpty()) {
        s.append(" (columns ")
            .append(String.join(", ", shape.columns().stream().sorted().toList()))
            .append(')');
      }
    }
    s.append(" and returns ")
        .append(result.rowCount())
        .append(result.rowCount() == 1 ? " row" : " rows")
        .append(shape != null && shape.orderedAtTop() ? ", in the order it specifies." : ".");
    return s.toString();
  }
}
