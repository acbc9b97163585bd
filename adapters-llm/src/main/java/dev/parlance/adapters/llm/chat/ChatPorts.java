package dev.parlance.adapters.llm.chat;

import dev.langchain4j.model.chat.ChatModel;
import dev.parlance.domain.completion.CompleteChatPort;
import java.util.List;

/** Builds completion ports over langchain4j chat models; vendor factories start here. */
public final class ChatPorts {
  private ChatPorts() {}

  /** A port over an already built model, e.g. one whose transport a test swapped. */
  public static CompleteChatPort over(ChatModel model, ChatOptions options, VendorQuirks quirks) {
    return new LangChainChatAdapter(model, options, quirks);
  }

  /** A port that asks each model in turn for what the ones before it could not answer. */
  public static CompleteChatPort withFallback(List<CompleteChatPort> ordered) {
    return ordered.size() == 1 ? ordered.getFirst() : new FallbackChatAdapter(ordered);
  }
}
