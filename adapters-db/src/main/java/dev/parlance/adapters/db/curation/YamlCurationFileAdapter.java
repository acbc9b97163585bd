package dev.parlance.adapters.db.curation;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.parlance.adapters.db.curation.internal.CurationDocument;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationFilePort;

/**
 * A curation as YAML: multi-line SQL as literal blocks, keys in snake case, unknown keys refused.
 * The same document is written as JSON for the API, and read back as YAML (JSON is YAML).
 */
final class YamlCurationFileAdapter implements CurationFilePort {

  private final ObjectMapper yaml =
      new ObjectMapper(
              YAMLFactory.builder()
                  .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                  .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
                  .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                  .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                  .disable(YAMLGenerator.Feature.SPLIT_LINES)
                  .build())
          .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

  @Override
  public String write(Curation curation) {
    try {
      return yaml.writeValueAsString(CurationMapper.toDocument(curation));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "cannot write the curation as YAML: " + e.getOriginalMessage(), e);
    }
  }

  private final ObjectMapper json =
      new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

  @Override
  public String writeJson(Curation curation) {
    try {
      return json.writeValueAsString(CurationMapper.toDocument(curation));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "cannot write the curation as JSON: " + e.getOriginalMessage(), e);
    }
  }

  @Override
  public Curation read(String text) {
    CurationDocument document;
    try {
      document = yaml.readValue(text, CurationDocument.class);
    } catch (ValueInstantiationException e) {
      throw new IllegalArgumentException(e.getOriginalMessage(), e);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where = at == null || at.getLineNr() < 1 ? "" : "line " + at.getLineNr() + ": ";
      throw new IllegalArgumentException(
          "not a valid curation file: " + where + firstLine(e.getOriginalMessage()), e);
    }
    if (document == null) {
      throw new IllegalArgumentException("the curation file is empty");
    }
    return CurationMapper.toDomain(document);
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable";
    }
    int nl = message.indexOf('\n');
    return (nl < 0 ? message : message.substring(0, nl)).strip();
  }
}
