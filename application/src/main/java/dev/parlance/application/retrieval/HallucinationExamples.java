package dev.parlance.application.retrieval;

import dev.parlance.application.prompt.PromptTemplate;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The six in-context examples of CRUSH4SQL's hallucination prompt, one set per table. */
public enum HallucinationExamples {
  /** CRUSH4SQL Table 1 (SpiderUnion): the general-purpose set. */
  GENERAL("general"),
  /** CRUSH4SQL Table 16 (BirdUnion). */
  BIRD("bird"),
  /** CRUSH4SQL Table 15 (SocialDB). */
  SOCIALDB("socialdb");

  private final String id;

  HallucinationExamples(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }

  /** The examples as {@code Question: …} / {@code Schema: …} pairs, ready for the prompt. */
  public String text() {
    return PromptTemplate.read(HallucinationExamples.class, "hallucination-examples-" + id + ".txt")
        .strip();
  }

  public static HallucinationExamples parse(String text) {
    String wanted = text.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values())
        .filter(e -> e.id.equals(wanted))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown hallucination examples '"
                        + text
                        + "'; known: "
                        + Arrays.stream(values())
                            .map(HallucinationExamples::id)
                            .collect(Collectors.joining(", "))));
  }
}
