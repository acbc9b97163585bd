package dev.parlance.adapters.llm.chat;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.completion.PromptMessage;
import dev.parlance.domain.completion.TokenUsage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Completes a conversation with any langchain4j chat model: one call per sample (samples run in
 * parallel up to a limit), retries with backoff on 429 and 5xx, and per-call token and cost
 * accounting. Vendor differences come in through {@link VendorQuirks}.
 */
final class LangChainChatAdapter implements CompleteChatPort {

  /**
   * How the client rehearses: the same vendor's model built against a base URL (a {@link
   * LocalStandIn}'s), and the answer in the vendor's format that the stand-in gives.
   */
  record Rehearsal(Function<String, ChatModel> modelAt, String answer) {}

  // A question in a prompt's shape, with the settings a question's call sends.
  private static final CompletionRequest REHEARSAL =
      CompletionRequest.of(
              "Answer with one SQL query.", "Question: how many items are there per category?")
          .withMaxTokens(16);

  private static final Logger LOG = Logger.getLogger(LangChainChatAdapter.class.getName());

  private final ChatModel model;
  private final ChatOptions options;
  private final VendorQuirks quirks;
  private final FailureClassifier classifier;
  private final Optional<Rehearsal> rehearsal;

  LangChainChatAdapter(ChatModel model, ChatOptions options, VendorQuirks quirks) {
    this(model, options, quirks, Optional.empty());
  }

  LangChainChatAdapter(
      ChatModel model, ChatOptions options, VendorQuirks quirks, Optional<Rehearsal> rehearsal) {
    this.model = model;
    this.options = options;
    this.quirks = quirks;
    this.classifier = new FailureClassifier(quirks);
    this.rehearsal = rehearsal;
  }

  /**
   * One request through the same vendor's model, built against a {@link LocalStandIn} that answers
   * in the vendor's format, and through this adapter's reading of the answer; the vendor is not
   * called and the result is dropped.
   */
  @Override
  public boolean rehearse() {
    if (rehearsal.isEmpty()) {
      return false;
    }
    try (LocalStandIn standIn = LocalStandIn.answering(rehearsal.get().answer())) {
      ChatModel local = rehearsal.get().modelAt().apply(standIn.baseUrl());
      Completions rehearsed =
          new LangChainChatAdapter(
                  local,
                  new ChatOptions(
                      options.vendor(),
                      options.model(),
                      options.price(),
                      RetryPolicy.defaults().withMaxRetries(0),
                      1),
                  quirks)
              .complete(REHEARSAL);
      if (rehearsed.failures().isEmpty() && rehearsed.completions().size() == 1) {
        return true;
      }
      LOG.fine(() -> options.vendor() + "'s client did not rehearse: " + rehearsed.failures());
      return false;
    } catch (RuntimeException e) {
      // The first question pays for the first call, as without a rehearsal.
      LOG.log(Level.FINE, e, () -> options.vendor() + "'s client could not rehearse");
      return false;
    }
  }

