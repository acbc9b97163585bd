package dev.parlance.adapters.llm.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A local server speaking OpenAI's chat-completions wire format that answers the pipeline's real
 * prompts from recordings: the first recorded fragment found in the last user message chooses the
 * answer (answers to one fragment are given in turn, the last one repeating). It keeps every prompt
 * it was sent and can take a fixed time to answer, like a real model. Shared through this module's
 * test-jar by the command line's tests and the server's ITs.
 */
public final class RecordedOpenAi implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Map<String, List<String>> answers = new LinkedHashMap<>();
  private final Map<List<String>, List<String>> combined = new LinkedHashMap<>();
  private final Map<String, Integer> turns = new HashMap<>();
  private final List<String> prompts = new ArrayList<>();
  private final java.util.Set<String> authorizations =
      java.util.concurrent.ConcurrentHashMap.newKeySet();
  private final HttpServer server;
  private volatile long delayMs;
  private volatile int unavailableAfter = Integer.MAX_VALUE;
  private int recordedAnswers;

  public RecordedOpenAi() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(8));
    server.createContext(
        "/",
        exchange -> {
          JsonNode request = JSON.readTree(exchange.getRequestBody());
          String authorization = exchange.getRequestHeaders().getFirst("Authorization");
          if (authorization != null) {
            authorizations.add(authorization);
          }
          StringBuilder all = new StringBuilder();
          String lastUser = "";
          for (JsonNode m : request.path("messages")) {
            String text = m.path("content").asText();
            all.append(text).append('\n');
            if (m.path("role").asText().equals("user")) {
              lastUser = text;
            }
          }
          if (unavailable(lastUser)) {
            byte[] body =
                "{\"error\":{\"message\":\"The server is overloaded.\",\"type\":\"server_error\"}}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(503, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
            return;
          }
          synchronized (prompts) {
            prompts.add(all.toString());
          }
          String content = answer(lastUser);
          if (delayMs > 0) {
            try {
              Thread.sleep(delayMs);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          byte[] body = completion(content).getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }

  public RecordedOpenAi answer(String fragment, String... texts) {
    answers.put(fragment, List.of(texts));
    return this;
  }

  /**
   * Answers a last user message that holds every one of {@code fragments} (checked before the
   * single fragments, in the order recorded): e.g. a question and a word only one schema has.
   */
  public RecordedOpenAi answerWhenAll(List<String> fragments, String... texts) {
    combined.put(List.copyOf(fragments), List.of(texts));
    return this;
  }

  /** After {@code answers} recorded (non-hallucination) answers, every call gets a 503. */
  public RecordedOpenAi unavailableAfter(int answers) {
    unavailableAfter = answers;
    return this;
  }

  private synchronized boolean unavailable(String lastUser) {
    if (recordedAnswers >= unavailableAfter) {
      return true;
    }
    if (!lastUser.contains("Hallucinate a minimal schema")) {
      recordedAnswers++;
    }
    return false;
  }

  /** The recorded answer to a last user message, as the server would give it. */
  public String reply(String lastUser) {
    return answer(lastUser);
  }

  public RecordedOpenAi delay(long millis) {
    delayMs = millis;
    return this;
  }

  /** The Authorization headers the server was sent (the key a client used). */
  public java.util.Set<String> authorizations() {
    return java.util.Set.copyOf(authorizations);
  }

  public List<String> prompts() {
    synchronized (prompts) {
      return List.copyOf(prompts);
    }
  }

  /** The base URL of the OpenAI-format API this server speaks. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** Environment that points the default LLM profile at this server. */
  public Map<String, String> environment() {
    Map<String, String> env = new HashMap<>();
    env.put("PARLANCE_LLM_PROVIDER", "openai");
    env.put("PARLANCE_LLM_MODEL", "gpt-4o-mini");
    env.put("PARLANCE_LLM_API_KEY", "sk-test");
    env.put("PARLANCE_LLM_BASE_URL", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    env.put("PARLANCE_LLM_PRICE_INPUT", "0.15");
    env.put("PARLANCE_LLM_PRICE_OUTPUT", "0.60");
    return env;
  }

  private synchronized String answer(String lastUser) {
    if (lastUser.contains("Hallucinate a minimal schema")) {
      // CRUSH4SQL's step: one recorded hallucination serves every question of these tests.
      return "Installation(code, name), MaintenanceOrder(status, installation), Singer(name, age)";
    }
    for (var e : combined.entrySet()) {
      if (e.getKey().stream().allMatch(lastUser::contains)) {
        int turn = turns.merge(String.join("\u0000", e.getKey()), 1, Integer::sum) - 1;
        return e.getValue().get(Math.min(turn, e.getValue().size() - 1));
      }
    }
    for (var e : answers.entrySet()) {
      if (lastUser.contains(e.getKey())) {
        int turn = turns.merge(e.getKey(), 1, Integer::sum) - 1;
        return e.getValue().get(Math.min(turn, e.getValue().size() - 1));
      }
    }
    return "I do not know.";
  }

  /** A chat completion in OpenAI's wire format with the given text (1200 + 60 tokens). */
  public static String completion(String content) {
    ObjectNode root = JSON.createObjectNode();
    root.put("id", "chatcmpl-recorded");
    root.put("object", "chat.completion");
    root.put("created", 1733770000);
    root.put("model", "gpt-4o-mini-2024-07-18");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode message = choice.putObject("message");
    message.put("role", "assistant");
    message.put("content", content);
    message.putNull("refusal");
    choice.putNull("logprobs");
    choice.put("finish_reason", "stop");
    ObjectNode usage = root.putObject("usage");
    usage.put("prompt_tokens", 1200);
    usage.put("completion_tokens", 60);
    usage.put("total_tokens", 1260);
    return root.toString();
  }

  @Override
  public void close() {
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
  }
}
