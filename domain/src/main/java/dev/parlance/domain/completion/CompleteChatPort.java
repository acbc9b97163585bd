package dev.parlance.domain.completion;

/**
 * Asks a language model to answer a conversation, once or several times (samples). Expected
 * failures — a vendor that is down, rate limits, timeouts, refusals, a rejected key — come back as
 * values in {@link Completions#failures()}, never as exceptions.
 */
@FunctionalInterface
public interface CompleteChatPort {
  Completions complete(CompletionRequest request);
}
