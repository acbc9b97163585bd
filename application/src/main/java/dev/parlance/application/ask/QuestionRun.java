package dev.parlance.application.ask;

import dev.parlance.application.ask.AskQuestionUseCase.Command;
import dev.parlance.application.retrieval.HallucinateSchemaService;
import dev.parlance.application.retrieval.Hallucination;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrievalQuery;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.question.ExecutionVote;
import dev.parlance.domain.retrieval.HallucinatedSchema;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.sql.SqlShape;
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
import java.util.function.Function;

/**
 * One question's run through the pipeline (ARCHITECTURE "a question's way through the house"): its
 * ledger, its notes, the schema it may see; the hallucination, restatement and value lookup beside
 * the catalog read, the candidates' rounds, one retry with a wider schema, and the vote's answer.
 */
final class QuestionRun {

  /** What an answer says when its columns were ranked before the source's vectors existed. */
  static final String LEXICAL_NOTE =
      "retrieval ranked the columns by their words alone (BM25): the source's dense index is still"
          + " being built, and questions rank with it once it is in place";

  /**
   * What the pipeline keeps across questions: its strategies, RB-SQL's vectors, the verified
   * example pools, whether a source needed retrieval last time, the schemas' sizes.
   */
  record Kept(
      QuestionPipelineService.Ports ports,
      Map<StrategyName, Strategy> strategies,
      RbSqlRetrievers retrievers,
      Function<List<dev.parlance.domain.question.VerifiedExample>, ExamplePool> verifiedPool,
      Map<String, Boolean> retrievalLastTime,
      SchemaSizing sizing) {}

  private final QuestionPipelineService.Ports ports;
  private final Kept kept;
  private final DataSource source;
  private final Command command;
  private final AskSettings settings;
  private final Ledger ledger;
  private final List<Strategy> strategy;
  private final GovernancePolicy policy;
  private final CuratedContext curated;
  private final ExamplePool examples;
  private final List<String> notes = new ArrayList<>();
  private SchemaCatalog visible;

  QuestionRun(
      Kept kept,
      DataSource source,
      Command command,
      CompleteChatPort llm,
      AskSettings settings,
      Progress progress) {
    this.ports = kept.ports();
    this.kept = kept;
    this.source = source;
    this.command = command;
    this.settings = settings;
    this.ledger = new Ledger(llm, progress);
    this.strategy =
        settings.voteAcross().isEmpty()
            ? List.of(kept.strategies().get(settings.strategy()))
            : settings.voteAcross().stream().map(kept.strategies()::get).toList();
    this.policy =
        ports
            .policies()
            .current(source.name())
            .orElseGet(() -> GovernancePolicy.defaults(source.name()));
    if (policy.closedTo(command.user())) {
      // Governed execution would refuse every statement; refused before any model call.
      throw new dev.parlance.application.access.AccessDeniedException(
          "source "
              + source.name()
              + " is closed to analysts until an administrator publishes its policy");
    }
    CuratedContext context = ports.curation().forSource(source.name());
    CuratedContext own =
        command.ownExampleHidden() ? context.withoutExamplesAsking(command.question()) : context;
    this.examples = command.examples().orElseGet(() -> kept.verifiedPool().apply(own.examples()));
    // A declared pool (a benchmark's training set) gives every strategy its examples.
    this.curated =
        command.examples().isEmpty()
            ? own
            : new CuratedContext(
                own.descriptions(),
                own.valueDescriptions(),
                own.hints(),
                examples
                    .rank(
                        command.question(),
                        ports.embedder(),
                        Optional.empty(),
                        0,
                        settings.examples())
                    .stream()
                    .map(ExamplePool.Ranked::example)
                    .toList(),
                own.valuesWithheld());
  }

  private long started;
  private SchemaView view = SchemaView.unknown();
  // A follow-up restated as a question of its own (the model's words), once known.
  private Optional<String> restated = Optional.empty();

  Answer answer() {
    Answer answer = answerOnce();
    return restated.map(answer::withStandaloneQuestion).orElse(answer);
  }

