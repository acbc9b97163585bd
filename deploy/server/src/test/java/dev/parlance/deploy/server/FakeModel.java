package dev.parlance.deploy.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A language model faked on the wire for the portal's ITs: a local server speaking OpenAI's
 * chat-completions format that answers the pipeline's real prompts by the question they carry (the
 * first recorded fragment found in the last user message chooses the answer). Started once per test
 * run; the server reaches it through the {@code parlance.llm.*} variables.
 */
final class FakeModel {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static FakeModel instance;

  private final Map<String, String> answers = new LinkedHashMap<>();
  private final HttpServer server;

  private FakeModel() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
    server.createContext(
        "/",
        exchange -> {
          JsonNode request = JSON.readTree(exchange.getRequestBody());
          String lastUser = "";
          for (JsonNode m : request.path("messages")) {
            if (m.path("role").asText().equals("user")) {
              lastUser = m.path("content").asText();
            }
          }
          byte[] body = completion(answer(lastUser)).getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }

  static synchronized FakeModel get() {
    if (instance == null) {
      instance = new FakeModel();
    }
    return instance;
  }

  /** Answers every prompt whose question contains {@code fragment} with this SQL. */
  synchronized FakeModel answer(String fragment, String sql, String explanation) {
    answers.put(
        fragment, "Here is the query.\n```sql\n" + sql + "\n```\nExplanation: " + explanation);
    return this;
  }

  private synchronized String answer(String lastUser) {
    if (lastUser.contains("Hallucinate a minimal schema")) {
      return "Installation(code, name, region)";
    }
    for (var e : answers.entrySet()) {
      if (lastUser.contains(e.getKey())) {
        return e.getValue();
      }
    }
    return "I do not know.";
  }

  /** The server variables that point the portal's default language model here. */
  Map<String, String> variables() {
    return Map.of(
        "parlance.llm.provider", "openai",
        "parlance.llm.model", "gpt-4o-mini",
        "parlance.llm.api-key", "sk-test",
        "parlance.llm.base-url", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1",
        "parlance.llm.price.input", "0.15",
        "parlance.llm.price.output", "0.60");
  }

  private static String completion(String content) {
    ObjectNode root = JSON.createObjectNode();
    root.put("id", "chatcmpl-fake");
    root.put("object", "chat.completion");
    root.put("created", 1733770000);
    root.put("model", "gpt-4o-mini-2024-07-18");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode message = choice.putObject("message");
    message.put("role", "assistant");
    message.put("content", content);
    choice.put("finish_reason", "stop");
    ObjectNode usage = root.putObject("usage");
    usage.put("prompt_tokens", 1200);
    usage.put("completion_tokens", 60);
    usage.put("total_tokens", 1260);
    return root.toString();
  }
}