  @Override
  public Completions complete(CompletionRequest request) {
    ChatRequest chatRequest = toChatRequest(request);
    if (request.samples() == 1) {
      return sample(chatRequest);
    }
    Semaphore slots = new Semaphore(options.parallelism());
    try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<Completions>> futures = new ArrayList<>();
      for (int i = 0; i < request.samples(); i++) {
        futures.add(
            executor.submit(
                () -> {
                  slots.acquire();
                  try {
                    return sample(chatRequest);
                  } finally {
                    slots.release();
                  }
                }));
      }
      Completions all = new Completions(List.of(), List.of());
      for (Future<Completions> f : futures) {
        all = all.plus(f.get());
      }
      return all;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return failed(FailureKind.OTHER, "interrupted", Duration.ZERO, 1);
    } catch (ExecutionException e) {
      return failed(FailureKind.OTHER, String.valueOf(e.getCause()), Duration.ZERO, 1);
    }
  }

  // One sample: as many attempts as the retry policy allows.
  private Completions sample(ChatRequest chatRequest) {
    long start = System.nanoTime();
    RetryPolicy retry = options.retry();
    for (int attempt = 1; ; attempt++) {
      FailureClassifier.Classified failure;
      try {
        ChatResponse response = model.chat(chatRequest);
        return answer(response, elapsed(start), attempt);
      } catch (RuntimeException e) {
        failure = classifier.classify(e);
      }
      if (!failure.retriable() || attempt > retry.maxRetries()) {
        return failed(failure.kind(), failure.message(), elapsed(start), attempt);
      }
      int retryNumber = attempt;
      Duration wait = failure.retryAfter().orElseGet(() -> retry.backoff(retryNumber));
      if (wait.compareTo(retry.maxRetryAfter()) > 0) {
        return failed(
            failure.kind(),
            failure.message() + " (the vendor asks to wait " + wait.toSeconds() + " s)",
            elapsed(start),
            attempt);
      }
      try {
        retry.pause().pause(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return failed(failure.kind(), failure.message(), elapsed(start), attempt);
      }
    }
  }

  private Completions answer(ChatResponse response, Duration latency, int attempts) {
    Optional<TokenUsage> usage = usage(response);
    Cost cost =
        usage.isPresent() && options.price().isPresent()
            ? options.price().get().costOf(usage.get())
            : Cost.unpriced();
    String modelName = modelName(response);
    Optional<String> refusal = quirks.refusal(response);
    if (refusal.isPresent()) {
      return Completions.failed(
          new CompletionFailure(
              FailureKind.REFUSED,
              options.vendor(),
              modelName,
              refusal.get(),
              usage.orElse(TokenUsage.NONE),
              cost,
              latency,
              attempts));
    }
    FinishReason finish = response.metadata() == null ? null : response.metadata().finishReason();
    String text = response.aiMessage() == null ? null : response.aiMessage().text();
    if (text == null || text.isBlank()) {
      return Completions.failed(
          new CompletionFailure(
              FailureKind.MALFORMED_ANSWER,
              options.vendor(),
              modelName,
              "the model returned no text"
                  + (finish == null ? "" : " (finish reason " + finish + ")"),
              usage.orElse(TokenUsage.NONE),
              cost,
              latency,
              attempts));
    }
    return Completions.of(
        new Completion(
            text,
            usage.orElse(TokenUsage.NONE),
            cost,
            options.vendor(),
            modelName,
            latency,
            attempts,
            ending(finish)));
  }

  private Completions failed(FailureKind kind, String message, Duration latency, int attempts) {
    return Completions.failed(
        CompletionFailure.of(kind, options.vendor(), options.model(), message, latency, attempts));
  }

  private ChatRequest toChatRequest(CompletionRequest request) {
    List<ChatMessage> messages = new ArrayList<>();
    for (PromptMessage m : request.messages()) {
      messages.add(
          switch (m.role()) {
            case SYSTEM -> SystemMessage.from(m.text());
            case USER -> UserMessage.from(m.text());
            case ASSISTANT -> AiMessage.from(m.text());
          });
    }
    return ChatRequest.builder()
        .messages(messages)
        .parameters(
            ChatRequestParameters.builder()
                .modelName(options.model())
                .temperature(request.temperature())
                .maxOutputTokens(request.maxTokens())
                .build())
        .build();
  }

  private static Optional<TokenUsage> usage(ChatResponse response) {
    if (response.metadata() == null || response.metadata().tokenUsage() == null) {
      return Optional.empty();
    }
    var u = response.metadata().tokenUsage();
    if (u.inputTokenCount() == null && u.outputTokenCount() == null) {
      return Optional.empty();
    }
    return Optional.of(
        new TokenUsage(
            u.inputTokenCount() == null ? 0 : u.inputTokenCount(),
            u.outputTokenCount() == null ? 0 : u.outputTokenCount()));
  }

  private String modelName(ChatResponse response) {
    String reported = response.metadata() == null ? null : response.metadata().modelName();
    return reported == null || reported.isBlank() ? options.model() : reported;
  }

  private static Completion.Ending ending(FinishReason finish) {
    if (finish == FinishReason.STOP) {
      return Completion.Ending.FINISHED;
    }
    if (finish == FinishReason.LENGTH) {
      return Completion.Ending.TRUNCATED;
    }
    return Completion.Ending.OTHER;
  }

  private static Duration elapsed(long start) {
    return Duration.ofNanos(System.nanoTime() - start);
  }
}
