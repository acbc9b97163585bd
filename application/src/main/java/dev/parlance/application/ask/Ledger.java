package dev.parlance.application.ask;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.completion.TokenUsage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Accounts for one question's stages: wall time, the part of it spent waiting for the model, and
 * the model's tokens and cost. Thread-safe: correction calls run concurrently. Each stage's start
 * and end go to an {@link AskProgress} as they happen, so that a caller can show the stages live.
 */
final class Ledger {

  private static final class Stage {
    int calls;
    TokenUsage usage = TokenUsage.NONE;
    Cost cost = Cost.ZERO;
    long llmNanos;
    long wallNanos;
    boolean oneTime;
  }

  private final Map<String, Stage> stages = new LinkedHashMap<>();
  private final CompleteChatPort llm;
  private final Progress progress;
  private volatile boolean queued;
  // Time during which at least one model call was in flight (calls may overlap).
  private int inFlight;
  private long busySince;
  private long busyNanos;

  Ledger(CompleteChatPort llm) {
    this(llm, Progress.silent());
  }

  Ledger(CompleteChatPort llm, Progress progress) {
    this.llm = llm;
    this.progress = progress;
  }

  /** Runs {@code work} as stage {@code name}, adding its wall time to the stage. */
  <T> T time(String name, Supplier<T> work) {
    long start = System.nanoTime();
    started(name);
    try {
      return work.get();
    } finally {
      long elapsed = System.nanoTime() - start;
      synchronized (this) {
        stage(name).wallNanos += elapsed;
      }
      ended(name);
    }
  }

  // A listener's failure (a client gone away) must not fail the question.
  private void started(String name) {
    if (progress instanceof AskProgress stages) {
      try {
        stages.stageStarted(name);
      } catch (RuntimeException e) {
        // the question goes on without its listener
      }
    }
  }

  private void ended(String name) {
    if (progress instanceof AskProgress stages) {
      try {
        stages.stageEnded(name);
      } catch (RuntimeException e) {
        // the question goes on without its listener
      }
    }
  }

  void time(String name, Runnable work) {
    time(
        name,
        () -> {
          work.run();
          return null;
        });
  }

  synchronized void markOneTime(String name) {
    stage(name).oneTime = true;
  }

  /**
   * Calls the model for stage {@code name}; the call's wall time counts as LLM time of the stage
   * (samples of one request may run in parallel, so their latencies are not summed).
   */
  Completions complete(String name, CompletionRequest request) {
    long start = System.nanoTime();
    started(name);
    enter(start);
    Completions c;
    try {
      c = llm.complete(request);
    } finally {
      exit(System.nanoTime());
      ended(name);
    }
    long elapsed = System.nanoTime() - start;
    synchronized (this) {
      Stage s = stage(name);
      s.calls += request.samples();
      s.usage = s.usage.plus(c.usage());
      s.cost = s.cost.plus(c.cost());
      s.llmNanos += elapsed;
      s.wallNanos += elapsed;
    }
    if (c.failures().stream().anyMatch(f -> f.kind() == FailureKind.QUEUED)) {
      queued = true;
    }
    return c;
  }

  private final List<String> repliesWithoutSql = new java.util.ArrayList<>();

  /** Keeps what the model said when its answer held no SQL: its reason, for the user. */
  synchronized void replyWithoutSql(String text) {
    if (text != null && !text.isBlank() && repliesWithoutSql.size() < 8) {
      repliesWithoutSql.add(text.strip());
    }
  }

  /** What the model said in its answers that held no SQL, first first. */
  synchronized List<String> repliesWithoutSql() {
    return List.copyOf(repliesWithoutSql);
  }

  /** Records a call made elsewhere (e.g. by the hallucination service) under stage {@code name}. */
  synchronized void record(String name, int calls, Completions c, long nanos) {
    Stage s = stage(name);
    s.calls += calls;
    s.usage = s.usage.plus(c.usage());
    s.cost = s.cost.plus(c.cost());
    s.llmNanos += nanos;
    s.wallNanos += nanos;
    if (c.failures().stream().anyMatch(f -> f.kind() == FailureKind.QUEUED)) {
      queued = true;
    }
  }

  private synchronized void enter(long now) {
    if (inFlight++ == 0) {
      busySince = now;
    }
  }

  private synchronized void exit(long now) {
    if (--inFlight == 0) {
      busyNanos += now - busySince;
    }
  }

  /** Wall time during which the model was working for this question. */
  synchronized long llmBusyMillis() {
    return busyNanos / 1_000_000;
  }

  /** Whether an offline batch queued a request: the question waits for the batch. */
  boolean queued() {
    return queued;
  }

  synchronized List<StageReport> reports() {
    List<StageReport> out = new ArrayList<>();
    stages.forEach(
        (name, s) ->
            out.add(
                new StageReport(
                    name,
                    s.calls,
                    s.usage,
                    s.cost,
                    s.llmNanos / 1_000_000,
                    Math.max(0, s.wallNanos - s.llmNanos) / 1_000_000,
                    s.oneTime)));
    return out;
  }

  private Stage stage(String name) {
    return stages.computeIfAbsent(name, k -> new Stage());
  }
}
