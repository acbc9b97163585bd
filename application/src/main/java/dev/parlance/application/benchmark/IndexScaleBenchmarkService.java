package dev.parlance.application.benchmark;

import dev.parlance.application.benchmark.IndexScaleBenchmarkReport.Latency;
import dev.parlance.application.retrieval.IndexSchemaService;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrievalQuery;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.benchmark.RetrievalBenchmark;
import dev.parlance.domain.benchmark.RetrievalDataset;
import dev.parlance.domain.benchmark.RetrievalQuestion;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexFootprintPort;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.retrieval.SchemaElement;
import dev.parlance.domain.retrieval.SearchAllSourcesPort;
import dev.parlance.domain.retrieval.SearchSchemaPort;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Builds {@code N} synthetic sources from SocialDB and measures the index holding them. Embedding a
 * million texts would take hours on two cores, so SocialDB is embedded once and each copy reuses
 * its vectors with a little seeded noise (so that no two sources hold identical vectors), under
 * table names that carry the copy's number (so that no two sources hold the same names).
 */
public final class IndexScaleBenchmarkService implements IndexScaleBenchmarkUseCase {

  /** Noise added to each copied vector: cosine about 0.995 with SocialDB's own. */
  static final double NOISE = 0.1;

  private static final int CANDIDATES = 100;
  private static final int ROUNDS = 10;
  private static final String PREFIX = "scale-";

  /**
   * @param indexer embeds SocialDB the way sources are indexed (its own index is not used)
   * @param index where the synthetic sources go: a scratch index, never the installation's
   * @param retriever the default ranking over that index
   */
  public record Ports(
      LoadRetrievalBenchmarkPort benchmarks,
      IndexSchemaService indexer,
      EmbedTextPort embedder,
      IndexSchemaPort index,
      SearchSchemaPort search,
      SearchAllSourcesPort all,
      IndexFootprintPort footprint,
      RetrieveSchemaUseCase retriever) {}

  private final Ports ports;

  public IndexScaleBenchmarkService(Ports ports) {
    this.ports = ports;
  }

  @Override
  public IndexScaleBenchmarkReport run(Command command, Progress progress) {
    RetrievalBenchmark socialDb =
        ports.benchmarks().load(RetrievalDataset.SOCIALDB, command.dataDir(), Optional.empty());
    SchemaCatalog catalog = limit(socialDb.catalog(), command);
    List<IndexedElement> base =
        ports.indexer().embed(catalog, List.of(), ElementText.ENRICHED, progress);
    String model = ports.indexer().modelName();

    long start = System.nanoTime();
    for (int copy = 1; copy <= command.sources(); copy++) {
      ports.index().replace(source(copy), model, copy == 1 ? base : perturbed(base, copy));
      progress.update("indexing synthetic sources", copy, command.sources());
    }
    double ingestSeconds = (System.nanoTime() - start) / 1e9;

    List<RetrievalQuestion> questions = socialDb.questions();
    List<EmbeddingVector> vectors =
        ports.embedder().embedQueries(questions.stream().map(RetrievalQuestion::question).toList());
    Random pick = new Random(11);
    Latency one =
        measure(
            questions.size(),
            progress,
            "searching one source",
            i -> {
              String source = source(1 + pick.nextInt(command.sources()));
              return () -> {
                ports.search().nearest(source, ElementKind.COLUMN, vectors.get(i), CANDIDATES);
                ports
                    .search()
                    .matching(source, ElementKind.COLUMN, questions.get(i).question(), CANDIDATES);
                return null;
              };
            });
    Latency all =
        measure(
            questions.size(),
            progress,
            "searching all sources",
            i ->
                () -> {
                  ports.all().nearestInAnySource(ElementKind.COLUMN, vectors.get(i), CANDIDATES);
                  ports
                      .all()
                      .matchingInAnySource(
                          ElementKind.COLUMN, questions.get(i).question(), CANDIDATES);
                  return null;
                });
    Latency ranked =
        measure(
            questions.size(),
            progress,
            "ranking in one source",
            i -> {
              String source = source(1 + pick.nextInt(command.sources()));
              return () ->
                  ports
                      .retriever()
                      .retrieve(
                          RetrievalQuery.of(
                              source, questions.get(i).question(), RetrievalMode.DEFAULT, 10));
            });
    IndexFootprintPort.Footprint footprint = ports.footprint().footprint();
    if (!command.keep()) {
      for (int copy = 1; copy <= command.sources(); copy++) {
        ports.index().remove(source(copy));
      }
    }
    List<String> notes = new ArrayList<>(socialDb.notes());
    notes.add(
        "the sources are synthetic: SocialDB copied "
            + command.sources()
            + " times, each copy's table names suffixed with its number");
    notes.add(
        "SocialDB is embedded once; copies reuse its vectors with seeded noise (cosine ~0.995)"
            + " instead of embedding "
            + (long) command.sources() * base.size()
            + " texts");
    return new IndexScaleBenchmarkReport(
        command.sources(),
        catalog.tables().size(),
        catalog.columnCount(),
        base.size(),
        model,
        ingestSeconds,
        one,
        all,
        ranked,
        footprint,
        notes);
  }

