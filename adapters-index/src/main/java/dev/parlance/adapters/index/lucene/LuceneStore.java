package dev.parlance.adapters.index.lucene;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene104.Lucene104Codec;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * One Lucene index directory as both adapters use it: writes are short-lived writers that commit
 * once (so readers see a whole change or none of it, and another process may write later), reads go
 * through a searcher refreshed before each search.
 */
final class LuceneStore implements AutoCloseable {

  /** Work on a searcher; Lucene's I/O errors pass through. */
  interface SearcherWork<T> {
    T apply(IndexSearcher searcher) throws IOException;
  }

  /** Changes made with a writer, committed together. */
  interface WriterWork {
    void apply(IndexWriter writer) throws IOException;
  }

  /**
   * Lucene builds a segment's vector graph only when a search of it would visit fewer vectors than
   * the segment holds (more than {@code threshold × ln(vectors)}); a segment without one is
   * searched exactly, the query compared with each vector. Lucene's threshold (100) builds a graph
   * from about 650 vectors, this one from about 9,100: SpiderUnion (4,503 columns, 876 tables) is
   * built 3.2 s faster (12.4 s against 15.6 s) with the same recall at every budget and 1 ms more
   * per question (`bench retrieval --dataset spiderunion --mode default`, 2026-11-29); larger
   * schemas keep theirs.
   */
  static final int GRAPH_THRESHOLD = 1_000;

  private static final KnnVectorsFormat VECTORS =
      new Lucene99HnswVectorsFormat(
          Lucene99HnswVectorsFormat.DEFAULT_MAX_CONN,
          Lucene99HnswVectorsFormat.DEFAULT_BEAM_WIDTH,
          Lucene99HnswVectorsFormat.DEFAULT_NUM_MERGE_WORKER,
          null,
          GRAPH_THRESHOLD);

  // Written under the default codec's name: a reader needs nothing of this (the format reads a
  // segment with a graph or without one).
  private static final Codec CODEC =
      new Lucene104Codec() {
        @Override
        public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
          return VECTORS;
        }
      };

  private final String name;
  private final Directory directory;
  private final Analyzer analyzer;
  private SearcherManager searchers;

  /**
   * @param name what the index holds, for messages ("the index", "the value index")
   */
  LuceneStore(String name, Directory directory, Analyzer analyzer) {
    this.name = name;
    this.directory = directory;
    this.analyzer = analyzer;
  }

  static Directory open(String name, Path path) {
    try {
      return FSDirectory.open(path);
    } catch (IOException e) {
      throw new IndexFailedException("cannot open " + name + " at " + path, e);
    }
  }

  void write(String what, WriterWork work) {
    IndexWriterConfig config = new IndexWriterConfig(analyzer);
    config.setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
    config.setCodec(CODEC);
    // Room for a large source in one segment: flushing several would make Lucene merge them,
    // rebuilding the vector graph.
    config.setRAMBufferSizeMB(256);
    // Closing commits (and waits for merges); a change that fails half-way is rolled back first,
    // so the last commit stays as it was.
    try (IndexWriter writer = new IndexWriter(directory, config)) {
      try {
        work.apply(writer);
        writer.commit();
      } catch (IOException | RuntimeException | Error e) {
        writer.rollback();
        throw e;
      }
    } catch (LockObtainFailedException e) {
      throw new IndexFailedException(
          name + " is being written by another Parlance process; try again when it is done", e);
    } catch (IOException e) {
      throw new IndexFailedException("cannot " + what, e);
    }
  }

  <T> T read(SearcherWork<T> work, T whenEmpty) {
    try {
      SearcherManager manager = searchers();
      if (manager == null) {
        return whenEmpty;
      }
      manager.maybeRefreshBlocking();
      IndexSearcher searcher = manager.acquire();
      try {
        return work.apply(searcher);
      } finally {
        manager.release(searcher);
      }
    } catch (IOException e) {
      throw new IndexFailedException("cannot search " + name, e);
    }
  }

  /** The live documents of the index (0 when it was never written). */
  int documents() {
    return read(searcher -> searcher.getIndexReader().numDocs(), 0);
  }

  /** The size of the index files in a directory (0 when there are none). */
  static long diskBytes(Path path) {
    if (!Files.isDirectory(path)) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(path)) {
      return files.filter(Files::isRegularFile).mapToLong(LuceneStore::size).sum();
    } catch (IOException e) {
      throw new IndexFailedException("cannot measure the index at " + path, e);
    }
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0; // removed by a merge while walking
    }
  }

  /** The distinct terms the analyzer makes of a text, in order. */
  Set<String> terms(String field, String text) {
    Set<String> terms = new LinkedHashSet<>();
    try (TokenStream ts = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        terms.add(term.toString());
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return terms;
  }

  // Opened on first use, once the index exists on disk.
  private synchronized SearcherManager searchers() throws IOException {
    if (searchers == null && DirectoryReader.indexExists(directory)) {
      searchers = new SearcherManager(directory, null);
    }
    return searchers;
  }

  @Override
  public synchronized void close() {
    try {
      if (searchers != null) {
        searchers.close();
      }
      directory.close();
    } catch (IOException e) {
      throw new IndexFailedException("cannot close " + name, e);
    } finally {
      // Its per-thread token streams: an analyzer left open leaves them in every thread that used
      // it, which slows each of that thread's thread-local lookups until they are purged.
      analyzer.close();
    }
  }
}
