package dev.parlance.application.ask;

import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrievalQuery;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.benchmark.RetrievalBenchmark;
import dev.parlance.domain.benchmark.RetrievalDataset;
import dev.parlance.domain.benchmark.RetrievalQuestion;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.completion.CountTokensPort;
import dev.parlance.domain.completion.PromptMessage;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.retrieval.ColumnRecall;
import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The prompt-size target: the direct prompt with the whole schema against the same prompt with the
 * retrieved columns only, in tokens, on a CRUSH4SQL union, with the recall the retrieval reaches at
 * that budget. Both prompts render identically (CREATE TABLE with the dataset's descriptions, keys
 * and foreign keys); neither has sample rows, which a benchmark union has no database for.
 */
public final class PromptSizeBenchmark implements PromptSizeUseCase {

  /**
   * @param recall mean column recall of the retrieved prompt's columns (gold ∩ shown / gold)
   */
  public record Report(
      RetrievalDataset dataset,
      int questions,
      int columns,
      int budget,
      double recall,
      double fullTokens,
      double retrievedTokens,
      double retrievedColumns,
      String tokenizer) {
    public double ratio() {
      return fullTokens / retrievedTokens;
    }
  }

  private final LoadRetrievalBenchmarkPort loader;
  private final IndexSchemaUseCase indexer;
  private final RetrieveSchemaUseCase retriever;
  private final java.util.function.Function<String, CountTokensPort> tokenizers;

  /**
   * @param tokenizers the tokenizer of a model, by the model's name
   */
  public PromptSizeBenchmark(
      LoadRetrievalBenchmarkPort loader,
      IndexSchemaUseCase indexer,
      RetrieveSchemaUseCase retriever,
      java.util.function.Function<String, CountTokensPort> tokenizers) {
    this.loader = loader;
    this.indexer = indexer;
    this.retriever = retriever;
    this.tokenizers = tokenizers;
  }

  @Override
  public Report run(Command command, Progress progress) {
    return run(
        command.dataset(),
        command.data(),
        command.budget(),
        command.limit(),
        tokenizers.apply(command.tokenizerModel()),
        progress);
  }

  private Report run(
      RetrievalDataset dataset,
      Path data,
      int budget,
      int limit,
      CountTokensPort tokens,
      Progress progress) {
    RetrievalBenchmark benchmark = loader.load(dataset, data, Optional.empty());
    String sourceName = "bench-" + dataset.label() + "-enriched";
    SchemaCatalog catalog = new SchemaCatalog(sourceName, benchmark.catalog().tables());
    indexer.index(catalog, ElementText.ENRICHED, progress);
    DataSource source = DataSource.of("bench", "jdbc:sqlite:unused.sqlite", Credentials.none());
    GovernancePolicy policy = GovernancePolicy.defaults("bench");
    UserIdentity user = UserIdentity.of("bench");
    AskSettings settings =
        new AskSettings(
            StrategyName.DIRECT,
            1,
            0.5,
            800,
            0,
            0.5,
            budget,
            budget,
            0.8,
            0,
            0,
            0,
            1,
            false,
            0,
            RbSqlSettings.defaults(),
            List.of());
    ContextBuilder contexts =
        new ContextBuilder(
            (s, p, u, sql) ->
                QueryOutcome.Refused.of(
                    dev.parlance.domain.governance.RefusalKind.FORBIDDEN_RELATION,
                    "no database",
                    sql),
            null);
    List<String> everything = ContextBuilder.everything(catalog);
    List<RetrievalQuestion> questions =
        benchmark.questions().stream()
            .filter(q -> !q.goldColumns().isEmpty())
            .limit(limit > 0 ? limit : Long.MAX_VALUE)
            .toList();
    double full = 0;
    double retrieved = 0;
    double recall = 0;
    double shown = 0;
    for (int i = 0; i < questions.size(); i++) {
      RetrievalQuestion q = questions.get(i);
      List<String> selected =
          retriever
              .retrieve(
                  new RetrievalQuery(
                      sourceName, q.question(), q.hallucination(), RetrievalMode.DEFAULT, budget))
              .columnIds();
      PromptContext small =
          contexts.build(
              source,
              policy,
              user,
              q.question(),
              catalog,
              selected,
              List.of(),
              CuratedContext.none(),
              settings);
      PromptContext whole =
          contexts.build(
              source,
              policy,
              user,
              q.question(),
              catalog,
              everything,
              List.of(),
              CuratedContext.none(),
              settings);
      retrieved += count(tokens, small);
      full += count(tokens, whole);
      recall += ColumnRecall.at(q.goldColumns(), small.columnIds(), Integer.MAX_VALUE);
      shown += small.columnCount();
      progress.update("prompts", i + 1, questions.size());
    }
    int n = questions.size();
    return new Report(
        dataset,
        n,
        catalog.columnCount(),
        budget,
        recall / n,
        full / n,
        retrieved / n,
        shown / n,
        tokens.tokenizer());
  }

  private static long count(CountTokensPort tokens, PromptContext ctx) {
    long total = 0;
    for (PromptMessage m : DirectStrategy.request(ctx).messages()) {
      total += tokens.count(m.text());
    }
    return total;
  }
}
