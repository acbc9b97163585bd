package dev.parlance.domain.completion;

/**
 * Asks a language model to answer a conversation, once or several times (samples). Expected
 * failures — a vendor that is down, rate limits, timeouts, refusals, a rejected key — come back as
 * values in {@link Completions#failures()}, never as exceptions.
 */
@FunctionalInterface
public interface CompleteChatPort {
  Completions complete(CompletionRequest request);

  /**
   * Sends one small request down this client's whole path to a stand-in for the vendor on this
   * machine, so that the first real request does not pay for what a first call loads (the request's
   * serialisation, the HTTP client, the answer's parsing): a server's start-up preparation calls
   * it. Nothing leaves the machine, no key is sent, nothing is answered to anyone or counted.
   *
   * @return whether the rehearsal went through the whole path (false: this client cannot rehearse,
   *     or the rehearsal failed, which only leaves the first call as slow as it was)
   */
  default boolean rehearse() {
    return false;
  }
}
