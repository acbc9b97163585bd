package dev.parlance.application.ask;

import dev.parlance.domain.completion.CompletionRequest;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DIN-SQL (Pourreza and Rafiei 2023; 002 §4.3, Listings 11–16): schema linking, classification into
 * EASY, NON-NESTED or NESTED, generation with the class's prompt, and self-correction. The few-shot
 * prompts keep the papers' structure with fewer examples (two per step instead of up to ten), and
 * self-correction is driven by the database's error rather than applied blindly.
 */
final class DinStrategy implements Strategy {

  private static final Pattern LINKS = Pattern.compile("(?i)Schema_links\\s*:\\s*(\\[[^\\]]*])");
  private static final Pattern LABEL =
      Pattern.compile("(?i)Label\\s*:\\s*\"?\\s*(NON-NESTED|NESTED|EASY)");
  private static final Pattern SUB_QUESTIONS =
      Pattern.compile("(?i)answer to the questions\\s*=\\s*\\[\\s*\"([^\"]*)\"");

  enum Kind {
    EASY,
    NON_NESTED,
    NESTED
  }

  @Override
  public StrategyName name() {
    return StrategyName.DIN;
  }

  @Override
  public List<Optional<Draft>> draft(PromptContext ctx, Tools tools) {
    String schema = SchemaText.dinTables(ctx);
    String keys = SchemaText.joins(ctx);
    String question = SchemaText.flat(ctx.question());
    String values = SchemaText.values(ctx, "# Values in the database:");
    String conversation = SchemaText.conversation(ctx, "");
    String linking =
        tools
            .once(
                "din schema linking",
                CompletionRequest.of(
                    Prompts.DIN_SCHEMA_LINKING.fill(
                        Map.of(
                            "schema", schema,
                            "foreign_keys", keys,
                            "values", values,
                            "conversation", conversation,
                            "question", question))))
            .orElse("");
    String links = links(linking);
    String classification =
        tools
            .once(
                "din classification",
                CompletionRequest.of(
                    Prompts.DIN_CLASSIFICATION.fill(
                        Map.of(
                            "schema", schema,
                            "foreign_keys", keys,
                            "conversation", conversation,
                            "question", question,
                            "schema_links", links))))
            .orElse("");
    Kind kind = kind(classification);
    String dialect = Dialects.label(ctx.dialect());
    String hints = SchemaText.hints(ctx, "# Hints:");
    // The three generation prompts share these; NON-NESTED and NESTED add the foreign keys, and
    // NESTED its sub-questions.
    Map<String, String> shared =
        Map.of(
            "dialect", dialect,
            "schema", schema,
            "values", values,
            "hints", hints,
            "conversation", conversation,
            "question", question,
            "schema_links", links);
    String prompt =
        switch (kind) {
          case EASY -> Prompts.DIN_EASY.fill(shared);
          case NON_NESTED ->
              Prompts.DIN_NON_NESTED.fill(plus(shared, Map.of("foreign_keys", keys)));
          case NESTED ->
              Prompts.DIN_NESTED.fill(
                  plus(
                      shared,
                      Map.of(
                          "foreign_keys",
                          keys,
                          "sub_questions",
                          subQuestion(classification).orElse(question))));
        };
    return tools.sample(
        "generation (" + kind.name().toLowerCase(Locale.ROOT).replace('_', '-') + ")",
        CompletionRequest.of(prompt),
        false);
  }

  private static Map<String, String> plus(Map<String, String> shared, Map<String, String> more) {
    Map<String, String> all = new java.util.HashMap<>(shared);
    all.putAll(more);
    return all;
  }

  /** DIN's self-correction prompt (Listing 16), with the database's message added. */
  @Override
  public CompletionRequest correction(PromptContext ctx, Draft draft, String problem) {
    String dialect = Dialects.label(ctx.dialect());
    return CompletionRequest.of(
        Prompts.DIN_CORRECTION.fill(
            Map.of(
                "dialect", dialect,
                "problem", problem,
                "schema", SchemaText.dinTables(ctx),
                "foreign_keys", SchemaText.joins(ctx),
                "primary_keys", SchemaText.primaryKeys(ctx),
                "question", SchemaText.flat(ctx.question()),
                "query", draft.sql())));
  }

  @Override
  public boolean correctionContinuesSelect() {
    return true;
  }

  static String links(String answer) {
    Matcher m = LINKS.matcher(answer);
    String last = "[]";
    while (m.find()) {
      last = m.group(1);
    }
    return last;
  }

  static Kind kind(String answer) {
    Matcher m = LABEL.matcher(answer);
    String last = null;
    while (m.find()) {
      last = m.group(1).toUpperCase(Locale.ROOT);
    }
    if (last == null) {
      // No label: the most general prompt is the safest.
      return Kind.NON_NESTED;
    }
    return switch (last) {
      case "EASY" -> Kind.EASY;
      case "NESTED" -> Kind.NESTED;
      default -> Kind.NON_NESTED;
    };
  }

  static Optional<String> subQuestion(String answer) {
    Matcher m = SUB_QUESTIONS.matcher(answer);
    while (m.find()) {
      if (!m.group(1).isBlank()) {
        return Optional.of(m.group(1).strip());
      }
    }
    return Optional.empty();
  }
}
