package dev.parlance.adapters.llm.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A local HTTP server that plays a vendor: it answers with scripted replies (recorded bodies in the
 * vendor's wire format) in order, repeating the last one, and records every request it gets.
 */
public final class WireServer implements AutoCloseable {

  /** One scripted reply. */
  public record Reply(int status, String body, Map<String, String> headers, Duration delay) {
    public Reply after(Duration value) {
      return new Reply(status, body, headers, value);
    }

    public Reply withHeader(String name, String value) {
      var all = new java.util.LinkedHashMap<>(headers);
      all.put(name, value);
      return new Reply(status, body, all, delay);
    }
  }

  /** One request as the server saw it. */
  public record Received(
      String method, String path, String query, Map<String, List<String>> headers, String body) {
    public String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().getFirst())
          .findFirst()
          .orElse(null);
    }
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final Deque<Reply> script = new ArrayDeque<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();

  private WireServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
  }

  public static WireServer start() {
    try {
      return new WireServer();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A reply whose body is a recorded file under {@code src/test/resources/wire/}. */
  public static Reply recorded(int status, String resource) {
    return new Reply(status, read(resource), Map.of(), Duration.ZERO);
  }

  public static Reply raw(int status, String body) {
    return new Reply(status, body, Map.of(), Duration.ZERO);
  }

  public static String read(String resource) {
    try (InputStream in = WireServer.class.getResourceAsStream("/wire/" + resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no recorded body /wire/" + resource);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Replaces the script: these replies in order, the last one for every later request. */
  public synchronized WireServer replies(Reply... replies) {
    script.clear();
    script.addAll(List.of(replies));
    return this;
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public List<Received> received() {
    return List.copyOf(received);
  }

  public Received last() {
    return received.getLast();
  }

  private synchronized Reply next() {
    if (script.isEmpty()) {
      return raw(500, "{\"error\":{\"message\":\"the test scripted no reply\"}}");
    }
    return script.size() == 1 ? script.peekFirst() : script.pollFirst();
  }

  private void handle(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    received.add(
        new Received(
            exchange.getRequestMethod(),
            exchange.getRequestURI().getPath(),
            exchange.getRequestURI().getRawQuery(),
            Map.copyOf(exchange.getRequestHeaders()),
            body));
    Reply reply = next();
    try {
      if (!reply.delay().isZero()) {
        Thread.sleep(reply.delay().toMillis());
      }
      byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      reply.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
      exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
      if (bytes.length > 0) {
        exchange.getResponseBody().write(bytes);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException clientGone) {
      // the client timed out and hung up
    } finally {
      exchange.close();
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