  private Answer answerOnce() {
    started = System.nanoTime();
    Optional<AskQuestionUseCase.Baseline> baseline = command.baseline();
    AskSettings asked = baseline.isPresent() ? settings.bare() : settings;
    // Whether this source needed retrieval for this user last time: then the hallucination call
    // starts at once and runs while Parlance reads the catalog and looks up values.
    String hintKey = source.name() + "\u0000" + command.user();
    boolean expectRetrieval =
        baseline.isEmpty() && Boolean.TRUE.equals(kept.retrievalLastTime().get(hintKey));
    Optional<HallucinatedSchema> hallucination = Optional.empty();
    List<ValueMatch> values = List.of();
    try (ExecutorService background = Executors.newVirtualThreadPerTaskExecutor()) {
      Future<Optional<HallucinatedSchema>> hallucinating =
          expectRetrieval ? background.submit(this::hallucinate) : null;
      // A follow-up is restated while the rest goes on; the stewards get the restatement.
      Future<Optional<String>> restating =
          command.previous().isPresent() && baseline.isEmpty()
              ? background.submit(this::restate)
              : null;
      // Embedding the question needs the cores the model's call leaves idle; retrieval then
      // finds it among the recent embeddings.
      background.submit(() -> ports.embedder().embedQuery(command.searchText()));
      SchemaCatalog catalog = ledger.time("catalog", () -> ports.catalogs().read(source));
      visible = new Visibility(policy, command.user(), source.dialect()).visible(catalog);
      view = ledger.time("catalog", () -> decide(baseline));
      boolean retrieval = view.way() == SchemaView.Way.RETRIEVAL;
      if (baseline.isEmpty()) {
        kept.retrievalLastTime().put(hintKey, retrieval);
      }
      if (retrieval && hallucinating == null) {
        hallucinating = background.submit(this::hallucinate);
      }
      if (asked.valueTopK() > 0) {
        values = ledger.time("values", this::matchValues);
      }
      if (restating != null) {
        restated = join(restating);
      }
      if (hallucinating != null) {
        Optional<HallucinatedSchema> h = join(hallucinating);
        if (retrieval) {
          hallucination = h;
        } else {
          notes.add(
              "the schema now fits the whole-schema budget; the hallucination asked for was not"
                  + " used");
        }
      }
    }
    if (ledger.queued()) {
      return Answer.queued(trace());
    }
    CandidateRounds rounds =
        new CandidateRounds(
            strategy,
            new Strategy.Tools(
                ledger,
                asked,
                ports.analyzer(),
                ports.embedder(),
                kept.retrievers(),
                examples,
                java.util.Collections.synchronizedMap(new EnumMap<>(StrategyName.class))),
            ports.runQuery(),
            ports.analyzer(),
            source.name(),
            command.user(),
            visible);
    List<String> selected =
        switch (view.way()) {
          case RETRIEVAL -> retrieve(hallucination, settings.schemaBudget());
          case WHOLE_SCHEMA -> ContextBuilder.everything(visible);
          case BASELINE -> baselineColumns;
        };
    PromptContext context = context(selected, values, asked);
    if (view.way() == SchemaView.Way.WHOLE_SCHEMA) {
      context = kept.sizing().withinSampleShare(context, view.schemaTokens(), settings, notes);
    }
    List<Candidate> candidates = rounds.attempt(context, asked.correctionRounds());
    shownColumns = rounds.shown();
    view = view.shown(shownColumns.size());
    if (ledger.queued()) {
      return Answer.queued(trace());
    }
    if (baseline.isEmpty() && candidates.stream().noneMatch(Candidate::hasRows)) {
      // RB-SQL: after repeated failure, once more with a wider schema (all of it when it fits).
      List<String> wider =
          visible.columnCount() <= settings.widerBudget()
              ? ContextBuilder.everything(visible)
              : retrieve(hallucination, settings.widerBudget());
      PromptContext widerContext = context(wider, values, asked);
      if (widerContext.columnCount() > context.columnCount()) {
        notes.add(
            "no candidate returned rows with "
                + context.columnCount()
                + " columns in the prompt; retried once with "
                + widerContext.columnCount());
        rounds.widen();
        List<Candidate> retry =
            rounds.attempt(widerContext, Math.min(1, settings.correctionRounds()));
        if (ledger.queued()) {
          return Answer.queued(trace());
        }
        if (retry.stream().anyMatch(Candidate::ran)) {
          candidates = retry;
          context = widerContext;
          shownColumns = rounds.shown();
          view = view.shown(shownColumns.size());
        }
      }
    }
    final List<Candidate> pool = candidates;
    ExecutionVote.Result vote = ledger.time("voting", () -> rounds.vote(pool));
    if (strategy.size() > 1) {
      notes.add(VotedAnswer.agreement(pool, vote));
    }
    return result(context, pool, vote);
  }

  private List<String> baselineColumns = List.of();

  // The columns the chosen attempt's final prompts showed (a strategy may cut the context).
  private List<String> shownColumns = List.of();

