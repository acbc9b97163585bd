package dev.parlance.adapters.llm.chat;

import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import java.util.List;

/**
 * Tries vendors in order: samples the first one could not answer (for a reason another vendor may
 * not share) are asked of the next. Every attempt's failures stay in the result, so their cost and
 * the reason for the switch are visible.
 */
final class FallbackChatAdapter implements CompleteChatPort {

  private final List<CompleteChatPort> chain;

  FallbackChatAdapter(List<CompleteChatPort> chain) {
    if (chain.isEmpty()) {
      throw new IllegalArgumentException("a fallback chain needs at least one model");
    }
    this.chain = List.copyOf(chain);
  }

  @Override
  public Completions complete(CompletionRequest request) {
    Completions all = new Completions(List.of(), List.of());
    int wanted = request.samples();
    for (CompleteChatPort port : chain) {
      Completions got = port.complete(request.withSamples(wanted));
      all = all.plus(got);
      int missing = wanted - got.completions().size();
      int worthRetrying =
          (int) got.failures().stream().filter(f -> f.kind().worthAnotherVendor()).count();
      wanted = Math.min(missing, worthRetrying);
      if (wanted <= 0) {
        break;
      }
    }
    return all;
  }

  /** Every vendor of the chain rehearses: any of them may answer a first question. */
  @Override
  public boolean rehearse() {
    boolean all = true;
    for (CompleteChatPort port : chain) {
      all &= port.rehearse();
    }
    return all;
  }
}
