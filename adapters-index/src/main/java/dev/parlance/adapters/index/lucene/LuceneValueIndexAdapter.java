package dev.parlance.adapters.index.lucene;

import dev.parlance.domain.values.ColumnValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.ngram.NGramTokenizer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;

/**
 * Distinct column values in their own Lucene index, searched by shared character trigrams: a
 * question's phrase finds the values it could fuzzily match in milliseconds, whatever the number of
 * values, and the exact matching ratio is then computed on those few only.
 */
final class LuceneValueIndexAdapter implements LuceneIndexes.ValueIndexFile {

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

  private static final String NAME = "the value index";

  private final LuceneStore store;

  LuceneValueIndexAdapter(Path path) {
    this(LuceneStore.open(NAME, path));
  }

  LuceneValueIndexAdapter() {
    this(new ByteBuffersDirectory());
  }

  private LuceneValueIndexAdapter(Directory directory) {
    this.store = new LuceneStore(NAME, directory, trigrams());
  }

  private static Analyzer trigrams() {
    return new Analyzer() {
      @Override
      protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer tokenizer = new NGramTokenizer(3, 3);
        return new TokenStreamComponents(tokenizer, new LowerCaseFilter(tokenizer));
      }
    };
  }

  @Override
  public void replace(String source, List<ColumnValue> values) {
    store.write(
        "index the values of source " + source,
        writer -> {
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
        });
  }

  @Override
  public Optional<Integer> count(String source) {
    return store.read(
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
    Set<String> grams = store.terms(GRAMS, phrase);
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
    return store.read(
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
  public void close() {
    store.close();
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
}
