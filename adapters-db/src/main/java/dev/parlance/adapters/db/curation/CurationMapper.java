package dev.parlance.adapters.db.curation;

import dev.parlance.adapters.db.curation.internal.CurationDocument;
import dev.parlance.adapters.db.curation.internal.CurationDocument.ColumnEntry;
import dev.parlance.adapters.db.curation.internal.CurationDocument.SynonymEntry;
import dev.parlance.adapters.db.curation.internal.CurationDocument.TableEntry;
import dev.parlance.adapters.db.curation.internal.CurationDocument.VerifiedEntry;
import dev.parlance.adapters.db.curation.internal.CurationDocument.ViewEntry;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.Synonym;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.source.Dialect;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Between the curation file's DTOs and the domain's curation. */
final class CurationMapper {
  private CurationMapper() {}

  static CurationDocument toDocument(Curation c) {
    CurationDocument d = new CurationDocument();
    d.source = c.source();
    d.hints.addAll(c.hints());
    d.hiddenTables.addAll(c.hiddenTables());
    for (Synonym s : c.synonyms()) {
      SynonymEntry e = new SynonymEntry();
      e.term = s.term();
      e.target = s.target();
      d.synonyms.add(e);
    }
    for (CuratedView v : c.views()) {
      ViewEntry e = new ViewEntry();
      e.name = v.name();
      e.kind = v.kind().label();
      e.description = v.description();
      e.inDatabase = v.inDatabase();
      e.sql = v.sql();
      v.dialectSql().entrySet().stream()
          .sorted(Map.Entry.comparingByKey())
          .forEach(x -> e.dialects.put(x.getKey().name().toLowerCase(Locale.ROOT), x.getValue()));
      v.columns().forEach(col -> e.columns.add(column(col)));
      d.views.add(e);
    }
    for (TableDescription t : c.tables()) {
      TableEntry e = new TableEntry();
      e.name = t.table();
      e.description = t.description();
      t.columns().forEach(col -> e.columns.add(column(col)));
      d.tables.add(e);
    }
    for (VerifiedQuery q : c.verified()) {
      VerifiedEntry e = new VerifiedEntry();
      e.id = q.id();
      e.question = q.question();
      e.difficulty = q.difficulty();
      e.status = q.status().label();
      e.owner = q.owner();
      e.sql = q.sql();
      d.verified.add(e);
    }
    return d;
  }

  private static ColumnEntry column(DataDescription c) {
    ColumnEntry e = new ColumnEntry();
    e.name = c.column();
    e.meaning = c.meaning();
    e.unit = c.unit();
    c.values().forEach(v -> e.values.put(v.code(), v.label()));
    e.valuesShown = c.valuesShown() ? null : Boolean.FALSE;
    return e;
  }

  static Curation toDomain(CurationDocument d) {
    if (d.source == null || d.source.isBlank()) {
      throw new IllegalArgumentException("the curation names no source (key 'source')");
    }
    List<CuratedView> views = new ArrayList<>();
    for (ViewEntry e : nonNull(d.views)) {
      EnumMap<Dialect, String> dialects = new EnumMap<>(Dialect.class);
      if (e.dialects != null) {
        e.dialects.forEach((k, v) -> dialects.put(dialect(k, e.name), v));
      }
      views.add(
          new CuratedView(
              e.name,
              e.kind == null ? ViewKind.CONCEPTUAL : ViewKind.parse(e.kind),
              e.description,
              e.sql,
              dialects,
              e.inDatabase,
              columns(e.columns)));
    }
    List<TableDescription> tables = new ArrayList<>();
    for (TableEntry e : nonNull(d.tables)) {
      tables.add(new TableDescription(e.name, e.description, columns(e.columns)));
    }
    List<Synonym> synonyms = new ArrayList<>();
    for (SynonymEntry e : nonNull(d.synonyms)) {
      synonyms.add(new Synonym(e.term, e.target));
    }
    List<VerifiedQuery> verified = new ArrayList<>();
    for (VerifiedEntry e : nonNull(d.verified)) {
      verified.add(
          new VerifiedQuery(
              e.id,
              e.question,
              e.sql,
              e.owner,
              e.status == null ? VerifiedStatus.PROPOSED : VerifiedStatus.parse(e.status),
              e.difficulty));
    }
    return new Curation(
        d.source.strip(),
        views,
        tables,
        nonNull(d.hints),
        synonyms,
        verified,
        nonNull(d.hiddenTables));
  }

  private static List<DataDescription> columns(List<ColumnEntry> entries) {
    List<DataDescription> out = new ArrayList<>();
    for (ColumnEntry e : nonNull(entries)) {
      List<ValueLabel> values = new ArrayList<>();
      if (e.values != null) {
        e.values.forEach((k, v) -> values.add(new ValueLabel(k, v)));
      }
      out.add(
          new DataDescription(
              e.name, e.meaning, e.unit, values, e.valuesShown == null || e.valuesShown));
    }
    return out;
  }

  private static Dialect dialect(String name, String view) {
    try {
      return Dialect.valueOf(name.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "view " + view + " names unknown dialect '" + name + "' (use sqlite, h2, postgresql)", e);
    }
  }

  private static <T> List<T> nonNull(List<T> list) {
    return list == null ? List.of() : list;
  }
}
