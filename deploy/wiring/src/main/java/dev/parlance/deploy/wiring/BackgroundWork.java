package dev.parlance.deploy.wiring;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where work nobody waits for runs (a source's indexing after it changed): a small pool of daemon
 * threads, so that it never keeps a process alive, shut down with the container.
 */
public class BackgroundWork implements Executor {

  private static final int THREADS = 2;

  private final ExecutorService pool;

  BackgroundWork() {
    this("parlance-background-", THREADS);
  }

  BackgroundWork(String threadName, int threads) {
    AtomicInteger n = new AtomicInteger();
    pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, threadName + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
  }

  @Override
  public void execute(Runnable work) {
    pool.execute(work);
  }

  /**
   * The threads of curation's jobs (publish, rollback, the model check): apart from indexing's, so
   * that a steward's publish never waits behind a long re-index or quality measurement.
   */
  static final class CurationJobThreads extends BackgroundWork {
    CurationJobThreads() {
      super("parlance-curation-", 2);
    }
  }

  void shutdown() {
    pool.shutdownNow();
    try {
      pool.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
