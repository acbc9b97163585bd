package dev.parlance.application.ask;

import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.sql.SqlShape;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * TA-SQL (Qu et al. 2024, 001 §3.2 and Appendix A): a dummy SQL written from the schema is parsed
 * (never substring-matched) into the schema entities it uses, which replace the schema; a
 * pandas-like symbolic representation is generated from them (temperature 0, as the paper), and
 * converted into SQL, the step whose m samples vote.
 */
final class TaSqlStrategy implements Strategy {

  @Override
  public StrategyName name() {
    return StrategyName.TA_SQL;
  }

  @Override
  public List<Optional<Draft>> draft(PromptContext ctx, Tools tools) {
    String question = SchemaText.flat(ctx.question());
    String values = SchemaText.values(ctx, "# values in the database that the question may mean:");
    String conversation = SchemaText.conversation(ctx, "# ");
    Optional<String> dummy =
        tools
            .once(
                "ta-sql dummy sql",
                CompletionRequest.of(
                    Prompts.TA_DUMMY_SQL.fill(
                        Map.of(
                            "schema", SchemaText.pythonSchema(ctx),
                            "primary_keys", SchemaText.primaryKeys(ctx),
                            "foreign_keys", SchemaText.joins(ctx),
                            "values", values,
                            "dialect", Dialects.label(ctx.dialect()),
                            "conversation", conversation,
                            "question", question))))
            .flatMap(text -> SqlText.sql(text, true));
    PromptContext linked = dummy.map(sql -> linked(ctx, sql, tools)).orElse(ctx);
    tools.shows(name(), linked);
    String links = "[" + String.join(", ", linked.columnIds()) + "]";
    String description = SchemaText.pythonSchema(linked);
    String symbolic =
        tools
            .once(
                "ta-sql symbolic",
                CompletionRequest.of(
                    Prompts.TA_SYMBOLIC.fill(
                        Map.of(
                            "schema_description", description,
                            "values", values,
                            "conversation", conversation,
                            "question", question,
                            "schema_links", links))))
            .map(TaSqlStrategy::symbolic)
            .orElse("");
    String prompt =
        Prompts.TA_SQL.fill(
            Map.of(
                "dialect",
                Dialects.label(ctx.dialect()),
                "schema_description",
                description,
                "foreign_keys",
                SchemaText.joins(linked),
                "values",
                values,
                "hints",
                SchemaText.hints(ctx, "# hints:"),
                "conversation",
                conversation,
                "question",
                question,
                "schema_links",
                links,
                "symbolic",
                symbolic.replace("\"", "'")));
    return tools.sample("generation", CompletionRequest.of(prompt), false);
  }

  // TASL: the entities the dummy SQL reads, by parsing it, plus the keys that join them.
  private static PromptContext linked(PromptContext ctx, String dummy, Tools tools) {
    SqlShape shape = tools.analyzer().analyze(dummy, ctx.visible());
    if (!shape.readable() || shape.columns().isEmpty()) {
      return ctx;
    }
    Set<String> keep = new HashSet<>(shape.columns());
    Set<String> keys = new HashSet<>();
    for (PromptContext.Join j : ctx.joins()) {
      keys.add(Names.key(j.table()) + "." + Names.key(j.column()));
      keys.add(Names.key(j.referencedTable()) + "." + Names.key(j.referencedColumn()));
    }
    PromptContext linked = ctx.keepOnly(keep, keys);
    return linked.tables().isEmpty() ? ctx : linked;
  }

  // The SR as written, without the quotes or fences around it.
  static String symbolic(String answer) {
    String s = answer.strip();
    s = s.replace("```python", "").replace("```", "").strip();
    if (s.startsWith("SR =")) {
      s = s.substring(4).strip();
    }
    if (s.startsWith("\"")) {
      s = s.substring(1);
    }
    int end = s.lastIndexOf('"');
    if (end > 0) {
      s = s.substring(0, end);
    }
    return s.strip();
  }
}
