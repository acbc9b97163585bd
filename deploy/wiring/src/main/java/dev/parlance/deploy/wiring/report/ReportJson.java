package dev.parlance.deploy.wiring.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import dev.parlance.application.evaluation.report.E2eReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The JSON form of the report documents: snake_case names, an absent optional left out, a missing
 * value written as null, the overall run's fields at the top level. The application's records stay
 * free of annotations; this mapper says how they look on the wire.
 */
public final class ReportJson {

  private static final ObjectMapper MAPPER = mapper();

  private ReportJson() {}

  // The overall run's fields sit beside the run's description (the document's contract).
  private abstract static class TopLevelOverall {
    @JsonUnwrapped
    abstract E2eReport.RunSection overall();
  }

  private static ObjectMapper mapper() {
    ObjectMapper m =
        new ObjectMapper()
            .registerModule(new Jdk8Module())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .addMixIn(E2eReport.class, TopLevelOverall.class)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    m.configOverride(Optional.class)
        .setIncludeAsProperty(
            JsonInclude.Value.construct(
                JsonInclude.Include.NON_ABSENT, JsonInclude.Include.NON_ABSENT));
    return m;
  }

  public static void write(Path file, Object document) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), document);
  }

  /** On one line, as the HTML report embeds the documents it was drawn from. */
  public static String compact(List<E2eReport> documents) {
    try {
      return MAPPER.writeValueAsString(documents);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a report document did not serialise", e);
    }
  }

  public static JsonNode tree(Path file) throws IOException {
    return MAPPER.readTree(file.toFile());
  }

  public static E2eReport report(JsonNode tree) throws JsonProcessingException {
    return MAPPER.treeToValue(tree, E2eReport.class);
  }
}
