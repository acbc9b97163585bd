package dev.parlance.domain.completion;

import java.nio.file.Path;

/**
 * The state of an offline batch folder, counted in requests (one per sample).
 *
 * @param answered requests with a successful result
 * @param failed requests whose result is a final error
 * @param inFlight requests submitted in an earlier batch whose result has not arrived
 * @param pending requests waiting in {@code pendingFile} for the next batch
 */
public record BatchStatus(int answered, int failed, int inFlight, int pending, Path pendingFile) {}
