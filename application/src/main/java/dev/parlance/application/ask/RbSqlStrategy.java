package dev.parlance.application.ask;

import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.sql.SqlSkeleton;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * RB-SQL (003): Table-Retriever (θ) and Column-Retriever (μ, and μ' for very wide tables) cut the
 * prompt's schema (§4.2); the SQL-Skeleton-Retriever ranks the example pool by how alike each
 * example's SQL skeleton is to the skeleton of a preliminary SQL for this question (the model's
 * first draft with the examples nearest by question, as DAIL-SQL does — RB-SQL trains a
 * question-to-skeleton encoder, which these machines cannot), combined with question similarity
 * (§4.3.1); each example shows question → skeleton → SQL, and the model writes the skeleton before
 * the SQL (§4.3.2, Fig. 5a). Error correction is the pipeline's rounds (§4.4); the wider retry
 * shows the whole context without the retrievers (Appendix A's fallback to the full schema).
 */
final class RbSqlStrategy implements Strategy {

  private final boolean retrievers;

  RbSqlStrategy() {
    this(true);
  }

  private RbSqlStrategy(boolean retrievers) {
    this.retrievers = retrievers;
  }

  @Override
  public StrategyName name() {
    return StrategyName.RB_SQL;
  }

  @Override
  public Strategy wider() {
    return new RbSqlStrategy(false);
  }

  @Override
  public List<Optional<Draft>> draft(PromptContext ctx, Tools tools) {
    RbSqlSettings rb = tools.settings().rbSql();
    PromptContext schema = retrievers ? retrieved(ctx, tools) : ctx;
    tools.shows(name(), schema);
    ExamplePool pool = tools.examples();
    int k = rb.shots() > 0 ? rb.shots() : pool.shots();
    String question = ctx.question();
    List<ExamplePool.Ranked> chosen = List.of();
    if (pool.size() > 0 && k > 0) {
      // The preliminary SQL: the same prompt with the examples nearest by question.
      List<ExamplePool.Ranked> byQuestion =
          pool.rank(question, tools.embedder(), Optional.empty(), rb.skeletonWeight(), k);
      Optional<SqlSkeleton> draft =
          tools
              .once("rb-sql preliminary", request(schema, byQuestion))
              .flatMap(text -> SqlText.sql(text, false))
              .map(SqlSkeleton::of);
      chosen =
          draft.isPresent()
              ? pool.rank(question, tools.embedder(), draft, rb.skeletonWeight(), k)
              : byQuestion;
    }
    return tools.sample("generation", request(schema, chosen), false);
  }

  static CompletionRequest request(PromptContext ctx, List<ExamplePool.Ranked> examples) {
    String system = Prompts.RB_SQL_SYSTEM.fill(Map.of("dialect", Dialects.label(ctx.dialect())));
    String user =
        Prompts.RB_SQL_USER.fill(
            Map.of(
                "schema", SchemaText.createTables(ctx),
                "values",
                    SchemaText.values(ctx, "Values in the database that the question may mean:")
                        + sep(ctx.values().isEmpty()),
                "hints", SchemaText.hints(ctx, "Hints:") + sep(ctx.hints().isEmpty()),
                "examples", examples(examples),
                "conversation", SchemaText.conversation(ctx, ""),
                "question", SchemaText.flat(ctx.question())));
    return CompletionRequest.of(system, user);
  }

  // RB-SQL's example organisation (§4.3.2): question, then skeleton, then SQL; the stewards' (or
  // the training set's) question quoted as data, as every prompt quotes examples.
  static String examples(List<ExamplePool.Ranked> examples) {
    if (examples.isEmpty()) {
      return "";
    }
    StringBuilder out =
        new StringBuilder(
                PromptQuoting.heading(
                    "Examples (question, then the SQL's skeleton, then the SQL):"))
            .append('\n');
    for (ExamplePool.Ranked e : examples) {
      List<String> lines = PromptQuoting.example(e.example().question(), e.example().sql());
      out.append(lines.get(0)).append('\n');
      out.append("Skeleton: ").append(e.skeleton().text()).append('\n');
      out.append(lines.get(1)).append("\n\n");
    }
    return out.toString();
  }

  // Table-Retriever then Column-Retriever; keys of the kept tables and the joins between them
  // stay, as C3 and TA-SQL keep them.
  static PromptContext retrieved(PromptContext ctx, Tools tools) {
    if (ctx.tables().isEmpty()) {
      return ctx;
    }
    RbSqlSettings rb = tools.settings().rbSql();
    List<RbSqlRetrievers.Table> tables = candidates(ctx);
    RbSqlRetrievers.Scores scores = tools.retrievers().score(ctx.question(), tables, rb.muCoarse());
    List<String> kept = RbSqlRetrievers.tables(scores, rb.theta());
    Set<String> columns = RbSqlRetrievers.columns(scores, kept, rb.mu());
    return ctx.keepOnly(columns, keys(ctx, Set.copyOf(kept)));
  }

  static List<RbSqlRetrievers.Table> candidates(PromptContext ctx) {
    List<RbSqlRetrievers.Table> tables = new ArrayList<>();
    for (PromptContext.PromptTable t : ctx.tables()) {
      tables.add(
          new RbSqlRetrievers.Table(
              t.name(),
              t.columns().stream()
                  .map(c -> new RbSqlRetrievers.Column(c.name(), c.type(), c.description()))
                  .toList()));
    }
    return tables;
  }

  static Set<String> keys(PromptContext ctx, Set<String> tables) {
    Set<String> keys = new HashSet<>();
    for (PromptContext.PromptTable t : ctx.tables()) {
      if (tables.contains(Names.key(t.name()))) {
        t.primaryKey().forEach(k -> keys.add(Names.key(t.name()) + "." + Names.key(k)));
      }
    }
    for (PromptContext.Join j : ctx.joins()) {
      if (tables.contains(Names.key(j.table()))
          && tables.contains(Names.key(j.referencedTable()))) {
        keys.add(Names.key(j.table()) + "." + Names.key(j.column()));
        keys.add(Names.key(j.referencedTable()) + "." + Names.key(j.referencedColumn()));
      }
    }
    return keys;
  }

  private static String sep(boolean empty) {
    return empty ? "" : "\n";
  }
}
