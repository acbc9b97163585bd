package dev.parlance.deploy.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The server's configuration as written (no server started): issue 24's tighter controls that live
 * in server.xml rather than in code.
 */
class ServerConfigTest {

  static Document server;
  static Map<String, String> variables = new HashMap<>();

  @BeforeAll
  static void read() throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    server =
        factory.newDocumentBuilder().parse(Path.of("src/main/liberty/config/server.xml").toFile());
    NodeList vars = server.getElementsByTagName("variable");
    for (int i = 0; i < vars.getLength(); i++) {
      Element v = (Element) vars.item(i);
      variables.put(v.getAttribute("name"), v.getAttribute("defaultValue"));
    }
  }

  private static String resolved(String value) {
    if (value.startsWith("${") && value.endsWith("}")) {
      return variables.getOrDefault(value.substring(2, value.length() - 1), "");
    }
    return value;
  }

  private static Duration duration(String liberty) {
    // Liberty durations: 30s, 5m, 1h (a bare number is milliseconds).
    String v = liberty.strip();
    long n = Long.parseLong(v.replaceAll("[a-z]+$", ""));
    return switch (v.replaceAll("^[0-9]+", "")) {
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      case "ms", "" -> Duration.ofMillis(n);
      default -> throw new IllegalArgumentException(liberty);
    };
  }

  // Issue 24: tokens were accepted up to mpJwt's default 5-minute clock skew.
  @Test
  void should_accept_token_times_at_most_30_seconds_off_the_servers_clock() {
    for (String element : List.of("mpJwt", "openidConnectClient")) {
      Element e = (Element) server.getElementsByTagName(element).item(0);
      String skew = resolved(e.getAttribute("clockSkew"));
      assertThat(skew).as(element + " clockSkew (Liberty's default is 5 minutes)").isNotEmpty();
      assertThat(duration(skew)).as(element).isLessThanOrEqualTo(Duration.ofSeconds(30));
    }
  }

  // Issue 24: /ibm/api/ listed the server's REST roots to any signed-in user; the features that
  // bring Liberty's REST handler (and with it /ibm/api) are not there.
  @Test
  void should_run_no_feature_that_brings_libertys_rest_handler() {
    NodeList features = server.getElementsByTagName("feature");
    List<String> names = new ArrayList<>();
    for (int i = 0; i < features.getLength(); i++) {
      names.add(features.item(i).getTextContent().strip());
    }
    assertThat(names).isNotEmpty();
    assertThat(names)
        .noneMatch(
            f ->
                f.startsWith("mpMetrics")
                    || f.startsWith("restConnector")
                    || f.startsWith("apiDiscovery")
                    || f.startsWith("adminCenter")
                    || f.startsWith("batchManagement")
                    || f.startsWith("auditCollector"));
  }
}
