package dev.parlance.application.evaluation;

import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.StageReport;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.evaluation.EvaluatePipelineService.Asker;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Command;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Watch;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One strategy's (or one vote's) asking loop over a run's questions without an answer: each asked
 * once its source is ready, each final answer logged before the next question, a run stopped after
 * {@link #UNAVAILABLE_STREAK} questions in a row failed for reasons outside the question.
 */
final class QuestionAsking {

  /** Questions in a row whose model failed for reasons outside the question before a run stops. */
  static final int UNAVAILABLE_STREAK = 3;

  // Where a union's per-database sources are registered.
  private final DataSourcesPort registered;
  private final Command command;
  private final StrategyName strategy;
  // More than one: they vote together, one candidate each.
  private final List<StrategyName> strategies;
  private final WatchedModel llm;
  private final PipelineRunLogPort log;
  private final Map<String, PipelineAnswer> done;
  private final Map<String, DataSource> sources;
  private final Watch watch;
  private final List<String> notes;
  private final Supplier<Asker> asker;
  // Sources whose indexes this loop found ready.
  private final Set<String> ready = new java.util.HashSet<>();
  private final Optional<UnionSource> union;
  private String unionOn;
  private int resumed;
  private int askedNow;
  private int waiting;
  private int unfinished;
  private Optional<String> stopped = Optional.empty();

  QuestionAsking(
      DataSourcesPort registered,
      Command command,
      List<StrategyName> strategies,
      CompleteChatPort llm,
      PipelineRunLogPort log,
      Map<String, PipelineAnswer> done,
      Map<String, DataSource> sources,
      Watch watch,
      List<String> notes,
      Supplier<Asker> asker,
      Optional<UnionSource> union) {
    this.registered = registered;
    this.asker = asker;
    this.union = union;
    this.command = command;
    this.strategy = strategies.getFirst();
    this.strategies = List.copyOf(strategies);
    this.llm = new WatchedModel(llm);
    this.log = log;
    this.done = done;
    this.sources = sources;
    this.watch = watch;
    this.notes = notes;
  }

  void run(List<EvaluationQuestion> questions) {
    List<EvaluationQuestion> toAsk = new ArrayList<>();
    for (EvaluationQuestion q : questions) {
      if (done.containsKey(q.id())) {
        resumed++;
      } else if (sources.containsKey(q.database())) {
        toAsk.add(q);
      }
    }
    String stage =
        "questions ("
            + (strategies.size() > 1 ? EvaluatePipelineService.VOTE : strategy.label())
            + ")";
    Progress progress = toAsk.isEmpty() ? Progress.silent() : watch.questions();
    progress.update(stage, 0, toAsk.size());
    int streak = 0;
    for (int i = 0; i < toAsk.size(); i++) {
      EvaluationQuestion q = toAsk.get(i);
      Optional<String> trouble = ask(q);
      if (trouble.isPresent()) {
        unfinished++;
        streak++;
        if (streak >= UNAVAILABLE_STREAK) {
          unfinished += toAsk.size() - i - 1;
          stopped =
              Optional.of(
                  streak
                      + " questions in a row failed ("
                      + trouble.get()
                      + "); stopped so as not to log them as wrong");
          return;
        }
      } else {
        streak = 0;
      }
      progress.update(stage, i + 1, toAsk.size());
    }
  }

  // Asks one question; logs a final answer. What went wrong outside the question, if anything.
  private Optional<String> ask(EvaluationQuestion q) {
    DataSource source = sources.get(q.database());
    llm.reset();
    Answer answer;
    try {
      if (union.isPresent()) {
        source = pointUnionAt(q.database());
      }
      Asker asking = asker.get();
      if (ready.add(source.name())) {
        try {
          asking.indexing().awaitReady(source.name(), watch.indexing());
          // What every question shares is built before the first one, as the index is.
          asking.pipeline().prepare(source);
        } catch (RuntimeException e) {
          ready.remove(source.name());
          throw e;
        }
      }
      AskQuestionUseCase.Command asked =
          new AskQuestionUseCase.Command(
              source.name(),
              questionText(q, command.evidence()),
              command.user(),
              Optional.of(strategy),
              OptionalInt.of(command.candidates()),
              Optional.empty(),
              command.baseline(),
              !command.ownExamples());
      if (strategies.size() > 1) {
        asked = asked.votingAcross(strategies);
      }
      if (command.examples().isPresent()) {
        asked = asked.withExamples(command.examples().get());
      }
      answer = asking.pipeline().ask(asked, llm, Progress.silent());
    } catch (RuntimeException e) {
      String why = "question " + q.id() + " failed: " + oneLine(e.getMessage(), e);
      notes.add(why + " (not logged; asked again next time)");
      watch.problems().accept(why + "; not logged, asked again next time");
      return Optional.of(why);
    }
    if (answer.status() == Answer.Status.QUEUED) {
      waiting++;
      return Optional.empty();
    }
    Optional<String> unavailable = llm.unavailable();
    if (unavailable.isPresent()) {
      String why = "the model failed: " + unavailable.get();
      watch
          .problems()
          .accept("question " + q.id() + ": " + why + "; not logged, asked again next time");
      return Optional.of(why);
    }
    PipelineAnswer logged = logged(q, answer);
    log.append(logged);
    done.put(q.id(), logged);
    askedNow++;
    return Optional.empty();
  }

  // The union source runs answers on the database of the question being asked.
  private DataSource pointUnionAt(String database) {
    DataSource on = union.get().askedOn(database);
    if (!database.equals(unionOn)) {
      Optional<DataSource> known = registered.find(on.name());
      if (known.isEmpty() || !known.get().equals(on)) {
        registered.save(on);
      }
      unionOn = database;
    }
    return on;
  }

  PipelineEvaluation.RunState state(PipelineRunLogPort log, List<EvaluationQuestion> questions) {
    int finished = 0;
    int skipped = 0;
    for (EvaluationQuestion q : questions) {
      if (!sources.containsKey(q.database())) {
        skipped++;
      } else if (done.containsKey(q.id())) {
        finished++;
      }
    }
    return new PipelineEvaluation.RunState(
        log.location(),
        questions.size(),
        finished,
        skipped,
        resumed,
        askedNow,
        waiting,
        unfinished,
        stopped);
  }

  /** The question as the pipeline gets it: BIRD's evidence appended when the run uses it. */
  static String questionText(EvaluationQuestion q, boolean evidence) {
    if (evidence && q.evidence().isPresent() && !q.evidence().get().isBlank()) {
      return q.question().strip() + "\nExternal Knowledge: " + q.evidence().get().strip();
    }
    return q.question();
  }

  private static String oneLine(String message, Exception e) {
    return (message == null ? e.getClass().getSimpleName() : message)
        .replaceAll("\\s+", " ")
        .strip();
  }

  static PipelineAnswer logged(EvaluationQuestion q, Answer a) {
    List<PipelineAnswer.StageUsage> stages = new ArrayList<>();
    for (StageReport s : a.stages()) {
      stages.add(
          new PipelineAnswer.StageUsage(
              s.name(),
              s.calls(),
              s.usage(),
              s.cost(),
              s.llmMillis(),
              s.otherMillis(),
              s.oneTime()));
    }
    return new PipelineAnswer(
        q.id(),
        q.database(),
        a.status().name().toLowerCase(Locale.ROOT),
        a.sql(),
        Math.max(0, Math.min(1, a.confidence())),
        a.candidates().size(),
        a.schemaElements(),
        stages,
        a.wallMillis(),
        a.llmWallMillis(),
        a.problem(),
        Optional.of(a.schemaView().way().label()));
  }
}
