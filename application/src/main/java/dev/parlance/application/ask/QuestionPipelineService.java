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
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.question.CuratedContextPort;
import dev.parlance.domain.question.ExecutionVote;
import dev.parlance.domain.question.ResultKey;
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
import java.util.HashMap;
import java.util.LinkedHashMap;
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
    private final Map<String, Executed> executed = new HashMap<>();
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
      this.ledger = new Ledger(llm);
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
        return queued();
      }
      List<String> selected = retrieve(hallucination, settings.schemaBudget());
      PromptContext context = context(selected, values);
      List<Candidate> candidates = attempt(context, settings.correctionRounds());
      if (ledger.queued()) {
        return queued();
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
          List<Candidate> retry = attempt(widerContext, Math.min(1, settings.correctionRounds()));
          if (ledger.queued()) {
            return queued();
          }
          if (retry.stream().anyMatch(Candidate::ran)) {
            candidates = retry;
            context = widerContext;
          }
        }
      }
      final List<Candidate> pool = candidates;
      ExecutionVote.Result vote = ledger.time("voting", () -> vote(pool));
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

    // The strategy's m candidates, executed, then corrected for up to `rounds` rounds.
    private List<Candidate> attempt(PromptContext context, int rounds) {
      Strategy.Tools tools = new Strategy.Tools(ledger, settings, ports.analyzer());
      List<Optional<Strategy.Draft>> drafts = strategy.draft(context, tools);
      List<Candidate> candidates = new ArrayList<>();
      for (int i = 0; i < drafts.size(); i++) {
        candidates.add(new Candidate(i, drafts.get(i)));
      }
      if (ledger.queued()) {
        return candidates;
      }
      ledger.time("execution", () -> execute(candidates));
      for (int round = 1; round <= rounds; round++) {
        if (settledByMajority(candidates)) {
          break;
        }
        List<Candidate> failing =
            candidates.stream().filter(c -> c.draft.isPresent() && !c.hasRows()).toList();
        if (failing.isEmpty()) {
          break;
        }
        correct(context, failing, round);
        if (ledger.queued()) {
          return candidates;
        }
        ledger.time("execution", () -> execute(candidates));
      }
      return candidates;
    }

    // A strict majority with rows cannot be overturned by corrections: save their cost.
    private boolean settledByMajority(List<Candidate> candidates) {
      return vote(candidates)
          .winner()
          .filter(g -> g.size() * 2 > candidates.size())
          .filter(g -> candidates.get(g.first()).hasRows())
          .isPresent();
    }

    // One correction request per distinct failing statement, all at once.
    private void correct(PromptContext context, List<Candidate> failing, int round) {
      Map<String, List<Candidate>> byStatement = new LinkedHashMap<>();
      for (Candidate c : failing) {
        byStatement
            .computeIfAbsent(SqlText.key(c.draft.get().sql()), k -> new ArrayList<>())
            .add(c);
      }
      try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
        Map<String, Future<Optional<Strategy.Draft>>> fixes = new LinkedHashMap<>();
        byStatement.forEach(
            (key, group) -> {
              Candidate first = group.getFirst();
              String problem = problem(first.outcome);
              fixes.put(key, pool.submit(() -> fix(context, first.draft.get(), problem)));
            });
        for (var e : fixes.entrySet()) {
          Optional<Strategy.Draft> fixed;
          try {
            fixed = e.getValue().get();
          } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return;
          } catch (ExecutionException ex) {
            throw new IllegalStateException(ex.getCause());
          }
          if (fixed.isPresent()) {
            for (Candidate c : byStatement.get(e.getKey())) {
              c.draft = fixed;
              c.outcome = null;
              c.corrections = round;
            }
          }
        }
      }
    }

    private Optional<Strategy.Draft> fix(
        PromptContext context, Strategy.Draft draft, String problem) {
      CompletionRequest request =
          strategy
              .correction(context, draft, problem)
              .withSamples(1)
              .withTemperature(0)
              .withMaxTokens(settings.maxTokens());
      var completions = ledger.complete("correction", request);
      if (completions.isEmpty()) {
        return Optional.empty();
      }
      String text = completions.first().text();
      return SqlText.sql(text, strategy.correctionContinuesSelect())
          .map(sql -> new Strategy.Draft(sql, SqlText.explanation(text), request, text));
    }

    private void execute(List<Candidate> candidates) {
      for (Candidate c : candidates) {
        if (c.draft.isEmpty() || c.outcome != null) {
          continue;
        }
        String sql = c.draft.get().sql();
        Executed e =
            executed.computeIfAbsent(
                SqlText.key(sql),
                k -> {
                  QueryOutcome outcome =
                      ports
                          .runQuery()
                          .run(new RunQueryUseCase.Command(source.name(), command.user(), sql));
                  SqlShape shape = ports.analyzer().analyze(sql, visible);
                  return new Executed(outcome, shape);
                });
        c.outcome = e.outcome();
        c.shape = e.shape();
      }
    }

    private ExecutionVote.Result vote(List<Candidate> candidates) {
      List<ExecutionVote.Ballot> ballots = new ArrayList<>();
      for (Candidate c : candidates) {
        if (c.outcome instanceof QueryOutcome.Ran ran) {
          ballots.add(
              ExecutionVote.Ballot.ran(
                  c.index,
                  ResultKey.of(ran.result().rows(), c.shape != null && c.shape.orderedAtTop())));
        } else {
          ballots.add(ExecutionVote.Ballot.failed(c.index));
        }
      }
      return ExecutionVote.vote(ballots);
    }

    private Answer result(PromptContext context, List<Candidate> pool, ExecutionVote.Result vote) {
      List<CandidateReport> reports = pool.stream().map(Candidate::report).toList();
      if (vote.winner().isEmpty()) {
        String why =
            pool.stream()
                .filter(c -> c.outcome != null)
                .map(c -> problem(c.outcome))
                .findFirst()
                .orElse("the language model gave no usable SQL");
        return new Answer(
            Answer.Status.NO_ANSWER,
            source.name(),
            command.question(),
            settings.strategy(),
            Optional.empty(),
            Optional.empty(),
            0,
            readings(pool, vote, 0),
            reports,
            context.columnIds(),
            context.values(),
            ledger.reports(),
            "",
            notes,
            Optional.of(why),
            wall(),
            ledger.llmBusyMillis());
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
      return new Answer(
          sure ? Answer.Status.ANSWERED : Answer.Status.UNSURE,
          source.name(),
          command.question(),
          settings.strategy(),
          Optional.of(chosen.draft.get().sql()),
          Optional.of(shown),
          vote.confidence(),
          readings(pool, vote, sure ? 1 : 0),
          reports,
          context.columnIds(),
          context.values(),
          ledger.reports(),
          explanation,
          notes,
          Optional.empty(),
          wall(),
          ledger.llmBusyMillis());
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

    private Answer queued() {
      return new Answer(
          Answer.Status.QUEUED,
          source.name(),
          command.question(),
          settings.strategy(),
          Optional.empty(),
          Optional.empty(),
          0,
          List.of(),
          List.of(),
          List.of(),
          List.of(),
          ledger.reports(),
          "",
          notes,
          Optional.of("the language model's requests are queued for the next offline batch"),
          wall(),
          ledger.llmBusyMillis());
    }
  }

  /** A candidate and what became of it; mutable while corrections replace its draft. */
  private static final class Candidate {
    final int index;
    Optional<Strategy.Draft> draft;
    QueryOutcome outcome;
    SqlShape shape;
    int corrections;

    Candidate(int index, Optional<Strategy.Draft> draft) {
      this.index = index;
      this.draft = draft;
    }

    boolean ran() {
      return outcome instanceof QueryOutcome.Ran;
    }

    boolean hasRows() {
      return outcome instanceof QueryOutcome.Ran r && r.result().rowCount() > 0;
    }

    CandidateReport report() {
      String origin =
          "sample " + (index + 1) + (corrections == 0 ? "" : ", corrected in round " + corrections);
      if (draft.isEmpty()) {
        return new CandidateReport("", origin, "no SQL in the model's answer");
      }
      String outcomeText =
          switch (outcome) {
            case null -> "not run";
            case QueryOutcome.Ran r ->
                r.result().rowCount() + (r.result().rowCount() == 1 ? " row" : " rows");
            case QueryOutcome.Refused r -> "refused: " + r.refusal().reason();
            case QueryOutcome.Failed f -> "failed: " + f.message();
          };
      return new CandidateReport(draft.get().sql(), origin, outcomeText);
    }
  }

  private record Executed(QueryOutcome outcome, SqlShape shape) {}

  /** What a correction round tells the model went wrong. */
  static String problem(QueryOutcome outcome) {
    return switch (outcome) {
      case null -> "it was not run";
      case QueryOutcome.Ran r ->
          "it ran but returned no rows; check the filter values against the values and sample rows"
              + " given";
      case QueryOutcome.Refused r ->
          "Parlance refused it ("
              + r.refusal().kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
              + "): "
              + r.refusal().reason();
      case QueryOutcome.Failed f -> "the database said: " + f.message();
    };
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
