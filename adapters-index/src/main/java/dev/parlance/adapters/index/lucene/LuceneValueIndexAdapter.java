package dev.parlance.adapters.index.lucene;

import dev.parlance.domain.values.ColumnValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.ngram.NGramTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * Distinct column values in their own Lucene index, searched by shared character trigrams: a
 * question's phrase finds the values it could fuzzily match in milliseconds, whatever the number of
 * values, and the exact matching ratio is then computed on those few only.
 */
final class LuceneValueIndexAdapter implements LuceneIndexes.ValueIndex {

  private static final String SOURCE = "source";
  private static final String KIND = "kind";
  private static final String TABLE = "table";
  private static final String COLUMN = "column";
  private static final String VALUE = "value";
  private static final String GRAMS = "grams";
  private static final String EXACT = "exact";
  private static final String COUNT = "count";
  private static final String VALUE_KIND = "VALUE";
  private static final String META_KIND = "META";

  private final Directory directory;
  private final Analyzer trigrams =
      new Analyzer() {
        @Override
        protected TokenStreamComponents createComponents(String fieldName) {
          Tokenizer tokenizer = new NGramTokenizer(3, 3);
          return new TokenStreamComponents(tokenizer, new LowerCaseFilter(tokenizer));
        }
      };
  private SearcherManager searchers;

  LuceneValueIndexAdapter(Path path) {
    try {
      this.directory = FSDirectory.open(path);
    } catch (IOException e) {
      throw new IndexFailedException("cannot open the value index at " + path, e);
    }
  }

  LuceneValueIndexAdapter() {
    this.directory = new ByteBuffersDirectory();
  }

  @Override
  public void replace(String source, List<ColumnValue> values) {
    IndexWriterConfig config = new IndexWriterConfig(trigrams);
    config.setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
    config.setRAMBufferSizeMB(64);
    try (IndexWriter writer = new IndexWriter(directory, config)) {
      writer.deleteDocuments(new Term(SOURCE, source));
      List<Document> docs = new ArrayList<>(values.size() + 1);
      for (ColumnValue v : values) {
        Document d = new Document();
        d.add(new StringField(SOURCE, source, Field.Store.NO));
        d.add(new StringField(KIND, VALUE_KIND, Field.Store.NO));
        d.add(new StoredField(TABLE, v.table()));
        d.add(new StoredField(COLUMN, v.column()));
        d.add(new StoredField(VALUE, v.value()));
        d.add(new TextField(GRAMS, v.value(), Field.Store.NO));
        d.add(new StringField(EXACT, normal(v.value()), Field.Store.NO));
        docs.add(d);
      }
      Document meta = new Document();
      meta.add(new StringField(SOURCE, source, Field.Store.NO));
      meta.add(new StringField(KIND, META_KIND, Field.Store.NO));
      meta.add(new StoredField(COUNT, values.size()));
      docs.add(meta);
      writer.addDocuments(docs);
      writer.commit();
    } catch (LockObtainFailedException e) {
      throw new IndexFailedException(
          "the value index is being written by another Parlance process; try again when it is done",
          e);
    } catch (IOException e) {
      throw new IndexFailedException("cannot index the values of source " + source, e);
    }
  }

  @Override
  public Optional<Integer> count(String source) {
    return withSearcher(
        searcher -> {
          TopDocs top = searcher.search(filter(source, META_KIND), 1);
          if (top.scoreDocs.length == 0) {
            return Optional.<Integer>empty();
          }
          Document d = searcher.storedFields().document(top.scoreDocs[0].doc);
          return Optional.of(d.getField(COUNT).numericValue().intValue());
        },
        Optional.empty());
  }

  @Override
  public List<ColumnValue> candidates(String source, String phrase, int k) {
    Set<String> grams = analyze(phrase);
    BooleanQuery.Builder match = new BooleanQuery.Builder();
    match.add(new BoostQuery(new TermQuery(new Term(EXACT, normal(phrase))), 10f), Occur.SHOULD);
    for (String gram : grams) {
      match.add(new TermQuery(new Term(GRAMS, gram)), Occur.SHOULD);
    }
    BooleanQuery query =
        new BooleanQuery.Builder()
            .add(match.build(), Occur.MUST)
            .add(filter(source, VALUE_KIND), Occur.FILTER)
            .build();
    return withSearcher(
        searcher -> {
          StoredFields stored = searcher.storedFields();
          List<ColumnValue> out = new ArrayList<>();
          for (ScoreDoc sd : searcher.search(query, k).scoreDocs) {
            Document d = stored.document(sd.doc);
            out.add(new ColumnValue(d.get(TABLE), d.get(COLUMN), d.get(VALUE)));
          }
          return out;
        },
        List.of());
  }

  @Override
  public synchronized void close() {
    try {
      if (searchers != null) {
        searchers.close();
      }
      directory.close();
    } catch (IOException e) {
      throw new IndexFailedException("cannot close the value index", e);
    }
  }

  private static BooleanQuery filter(String source, String kind) {
    return new BooleanQuery.Builder()
        .add(new TermQuery(new Term(SOURCE, source)), Occur.FILTER)
        .add(new TermQuery(new Term(KIND, kind)), Occur.FILTER)
        .build();
  }

  private static String normal(String text) {
    return text.strip().toLowerCase(Locale.ROOT);
  }

  private Set<String> analyze(String text) {
    Set<String> terms = new LinkedHashSet<>();
    try (TokenStream ts = trigrams.tokenStream(GRAMS, text)) {
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

  private interface SearcherWork<T> {
    T apply(IndexSearcher searcher) throws IOException;
  }

  private <T> T withSearcher(SearcherWork<T> work, T whenEmpty) {
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
      throw new IndexFailedException("cannot search the value index", e);
    }
  }

  private synchronized SearcherManager searchers() throws IOException {
    if (searchers == null && DirectoryReader.indexExists(directory)) {
      searchers = new SearcherManager(directory, null);
    }
    return searchers;
  }
}
