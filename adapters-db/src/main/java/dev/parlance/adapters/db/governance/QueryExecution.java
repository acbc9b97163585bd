package dev.parlance.adapters.db.governance;

import dev.parlance.domain.governance.ExecuteQueryPort;

/** Governed execution that keeps connections open between statements; close it when done. */
public interface QueryExecution extends ExecuteQueryPort, AutoCloseable {
  @Override
  void close();
}
