package dev.parlance.adapters.index.opensearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.parlance.adapters.index.SearchIndexes;
import dev.parlance.domain.retrieval.IndexSchemaPort.IndexStatus;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A production cluster speaks HTTPS with basic authentication. OpenSearch's security plugin is not
 * on Maven Central, so a local HTTPS server with a certificate made for the test, answering like
 * OpenSearch, stands in for it: the client must trust it through the configured trust store and
 * send the configured credentials.
 */
class OpenSearchSecurityTest {

  private static final String STORE_PASSWORD = "server-secret";
  private static final String TRUST_PASSWORD = "trust-secret";

  @TempDir static Path dir;
  static HttpsServer server;
  static Path trustStore;
  static final List<String> authorizations = new CopyOnWriteArrayList<>();
  static final List<String> acceptedEncodings = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    Path keyStore = dir.resolve("node.p12");
    Path certificate = dir.resolve("node.cer");
    trustStore = dir.resolve("trust.p12");
    keytool(
        "-genkeypair",
        "-alias",
        "node",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-dname",
        "CN=localhost",
        "-ext",
        "SAN=ip:127.0.0.1,dns:localhost",
        "-validity",
        "2",
        "-keystore",
        keyStore.toString(),
        "-storetype",
        "PKCS12",
        "-storepass",
        STORE_PASSWORD);
    keytool(
        "-exportcert",
        "-alias",
        "node",
        "-keystore",
        keyStore.toString(),
        "-storepass",
        STORE_PASSWORD,
        "-file",
        certificate.toString());
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "node",
        "-file",
        certificate.toString(),
        "-keystore",
        trustStore.toString(),
        "-storetype",
        "PKCS12",
        "-storepass",
        TRUST_PASSWORD);

    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keyStore)) {
      keys.load(in, STORE_PASSWORD.toCharArray());
    }
    KeyManagerFactory managers =
        KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    managers.init(keys, STORE_PASSWORD.toCharArray());
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(managers.getKeyManagers(), null, null);
    server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setHttpsConfigurator(new HttpsConfigurator(tls));
    String expected =
        "Basic "
            + Base64.getEncoder()
                .encodeToString("parlance:s3cret".getBytes(StandardCharsets.UTF_8));
    server.createContext(
        "/",
        exchange -> {
          String auth = exchange.getRequestHeaders().getFirst("Authorization");
          authorizations.add(auth == null ? "" : auth);
          String encodings = exchange.getRequestHeaders().getFirst("Accept-Encoding");
          acceptedEncodings.add(encodings == null ? "" : encodings);
          String body;
          int status;
          if (!expected.equals(auth)) {
            status = 401;
            body =
                "{\"error\":{\"type\":\"security_exception\",\"reason\":\"Authentication"
                    + " finally failed\"},\"status\":401}";
          } else if (exchange.getRequestURI().getPath().equals("/parlance-schema-demo/_mapping")) {
            status = 200;
            body =
                "{\"parlance-schema-demo.17000000000000001\":{\"mappings\":{\"_meta\":"
                    + "{\"source\":\"demo\",\"model\":\"bge-small-en-v15-q\",\"elements\":303,"
                    + "\"fingerprint\":\"abc\"}}}}";
          } else {
            status = 404;
            body =
                "{\"error\":{\"type\":\"index_not_found_exception\",\"reason\":\"no such index\"},\"status\":404}";
          }
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
  }

  @AfterAll
  static void stop() {
    server.stop(0);
  }

  private static String url() {
    return "https://127.0.0.1:" + server.getAddress().getPort();
  }

  private static SearchIndexes trustedWithCredentials() {
    return OpenSearchIndexes.connect(
        OpenSearchIndexes.Connection.to(url())
            .withCredentials("parlance", "s3cret")
            .withTrustStore(trustStore, Optional.of(TRUST_PASSWORD)));
  }

  @Test
  void should_trust_the_cluster_through_the_trust_store_and_send_the_credentials() {
    try (SearchIndexes indexes = trustedWithCredentials()) {

      assertThat(indexes.schema().status("demo"))
          .contains(new IndexStatus("demo", "bge-small-en-v15-q", 303, "abc"));
      assertThat(authorizations).last().asString().startsWith("Basic ");
    }
  }

  @Test
  void should_not_ask_the_cluster_to_compress_its_answers() {
    try (SearchIndexes indexes = trustedWithCredentials()) {

      indexes.schema().status("demo");

      // A search's documents gzipped cost OpenSearch more CPU than the transfer saves.
      assertThat(acceptedEncodings).last().asString().doesNotContain("gzip");
    }
  }

  @Test
  void should_refuse_a_cluster_whose_certificate_it_does_not_trust() {
    try (SearchIndexes indexes =
        OpenSearchIndexes.connect(
            OpenSearchIndexes.Connection.to(url()).withCredentials("parlance", "s3cret"))) {

      assertThatThrownBy(() -> indexes.schema().status("demo"))
          .isInstanceOf(OpenSearchFailedException.class)
          .hasMessageStartingWith("cannot reach OpenSearch at " + url())
          .hasMessageContaining("certification path");
    }
  }

  @Test
  void should_say_that_the_credentials_were_refused() {
    try (SearchIndexes indexes =
        OpenSearchIndexes.connect(
            OpenSearchIndexes.Connection.to(url())
                .withCredentials("parlance", "wrong")
                .withTrustStore(trustStore, Optional.of(TRUST_PASSWORD)))) {

      assertThatThrownBy(() -> indexes.schema().status("demo"))
          .isInstanceOf(OpenSearchFailedException.class)
          .hasMessageContaining("HTTP 401")
          .hasMessageContaining("security_exception Authentication finally failed")
          .hasMessageContaining("parlance.opensearch.user-env");
    }
  }

  @Test
  void should_refuse_a_trust_store_it_cannot_read() {
    assertThatThrownBy(
            () ->
                OpenSearchIndexes.connect(
                    OpenSearchIndexes.Connection.to(url())
                        .withTrustStore(trustStore, Optional.of("not the password"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot read the OpenSearch trust store " + trustStore);
  }

  private static void keytool(String... args) throws IOException, InterruptedException {
    List<String> command = new java.util.ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IOException("keytool failed: " + output);
    }
  }
}