  /** One timed operation per question index. */
  private interface Timed {
    Supplier<Object> question(int i);
  }

  // Nearest-rank percentiles over ROUNDS passes of the questions, after one untimed pass that
  // warms the JIT and the index's caches.
  private static Latency measure(int questions, Progress progress, String stage, Timed timed) {
    for (int i = 0; i < questions; i++) {
      timed.question(i).get();
    }
    double[] millis = new double[ROUNDS * questions];
    int n = 0;
    for (int round = 0; round < ROUNDS; round++) {
      for (int i = 0; i < questions; i++) {
        Supplier<Object> work = timed.question(i);
        long start = System.nanoTime();
        work.get();
        millis[n++] = (System.nanoTime() - start) / 1e6;
      }
      progress.update(stage, round + 1, ROUNDS);
    }
    return new Latency(
        n,
        RetrievalBenchmarkService.percentile(millis, 50),
        RetrievalBenchmarkService.percentile(millis, 95));
  }

  static String source(int copy) {
    return String.format(Locale.ROOT, PREFIX + "%02d", copy);
  }

  // SocialDB's first tables, up to the asked number of columns.
  private static SchemaCatalog limit(SchemaCatalog catalog, Command command) {
    if (command.columnsPerSource().isEmpty()) {
      return catalog;
    }
    List<Table> tables = new ArrayList<>();
    int columns = 0;
    for (Table t : catalog.tables()) {
      if (columns >= command.columnsPerSource().getAsInt()) {
        break;
      }
      tables.add(t);
      columns += t.columns().size();
    }
    return new SchemaCatalog(catalog.source(), tables);
  }

  /** A copy of the elements: table names numbered, vectors moved by seeded noise. */
  static List<IndexedElement> perturbed(List<IndexedElement> base, int copy) {
    String suffix = String.format(Locale.ROOT, " s%02d", copy);
    List<IndexedElement> out = new ArrayList<>(base.size());
    for (IndexedElement indexed : base) {
      SchemaElement e = indexed.element();
      String table = e.table() + suffix;
      Set<String> linked = new HashSet<>();
      for (String link : e.linked()) {
        int dot = link.lastIndexOf('.');
        linked.add(
            dot < 0
                ? link
                : SchemaElement.idOf(link.substring(0, dot) + suffix, link.substring(dot + 1)));
      }
      SchemaElement copied =
          switch (e.kind()) {
            case TABLE -> SchemaElement.table(table, e.details());
            case COLUMN -> SchemaElement.column(table, e.column(), e.details(), linked);
            case VERIFIED_QUERY -> e;
          };
      out.add(
          new IndexedElement(
              copied, noisy(indexed.vector(), copy * 1_000_003L + e.id().hashCode())));
    }
    return out;
  }

  private static EmbeddingVector noisy(EmbeddingVector v, long seed) {
    float[] values = v.toArray();
    Random random = new Random(seed);
    double scale = NOISE / Math.sqrt(values.length);
    for (int i = 0; i < values.length; i++) {
      values[i] += (float) (random.nextGaussian() * scale);
    }
    return EmbeddingVector.of(values);
  }
}
