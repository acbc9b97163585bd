package dev.parlance.adapters.llm.batch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.adapters.llm.batch.internal.BatchRequestLine;
import dev.parlance.adapters.llm.batch.internal.BatchRequestLine.ChatCompletionsBody;
import dev.parlance.adapters.llm.batch.internal.BatchRequestLine.WireMessage;
import dev.parlance.adapters.llm.batch.internal.BatchResultLine;
import dev.parlance.domain.completion.BatchCompletionPort;
import dev.parlance.domain.completion.BatchStatus;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.completion.ModelPrice;
import dev.parlance.domain.completion.PromptMessage;
import dev.parlance.domain.completion.TokenUsage;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Answers from OpenAI batch result files when it can, and queues the rest in {@code pending.jsonl}.
 * A request's id is a hash of its body plus the sample's index, so the same request asked again —
 * in this run or the next — finds its answer and is never queued twice. A successful result is
 * final; an error result is final unless another try may succeed (429, 5xx, an expired or cancelled
 * batch), in which case the request is queued again.
 */
final class BatchFolderAdapter implements BatchCompletionPort {

  static final String VENDOR = "openai-batch";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> RETRIABLE_ERRORS =
      Set.of("batch_expired", "batch_cancelled", "rate_limit_exceeded", "server_error");

  private final Path directory;
  private final Path pendingFile;
  private final String model;
  private final Optional<ModelPrice> price;
  private final String url;

  private final Map<String, List<BatchResultLine>> results = new LinkedHashMap<>();
  private final Map<String, Integer> submissions = new LinkedHashMap<>();
  private final Map<String, String> pending = new LinkedHashMap<>();

  BatchFolderAdapter(Path directory, String model, Optional<ModelPrice> price, String url) {
    this.directory = directory;
    this.pendingFile = directory.resolve("pending.jsonl");
    this.model = model;
    this.price = price;
    this.url = url;
    load();
  }

  @Override
  public synchronized Completions complete(CompletionRequest request) {
    ChatCompletionsBody body = body(request);
    String hash = hash(body);
    Completions all = new Completions(List.of(), List.of());
    for (int sample = 0; sample < request.samples(); sample++) {
      all = all.plus(answerOrQueue(hash + "-" + sample, body));
    }
    return all;
  }

  @Override
  public synchronized BatchStatus status() {
    int answered = 0;
    int failed = 0;
    int inFlight = 0;
    for (String id : knownIds()) {
      switch (state(id)) {
        case ANSWERED -> answered++;
        case FAILED -> failed++;
        case IN_FLIGHT -> inFlight++;
        case RETRY, UNKNOWN -> {}
      }
    }
    return new BatchStatus(answered, failed, inFlight, pending.size(), pendingFile);
  }

  private enum State {
    ANSWERED,
    FAILED,
    IN_FLIGHT,
    RETRY,
    UNKNOWN
  }

  private Completions answerOrQueue(String id, ChatCompletionsBody body) {
    switch (state(id)) {
      case ANSWERED, FAILED -> {
        return fromResult(finalResult(id));
      }
      case IN_FLIGHT -> {
        return queued(id, "submitted; waiting for the batch's results");
      }
      case RETRY, UNKNOWN -> {
        if (!pending.containsKey(id)) {
          append(id, body);
        }
        return queued(id, "queued in " + pendingFile);
      }
    }
    throw new IllegalStateException("unreachable");
  }

  private State state(String id) {
    List<BatchResultLine> lines = results.getOrDefault(id, List.of());
    if (lines.stream().anyMatch(BatchFolderAdapter::isSuccess)) {
      return State.ANSWERED;
    }
    if (lines.stream().anyMatch(l -> !retriable(l))) {
      return State.FAILED;
    }
    if (submissions.getOrDefault(id, 0) > lines.size()) {
      return State.IN_FLIGHT;
    }
    return lines.isEmpty() ? State.UNKNOWN : State.RETRY;
  }

  private BatchResultLine finalResult(String id) {
    List<BatchResultLine> lines = results.get(id);
    return lines.stream()
        .filter(BatchFolderAdapter::isSuccess)
        .findFirst()
        .orElseGet(() -> lines.stream().filter(l -> !retriable(l)).findFirst().orElseThrow());
  }

  private Set<String> knownIds() {
    Set<String> ids = new java.util.LinkedHashSet<>(results.keySet());
    ids.addAll(submissions.keySet());
    return ids;
  }

  private static boolean isSuccess(BatchResultLine line) {
    return line.response() != null && line.response().statusCode() == 200 && line.error() == null;
  }

  private static boolean retriable(BatchResultLine line) {
    if (isSuccess(line)) {
      return false;
    }
    if (line.response() != null) {
      int status = line.response().statusCode();
      return status == 429 || status >= 500;
    }
    return line.error() == null
        || line.error().code() == null
        || RETRIABLE_ERRORS.contains(line.error().code());
  }

