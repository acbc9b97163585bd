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
public final class BackgroundWork implements Executor {

  private static final int THREADS = 2;

  private final ExecutorService pool;

  BackgroundWork() {
    AtomicInteger n = new AtomicInteger();
    pool =
        Executors.newFixedThreadPool(
            THREADS,
            r -> {
              Thread t = new Thread(r, "parlance-background-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
  }

  @Override
  public void execute(Runnable work) {
    pool.execute(work);
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
