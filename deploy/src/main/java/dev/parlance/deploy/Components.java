package dev.parlance.deploy;

import dev.parlance.adapters.db.benchmark.BenchmarkData;
import dev.parlance.adapters.db.evaluation.BenchmarkExecution;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.index.lucene.LuceneIndexes;
import dev.parlance.adapters.llm.LanguageModels;
import dev.parlance.adapters.llm.embedding.EmbeddingModelChoice;
import dev.parlance.adapters.llm.embedding.OnnxEmbeddings;
import dev.parlance.application.benchmark.RetrievalBenchmarkService;
import dev.parlance.application.benchmark.RetrievalBenchmarkUseCase;
import dev.parlance.application.evaluation.ScorePredictionsService;
import dev.parlance.application.evaluation.ScorePredictionsUseCase;
import dev.parlance.application.retrieval.HallucinateSchemaService;
import dev.parlance.application.retrieval.HallucinationExamples;
import dev.parlance.application.retrieval.IndexSchemaService;
import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.RetrievalSettings;
import dev.parlance.application.retrieval.RetrieveSchemaService;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.evaluation.LoadEvaluationBenchmarkPort;
import dev.parlance.domain.retrieval.EmbedTextPort;
import java.util.Optional;

/**
 * The composition root: builds each adapter once, on first use, and wires the use cases. One
 * instance per command-line run; close it to release the index.
 */
public final class Components implements AutoCloseable {

  private final ParlanceHome home;
  private final Settings settings;
  private EmbedTextPort embedder;
  private LuceneIndexes.SchemaIndex index;

  public Components(ParlanceHome home, Settings settings) {
    this.home = home;
    this.settings = settings;
  }

  public ParlanceHome home() {
    return home;
  }

  public synchronized EmbedTextPort embedder() {
    if (embedder == null) {
      embedder = OnnxEmbeddings.create(EmbeddingModelChoice.parse(settings.embeddingModel()));
    }
    return embedder;
  }

  public synchronized LuceneIndexes.SchemaIndex index() {
    if (index == null) {
      index = LuceneIndexes.open(home.index());
    }
    return index;
  }

  public LlmSettings llmSettings() {
    return new LlmSettings(settings);
  }

  /**
   * The language model a command asked for ({@code --llm}), else its source's, else the default;
   * empty when none is configured (the caller says how to configure one).
   */
  public Optional<CompleteChatPort> llm(Optional<String> profile, Optional<String> source) {
    return llmSettings().choose(profile, source).map(choice -> llm(choice));
  }

  public CompleteChatPort llm(LlmSettings.LlmChoice choice) {
    return LanguageModels.create(choice.chain());
  }

  /**
   * CRUSH4SQL's hallucination over a model; examples per {@code
   * parlance.llm.hallucination.examples}.
   */
  public HallucinateSchemaService hallucinateSchema(CompleteChatPort llm) {
    return new HallucinateSchemaService(
        llm,
        HallucinationExamples.parse(
            settings.get("parlance.llm.hallucination.examples", "general")));
  }

  public IndexSchemaUseCase indexSchema() {
    return new IndexSchemaService(embedder(), index());
  }

  public RetrieveSchemaUseCase retrieveSchema(RetrievalSettings retrieval) {
    return new RetrieveSchemaService(embedder(), index(), Optional.empty(), retrieval);
  }

  public RetrievalBenchmarkUseCase retrievalBenchmark(RetrievalSettings retrieval) {
    return new RetrievalBenchmarkService(
        BenchmarkData.retrievalBenchmarks(), indexSchema(), retrieveSchema(retrieval));
  }

  public LoadEvaluationBenchmarkPort evaluationBenchmarks() {
    return BenchmarkData.executionBenchmarks();
  }

  public ScorePredictionsUseCase scorePredictions() {
    return new ScorePredictionsService(
        evaluationBenchmarks(),
        BenchmarkData.predictionFiles(),
        BenchmarkExecution.readOnly(new JdbcConnections()));
  }

  @Override
  public synchronized void close() {
    if (index != null) {
      index.close();
      index = null;
    }
  }
}
