package dev.parlance.adapters.db.store;

import dev.parlance.domain.governance.FindAuditPort;
import dev.parlance.domain.governance.QueryAttempted;
import dev.parlance.domain.governance.RecordAuditPort;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Audit records written by a background thread in batches, so that a statement does not wait for
 * the store's commit. Nothing is dropped: a full buffer makes callers wait, reads and {@link
 * #close()} wait until everything queued is written. A crash of the process can lose what is still
 * queued (at most a few milliseconds of records); the synchronous mode cannot.
 */
final class BufferedAuditAdapter implements RecordAuditPort, FindAuditPort, AutoCloseable {
  private static final int CAPACITY = 10_000;
  private static final int BATCH = 500;

  private final HibernateAuditAdapter store;
  private final BlockingQueue<QueryAttempted> queue = new ArrayBlockingQueue<>(CAPACITY);
  private final Thread writer;
  private final Object progress = new Object();
  private long queued;
  private long written;
  private volatile boolean closing;
  private volatile RuntimeException failure;

  BufferedAuditAdapter(HibernateAuditAdapter store) {
    this.store = store;
    this.writer = new Thread(this::drain, "parlance-audit-writer");
    writer.setDaemon(true);
    writer.start();
  }

  @Override
  public void record(QueryAttempted attempt) {
    RuntimeException failed = failure;
    if (failed != null) {
      throw new StoreException("the audit trail cannot be written: " + failed.getMessage(), failed);
    }
    synchronized (progress) {
      queued++;
    }
    try {
      queue.put(attempt);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      store.record(attempt); // never lose a record: write it here instead
      markWritten(1);
    }
  }

  @Override
  public List<QueryAttempted> latest(String source, int limit) {
    flush();
    return store.latest(source, limit);
  }

  /** Waits until every record queued so far is in the store. */
  void flush() {
    synchronized (progress) {
      long target = queued;
      while (written < target && failure == null) {
        try {
          progress.wait(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
    if (failure != null) {
      throw new StoreException(
          "the audit trail cannot be written: " + failure.getMessage(), failure);
    }
  }

  private void drain() {
    List<QueryAttempted> batch = new ArrayList<>(BATCH);
    while (!closing || !queue.isEmpty()) {
      try {
        QueryAttempted first = queue.poll(100, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        batch.add(first);
        queue.drainTo(batch, BATCH - 1);
        writeWithRetry(batch);
        markWritten(batch.size());
        batch.clear();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (RuntimeException e) {
        failure = e;
        synchronized (progress) {
          progress.notifyAll();
        }
        return;
      }
    }
  }

  private void writeWithRetry(List<QueryAttempted> batch) throws InterruptedException {
    RuntimeException last = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      try {
        store.recordAll(batch);
        return;
      } catch (RuntimeException e) {
        last = e;
        Thread.sleep(200L << attempt);
      }
    }
    throw last;
  }

  private void markWritten(int n) {
    synchronized (progress) {
      written += n;
      progress.notifyAll();
    }
  }

  @Override
  public void close() {
    try {
      flush();
    } finally {
      closing = true;
      try {
        writer.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