  /**
   * What a question reads before its first model call, read ahead for a starting server: the whole
   * visible schema's size (computed and kept as a question's decision computes it), and the values
   * the question's words match (the value index's searcher opened).
   */
  void readAhead() {
    visible =
        new Visibility(policy, command.user(), source.dialect())
            .visible(ports.catalogs().read(source));
    decide(Optional.empty());
    if (settings.valueTopK() > 0) {
      matchValues();
    }
  }

  // The values the question's words match, among those this user may see.
  private List<ValueMatch> matchValues() {
    return new ValueRetrieval(ports.valueSearch(), ports.governedReads())
        .find(
            source,
            policy,
            command.user(),
            command.searchText(),
            visible,
            curated,
            settings.valueThreshold(),
            settings.valueTopK());
  }

  // How much of the schema the prompt shows (and a baseline's columns), sized as prompts show it.
  private SchemaView decide(Optional<AskQuestionUseCase.Baseline> baseline) {
    SchemaSizing.Decision decision =
        kept.sizing()
            .decide(
                new SchemaSizing.Question(
                    source,
                    policy,
                    command.user(),
                    command.question(),
                    visible,
                    curated,
                    settings,
                    notes),
                baseline);
    baselineColumns = decision.baselineColumns();
    return decision.view();
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

  private Optional<HallucinatedSchema> hallucinate() {
    if (!settings.hallucinate()) {
      return Optional.empty();
    }
    Hallucination h =
        new HallucinateSchemaService(ledgerPort("hallucination"), ports.hallucinationExamples())
            .hallucinateWithUsage(command.searchText());
    return h.schema().isEmpty() ? Optional.empty() : Optional.of(h.schema());
  }

  /**
   * The follow-up restated by the model as one question that needs no conversation to be
   * understood; empty when the model gave nothing usable.
   */
  private Optional<String> restate() {
    return Restatement.restate(command.previous().orElseThrow(), command.question(), ledger, notes);
  }

  // The hallucination service calls the model itself; its calls go through the ledger.
  private CompleteChatPort ledgerPort(String stage) {
    return request -> ledger.complete(stage, request);
  }

  private List<String> retrieve(Optional<HallucinatedSchema> hallucination, int budget) {
    return ledger.time(
        "retrieval",
        () -> {
          dev.parlance.application.retrieval.SchemaSelection selection =
              ports
                  .retriever()
                  .retrieve(
                      new RetrievalQuery(
                          source.name(),
                          command.searchText(),
                          hallucination,
                          RetrievalMode.DEFAULT,
                          budget));
          if (selection.lexicalOnly() && !notes.contains(LEXICAL_NOTE)) {
            notes.add(LEXICAL_NOTE);
          }
          return withPreviousColumns(selection.columnIds());
        });
  }

  // A follow-up ("only the corrective ones") keeps what the earlier SQL read: its columns, as
  // the parser reads them, join the retrieved ones.
  private List<String> withPreviousColumns(List<String> found) {
    Optional<String> sql = command.previous().flatMap(AskQuestionUseCase.Exchange::sql);
    if (sql.isEmpty()) {
      return found;
    }
    SqlShape shape = ports.analyzer().analyze(sql.get(), visible);
    if (!shape.readable()) {
      notes.add("the earlier SQL could not be read: " + shape.problem().orElse(""));
      return found;
    }
    java.util.LinkedHashSet<String> columns = new java.util.LinkedHashSet<>(found);
    shape.columns().stream().sorted().forEach(columns::add);
    return List.copyOf(columns);
  }

  private PromptContext context(List<String> selected, List<ValueMatch> values, AskSettings asked) {
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
                    asked)
                .following(command.previous()));
  }

  private Answer result(PromptContext context, List<Candidate> pool, ExecutionVote.Result vote) {
    return new VotedAnswer(
            ports.suggestions(),
            source,
            command,
            settings,
            policy,
            curated,
            restated,
            ledger,
            notes,
            () -> trace(context, pool))
        .of(pool, vote);
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
        ledger.llmBusyMillis(),
        view);
  }

  private Answer.Trace trace(PromptContext context, List<Candidate> pool) {
    return new Answer.Trace(
        source.name(),
        command.question(),
        settings.strategy(),
        pool.stream().map(Candidate::report).toList(),
        shownColumns.isEmpty() ? context.columnIds() : shownColumns,
        context.values(),
        ledger.reports(),
        notes,
        wall(),
        ledger.llmBusyMillis(),
        view);
  }
}
