package dev.parlance.domain.completion;

/**
 * Offline batch mode: {@link #complete} answers from a finished batch when the answer is known and
 * otherwise queues the request for the next batch (a {@link FailureKind#QUEUED} failure). Running
 * the same requests again never queues or pays for an answered request twice.
 */
public interface BatchCompletionPort extends CompleteChatPort {

  /** How many requests are answered, failed, sent and waiting, and where the next batch is. */
  BatchStatus status();
}
