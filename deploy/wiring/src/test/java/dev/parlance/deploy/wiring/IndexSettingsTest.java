package dev.parlance.deploy.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IndexSettingsTest {

  private static IndexSettings settings(Map<String, String> env) {
    return settings(env, Map.of());
  }

  // As the command line's container reads them: flags over system properties over the environment.
  private static IndexSettings settings(Map<String, String> env, Map<String, String> flags) {
    return new IndexSettings(
        new ParlanceSettings(
            new SmallRyeConfigBuilder()
                .withSources(new EnvConfigSource(new HashMap<>(env), 300))
                .withSources(new PropertiesConfigSource(flags, "flags", 500))
                .build()));
  }

  @Test
  void should_read_credentials_from_the_environment_variables_the_keys_name() {
    var connection =
        settings(
                Map.of(
                    "PARLANCE_INDEX", "opensearch",
                    "PARLANCE_OPENSEARCH_URL", "https://search-1:9200, https://search-2:9200",
                    "PARLANCE_OPENSEARCH_USER_ENV", "SEARCH_USER",
                    "PARLANCE_OPENSEARCH_PASSWORD_ENV", "SEARCH_PASSWORD",
                    "SEARCH_USER", "parlance",
                    "SEARCH_PASSWORD", "s3cret",
                    "PARLANCE_OPENSEARCH_TRUSTSTORE", "/etc/parlance/search-ca.p12",
                    "PARLANCE_OPENSEARCH_INDEX_PREFIX", "plant"))
            .openSearch();

    assertThat(connection.urls())
        .containsExactly(URI.create("https://search-1:9200"), URI.create("https://search-2:9200"));
    assertThat(connection.user()).contains("parlance");
    assertThat(connection.password()).contains("s3cret");
    assertThat(connection.trustStore()).contains(Path.of("/etc/parlance/search-ca.p12"));
    assertThat(connection.trustStorePassword()).isEmpty();
    assertThat(connection.prefix()).isEqualTo("plant");
  }

  @Test
  void should_say_which_key_or_variable_is_missing() {
    assertThatThrownBy(() -> settings(Map.of("PARLANCE_INDEX", "opensearch")).openSearch())
        .hasMessageContaining("parlance.opensearch.url");
    assertThatThrownBy(
            () ->
                settings(
                        Map.of(
                            "PARLANCE_OPENSEARCH_URL", "http://localhost:9200",
                            "PARLANCE_OPENSEARCH_USER_ENV", "SEARCH_USER",
                            "PARLANCE_OPENSEARCH_PASSWORD_ENV", "SEARCH_PASSWORD",
                            "SEARCH_USER", "parlance"))
                    .openSearch())
        .hasMessage(
            "parlance.opensearch.password-env names environment variable SEARCH_PASSWORD, which"
                + " is not set");
    assertThatThrownBy(
            () -> settings(Map.of("PARLANCE_OPENSEARCH_URL", "localhost:9200")).openSearch())
        .hasMessageContaining("is not http://HOST:PORT or https://HOST:PORT");
    assertThatThrownBy(() -> settings(Map.of("PARLANCE_INDEX", "solr")).open())
        .hasMessage("parlance.index is 'solr'; use lucene or opensearch");
  }

  @Test
  void should_let_a_command_line_flag_win_over_the_environment() {
    Map<String, String> env = Map.of("PARLANCE_INDEX", "lucene");

    IndexSettings flagged =
        settings(
            env,
            Map.of("parlance.index", "opensearch", "parlance.opensearch.url", "http://h:9200"));

    assertThat(flagged.isOpenSearch()).isTrue();
    assertThat(flagged.description()).isEqualTo("opensearch http://h:9200");
    assertThat(settings(env).description()).isEqualTo("lucene");
  }
}
