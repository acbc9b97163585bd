package dev.parlance.application.ask;

import dev.parlance.domain.completion.CompletionRequest;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * LangChain's SQLQueryChain as the dissertation used it (002, Listing 5 and Figure 6.5): tables or
 * views as CREATE TABLE with descriptions and three sample rows, hints, retrieved values and
 * verified examples, then the question; the m candidates come from one request.
 */
final class DirectStrategy implements Strategy {

  @Override
  public StrategyName name() {
    return StrategyName.DIRECT;
  }

  @Override
  public List<Optional<Draft>> draft(PromptContext ctx, Tools tools) {
    return tools.sample("generation", request(ctx), false);
  }

  static CompletionRequest request(PromptContext ctx) {
    String system =
        Prompts.DIRECT_SYSTEM.fill(
            Map.of(
                "dialect",
                Dialects.label(ctx.dialect()),
                "data_note",
                PromptQuoting.directDataNote(ctx)));
    String user =
        Prompts.DIRECT_USER.fill(
            Map.of(
                "schema", SchemaText.createTables(ctx),
                "values",
                    SchemaText.values(ctx, "Values in the database that the question may mean:")
                        + sep(ctx.values().isEmpty()),
                "hints", SchemaText.hints(ctx, "Hints:") + sep(ctx.hints().isEmpty()),
                "examples", SchemaText.examples(ctx, "Verified examples:"),
                "conversation", SchemaText.conversation(ctx, ""),
                "question", SchemaText.flat(ctx.question())));
    return CompletionRequest.of(system, user);
  }

  private static String sep(boolean empty) {
    return empty ? "" : "\n";
  }
}
