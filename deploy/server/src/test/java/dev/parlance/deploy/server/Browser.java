package dev.parlance.deploy.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * A browser as far as HTTP goes: follows no redirect by itself (tests look at each hop), keeps the
 * cookies each host sets and sends them back to that host, and records every {@code Set-Cookie}
 * line so tests can check the flags. Trusts the portal's self-signed certificate.
 */
final class Browser {

  private final HttpClient http;
  private final Map<String, Map<String, String>> cookies = new LinkedHashMap<>();
  private final List<String> setCookieLines = new ArrayList<>();

  Browser() {
    http =
        HttpClient.newBuilder()
            .sslContext(trustAll())
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
  }

  static HttpClient client() {
    return HttpClient.newBuilder()
        .sslContext(trustAll())
        .connectTimeout(Duration.ofSeconds(10))
        .build();
  }

  HttpResponse<String> get(URI uri) {
    return send(HttpRequest.newBuilder(uri).GET(), uri);
  }

  HttpResponse<String> postForm(URI uri, Map<String, String> form, Map<String, String> headers) {
    String body =
        form.entrySet().stream()
            .map(
                e ->
                    URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)
                        + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(request::header);
    return send(request, uri);
  }

  /** Follows redirects from {@code response} while they stay on hosts whose ports are given. */
  HttpResponse<String> follow(HttpResponse<String> response, int hops) {
    HttpResponse<String> current = response;
    for (int i = 0; i < hops && isRedirect(current); i++) {
      current = get(location(current));
    }
    return current;
  }

  static boolean isRedirect(HttpResponse<String> response) {
    return response.statusCode() / 100 == 3
        && response.headers().firstValue("Location").isPresent();
  }

  static URI location(HttpResponse<String> response) {
    return response
        .request()
        .uri()
        .resolve(response.headers().firstValue("Location").orElseThrow());
  }

  List<String> setCookieLines() {
    return setCookieLines;
  }

  String cookie(URI on, String name) {
    return cookies.getOrDefault(hostKey(on), Map.of()).get(name);
  }

  private HttpResponse<String> send(HttpRequest.Builder request, URI uri) {
    Map<String, String> jar = cookies.getOrDefault(hostKey(uri), Map.of());
    if (!jar.isEmpty()) {
      request.header(
          "Cookie",
          jar.entrySet().stream()
              .map(e -> e.getKey() + "=" + e.getValue())
              .collect(Collectors.joining("; ")));
    }
    try {
      HttpResponse<String> response =
          http.send(
              request.timeout(Duration.ofMinutes(5)).build(), // guards a hang, not a speed
              HttpResponse.BodyHandlers.ofString());
      for (String line : response.headers().allValues("Set-Cookie")) {
        setCookieLines.add(line);
        String pair = line.split(";", 2)[0];
        int eq = pair.indexOf('=');
        String name = pair.substring(0, eq).strip();
        String value = pair.substring(eq + 1).strip();
        boolean expired =
            line.toLowerCase().contains("max-age=0") || value.isEmpty() || value.equals("\"\"");
        Map<String, String> host =
            cookies.computeIfAbsent(hostKey(uri), k -> new LinkedHashMap<>());
        if (expired) {
          host.remove(name);
        } else {
          host.put(name, value);
        }
      }
      return response;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String hostKey(URI uri) {
    return uri.getHost() + ":" + uri.getPort();
  }

  static SSLContext trustAll() {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(
          null,
          new TrustManager[] {
            new X509TrustManager() {
              @Override
              public void checkClientTrusted(X509Certificate[] chain, String authType) {}

              @Override
              public void checkServerTrusted(X509Certificate[] chain, String authType) {}

              @Override
              public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
              }
            }
          },
          new SecureRandom());
      return context;
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
