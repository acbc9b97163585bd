package dev.parlance.application.prompt;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A prompt kept as a resource file with {@code {{name}}} placeholders. Filling is one pass, so a
 * value that itself contains {@code {{…}}} (a user's question, a sample value) stays as written;
 * every placeholder must get a value and every value must have a placeholder.
 */
public final class PromptTemplate {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z][a-z0-9_-]*)}}");

  private final String name;
  private final String text;
  private final Set<String> placeholders;

  private PromptTemplate(String name, String text) {
    this.name = name;
    this.text = text;
    Set<String> found = new LinkedHashSet<>();
    Matcher m = PLACEHOLDER.matcher(text);
    while (m.find()) {
      found.add(m.group(1));
    }
    this.placeholders = java.util.Collections.unmodifiableSet(found);
  }

  /** Reads a template from the resources, relative to {@code anchor}'s package. */
  public static PromptTemplate resource(Class<?> anchor, String resource) {
    return new PromptTemplate(resource, read(anchor, resource));
  }

  public static PromptTemplate of(String name, String text) {
    return new PromptTemplate(name, text);
  }

  public static String read(Class<?> anchor, String resource) {
    try (InputStream in = anchor.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(
            "prompt resource " + resource + " is missing next to " + anchor.getName());
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Set<String> placeholders() {
    return placeholders;
  }

  public String fill(Map<String, String> values) {
    if (!values.keySet().equals(placeholders)) {
      throw new IllegalArgumentException(
          "prompt "
              + name
              + " has placeholders "
              + placeholders
              + " but got "
              + new java.util.TreeSet<>(values.keySet()));
    }
    Matcher m = PLACEHOLDER.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(values.get(m.group(1))));
    }
    m.appendTail(out);
    return out.toString();
  }
}
