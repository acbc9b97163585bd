package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code parlance llm check} end to end, against a local server speaking OpenAI's wire format. */
class LlmCheckCommandTest {

  private static final String ANSWER =
      """
      {"id":"chatcmpl-AcC9rT2pLw5Xn8Yv1Kq4Zm7Hs3JdB","object":"chat.completion","created":1733770000,\
      "model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"message":{"role":"assistant",\
      "content":"ready","refusal":null},"logprobs":null,"finish_reason":"stop"}],\
      "usage":{"prompt_tokens":14,"completion_tokens":2,"total_tokens":16},\
      "system_fingerprint":"fp_bba3c8e70b"}""";

  private static final String BAD_KEY =
      """
      {"error":{"message":"Incorrect API key provided: sk-bad. You can find your API key at\
       https://platform.openai.com/account/api-keys.","type":"invalid_request_error",\
      "param":null,"code":"invalid_api_key"}}""";

  @TempDir Path home;

  private HttpServer server;
  private int status = 200;
  private String body = ANSWER;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  private int run(Map<String, String> env, String... args) {
    try (ParlanceContainer components = CliRun.container(home, env)) {
      return ParlanceCli.run(
          components,
          new PrintStream(out, true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8),
          args);
    }
  }

  private Map<String, String> openAiCompatible() {
    Map<String, String> env = new HashMap<>();
    env.put("PARLANCE_LLM_PROVIDER", "openai");
    env.put("PARLANCE_LLM_MODEL", "gpt-4o-mini");
    env.put("PARLANCE_LLM_API_KEY", "sk-test");
    env.put("PARLANCE_LLM_BASE_URL", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    env.put("PARLANCE_LLM_PRICE_INPUT", "0.15");
    env.put("PARLANCE_LLM_PRICE_OUTPUT", "0.60");
    return env;
  }

  @Test
  void should_print_vendor_model_tokens_cost_and_latency_when_the_model_answers()
      throws IOException {
    startServer();

    int code = run(openAiCompatible(), "llm", "check");

    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(code).isZero();
    assertThat(printed)
        .contains("profile   default: openai gpt-4o-mini at http://127.0.0.1:")
        .contains("vendor    openai")
        .contains("model     gpt-4o-mini-2024-07-18")
        .contains("answer    ready")
        .contains("tokens    14 prompt + 2 completion = 16")
        // 14 × $0.15/M + 2 × $0.60/M = $0.0000033
        .contains("cost      $0.000003")
        .containsPattern("latency   \\d+ ms \\(1 attempt\\)");
  }

  @Test
  void should_say_how_to_configure_a_model_and_exit_2_when_none_is_configured() {
    int code = run(Map.of(), "llm", "check");

    assertThat(code).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("no language model is configured")
        .contains("PARLANCE_LLM_PROVIDER=openai")
        .contains("OPENAI_API_KEY")
        .contains("ollama pull llama3.2");
  }

  @Test
  void should_name_the_missing_key_and_exit_2_when_the_vendor_needs_one() {
    int code =
        run(
            Map.of("PARLANCE_LLM_PROVIDER", "anthropic", "PARLANCE_LLM_MODEL", "claude"),
            "llm",
            "check");

    assertThat(code).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo(
            "parlance: Anthropic needs an API key: set PARLANCE_LLM_API_KEY (parlance.llm.api-key)"
                + " or ANTHROPIC_API_KEY"
                + System.lineSeparator());
  }

  @Test
  void should_show_the_vendors_words_and_where_the_key_lives_and_exit_1_when_the_key_is_wrong()
      throws IOException {
    status = 401;
    body = BAD_KEY;
    startServer();

    int code = run(openAiCompatible(), "llm", "check");

    assertThat(code).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains(
            "parlance: the language model did not answer: openai gpt-4o-mini: AUTHENTICATION:"
                + " HTTP 401: Incorrect API key provided: sk-bad.")
        .contains("check the key in parlance.llm.api-key (PARLANCE_LLM_API_KEY or OPENAI_API_KEY)");
  }

  @Test
  void should_answer_from_the_fallback_and_say_why_when_the_first_profile_fails()
      throws IOException {
    startServer();
    int closedPort;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    Map<String, String> env = openAiCompatible();
    env.put("PARLANCE_LLM_FALLBACK", "local");
    env.put("PARLANCE_LLM_PROFILES_LOCAL_PROVIDER", "ollama");
    env.put("PARLANCE_LLM_PROFILES_LOCAL_MODEL", "llama3.2");
    env.put("PARLANCE_LLM_PROFILES_LOCAL_BASE_URL", "http://127.0.0.1:" + closedPort);

    int code = run(env, "llm", "check", "--llm", "local");

    assertThat(code).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("ollama llama3.2: UNAVAILABLE: could not reach http://127.0.0.1:" + closedPort)
        .contains("is Ollama running (ollama serve)?");

    out.reset();
    err.reset();
    env.put("PARLANCE_LLM_PROFILE", "local");
    env.put("PARLANCE_LLM_PROFILES_LOCAL_FALLBACK", "default");

    code = run(env, "llm", "check");

    assertThat(code).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains(
            "profile   local: ollama llama3.2 at http://127.0.0.1:"
                + closedPort
                + ", then default: openai")
        .contains("vendor    openai");
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("failed    ollama llama3.2: UNAVAILABLE");
  }

  @Test
  void should_refuse_an_unknown_profile_with_the_key_to_set() {
    int code = run(Map.of(), "llm", "check", "--llm", "gpu");

    assertThat(code).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("no LLM profile 'gpu': set parlance.llm.profiles.gpu.provider");
  }

  @Test
  void should_report_the_batch_folder_instead_of_calling_when_the_profile_is_offline()
      throws IOException {
    Map<String, String> env = new HashMap<>();
    env.put("PARLANCE_LLM_PROFILES_EVAL_PROVIDER", "openai");
    env.put("PARLANCE_LLM_PROFILES_EVAL_MODEL", "gpt-4o-mini");
    env.put("PARLANCE_LLM_PROFILES_EVAL_BATCH_DIR", home.resolve("batch").toString());

    int code = run(env, "llm", "check", "--llm", "eval");

    assertThat(code).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("batch     0 answered, 0 failed, 0 in flight, 0 pending in");
  }
}
