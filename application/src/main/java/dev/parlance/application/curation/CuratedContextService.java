package dev.parlance.application.curation;

import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.question.CuratedContextPort;
import dev.parlance.domain.question.VerifiedExample;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The question pipeline's view of a source's published curation: descriptions of views, base tables
 * and their columns, value dictionaries, hints, approved verified questions as examples, and the
 * columns whose values may not reach a language model. None when nothing is published.
 */
public final class CuratedContextService implements CuratedContextPort {

  private final PublishedCurationPort curations;

  public CuratedContextService(PublishedCurationPort curations) {
    this.curations = curations;
  }

  @Override
  public CuratedContext forSource(String source) {
    return curations
        .published(source)
        .map(CurationVersion::curation)
        .map(CuratedContextService::context)
        .orElseGet(CuratedContext::none);
  }

  static CuratedContext context(Curation c) {
    Map<String, String> descriptions = new HashMap<>();
    Map<String, String> values = new HashMap<>();
    Set<String> withheld = new HashSet<>();
    for (CuratedView v : c.views()) {
      put(descriptions, v.name(), v.description());
      columns(v.name(), v.columns(), descriptions, values, withheld);
    }
    for (TableDescription t : c.tables()) {
      put(descriptions, t.table(), t.description());
      columns(t.table(), t.columns(), descriptions, values, withheld);
    }
    List<VerifiedExample> examples =
        c.approved().stream().map(CuratedContextService::example).toList();
    return new CuratedContext(descriptions, values, c.hints(), examples, withheld);
  }

  private static VerifiedExample example(VerifiedQuery q) {
    return new VerifiedExample(q.question(), q.sql());
  }

  private static void columns(
      String relation,
      List<DataDescription> columns,
      Map<String, String> descriptions,
      Map<String, String> values,
      Set<String> withheld) {
    for (DataDescription d : columns) {
      String id = relation + "." + d.column();
      put(descriptions, id, d.meaningText());
      put(values, id, d.dictionaryText());
      if (!d.valuesShown()) {
        withheld.add(id);
      }
    }
  }

  private static void put(Map<String, String> map, String key, String text) {
    if (!text.isEmpty()) {
      map.put(key, text);
    }
  }
}