  private Completions fromResult(BatchResultLine line) {
    if (!isSuccess(line)) {
      if (line.response() != null) {
        int status = line.response().statusCode();
        return failure(
            kindOfStatus(status),
            "HTTP " + status + ": " + errorMessage(line),
            TokenUsage.NONE,
            Cost.ZERO);
      }
      return failure(FailureKind.OTHER, errorMessage(line), TokenUsage.NONE, Cost.ZERO);
    }
    BatchResultLine.ChatCompletionObject completion;
    try {
      completion =
          JSON.treeToValue(line.response().body(), BatchResultLine.ChatCompletionObject.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      return failure(
          FailureKind.MALFORMED_ANSWER,
          "unreadable chat completion: " + e.getMessage(),
          TokenUsage.NONE,
          Cost.ZERO);
    }
    TokenUsage usage =
        completion.usage() == null
            ? TokenUsage.NONE
            : new TokenUsage(
                completion.usage().promptTokens(), completion.usage().completionTokens());
    Cost cost =
        completion.usage() == null || price.isEmpty() ? Cost.unpriced() : price.get().costOf(usage);
    String answeredBy = completion.model() == null ? model : completion.model();
    if (completion.choices() == null || completion.choices().isEmpty()) {
      return failure(FailureKind.MALFORMED_ANSWER, "the result has no choices", usage, cost);
    }
    BatchResultLine.Choice choice = completion.choices().getFirst();
    BatchResultLine.Message message = choice.message();
    if (message != null && message.refusal() != null && !message.refusal().isBlank()) {
      return failure(FailureKind.REFUSED, message.refusal(), usage, cost);
    }
    if ("content_filter".equals(choice.finishReason())) {
      return failure(
          FailureKind.REFUSED, "the vendor's content filter stopped the answer", usage, cost);
    }
    if (message == null || message.content() == null || message.content().isBlank()) {
      return failure(FailureKind.MALFORMED_ANSWER, "the model returned no text", usage, cost);
    }
    return Completions.of(
        new Completion(
            message.content(),
            usage,
            cost,
            VENDOR,
            answeredBy,
            Duration.ZERO,
            1,
            switch (String.valueOf(choice.finishReason())) {
              case "stop" -> Completion.Ending.FINISHED;
              case "length" -> Completion.Ending.TRUNCATED;
              default -> Completion.Ending.OTHER;
            }));
  }

  private Completions failure(FailureKind kind, String message, TokenUsage usage, Cost cost) {
    return Completions.failed(
        new CompletionFailure(kind, VENDOR, model, message, usage, cost, Duration.ZERO, 1));
  }

  private Completions queued(String id, String message) {
    return failure(FailureKind.QUEUED, id + " " + message, TokenUsage.NONE, Cost.ZERO);
  }

  private static FailureKind kindOfStatus(int status) {
    if (status == 401 || status == 403) {
      return FailureKind.AUTHENTICATION;
    }
    if (status == 429) {
      return FailureKind.RATE_LIMITED;
    }
    return status >= 500 ? FailureKind.UNAVAILABLE : FailureKind.BAD_REQUEST;
  }

  private static String errorMessage(BatchResultLine line) {
    if (line.response() != null && line.response().body() != null) {
      String m = line.response().body().path("error").path("message").asText("");
      if (!m.isBlank()) {
        return m;
      }
    }
    if (line.error() != null) {
      return (line.error().code() == null ? "" : line.error().code() + ": ")
          + (line.error().message() == null ? "" : line.error().message());
    }
    return "no result body";
  }

  private ChatCompletionsBody body(CompletionRequest request) {
    List<WireMessage> messages = new ArrayList<>();
    for (PromptMessage m : request.messages()) {
      messages.add(new WireMessage(m.role().name().toLowerCase(Locale.ROOT), m.text()));
    }
    return new ChatCompletionsBody(model, messages, request.temperature(), request.maxTokens());
  }

  private static String hash(ChatCompletionsBody body) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(JSON.writeValueAsString(body).getBytes(StandardCharsets.UTF_8));
      return "pl-" + HexFormat.of().formatHex(digest, 0, 16);
    } catch (NoSuchAlgorithmException | JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private void append(String id, ChatCompletionsBody body) {
    try {
      String line = JSON.writeValueAsString(new BatchRequestLine(id, "POST", url, body));
      Files.createDirectories(directory);
      Files.writeString(
          pendingFile,
          line + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
      pending.put(id, line);
    } catch (IOException e) {
      throw new BatchFileException(pendingFile, 0, e);
    }
  }

  // Reads results and submitted inputs, then rewrites pending.jsonl without the requests that
  // need no (further) sending: answered, failed for good, or already in flight.
  private void load() {
    for (Path file : jsonl(directory.resolve("results"))) {
      readLines(
          file,
          (line, n) -> {
            BatchResultLine result = JSON.readValue(line, BatchResultLine.class);
            if (result.customId() == null) {
              throw new IllegalArgumentException("a result line without custom_id");
            }
            results.computeIfAbsent(result.customId(), k -> new ArrayList<>()).add(result);
          });
    }
    for (Path file : jsonl(directory.resolve("submitted"))) {
      readLines(
          file,
          (line, n) -> {
            String id = JSON.readTree(line).path("custom_id").asText("");
            if (!id.isEmpty()) {
              submissions.merge(id, 1, Integer::sum);
            }
          });
    }
    if (Files.exists(pendingFile)) {
      Map<String, String> kept = new LinkedHashMap<>();
      readLines(
          pendingFile,
          (line, n) -> {
            String id = JSON.readTree(line).path("custom_id").asText("");
            State s = state(id);
            if (!id.isEmpty() && (s == State.UNKNOWN || s == State.RETRY)) {
              kept.putIfAbsent(id, line);
            }
          });
      pending.putAll(kept);
      rewritePending();
    }
  }

  private void rewritePending() {
    try {
      Path temp = Files.createTempFile(directory, "pending", ".tmp");
      Files.write(temp, pending.values(), StandardCharsets.UTF_8);
      Files.move(
          temp, pendingFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new BatchFileException(pendingFile, 0, e);
    }
  }

  @FunctionalInterface
  private interface LineReader {
    void read(String line, int number) throws IOException;
  }

  private static void readLines(Path file, LineReader reader) {
    int n = 0;
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        n++;
        if (!line.isBlank()) {
          reader.read(line, n);
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new BatchFileException(file, n, e);
    }
  }

  private static List<Path> jsonl(Path folder) {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".jsonl")).sorted().toList();
    } catch (IOException e) {
      throw new BatchFileException(folder, 0, e);
    }
  }
}
