package dev.parlance.adapters.db.store;

import dev.parlance.domain.governance.ActionTaken;
import dev.parlance.domain.governance.AuditEntry;
import dev.parlance.domain.governance.AuditPage;
import dev.parlance.domain.governance.AuditQuery;
import dev.parlance.domain.governance.FindAuditPort;
import dev.parlance.domain.governance.QueryAttempted;
import dev.parlance.domain.governance.RecordActionPort;
import dev.parlance.domain.governance.RecordAuditPort;
import dev.parlance.domain.governance.SearchAuditPort;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hibernate.SessionFactory;

/**
 * The audit trail in the metadata store: one row per statement attempt or action on a source,
 * searched by user, source, time, outcome and action, newest first.
 */
final class HibernateAuditAdapter
    implements RecordAuditPort, FindAuditPort, RecordActionPort, SearchAuditPort {
  private final SessionFactory sessions;

  HibernateAuditAdapter(SessionFactory sessions) {
    this.sessions = sessions;
  }

  @Override
  public void record(QueryAttempted attempt) {
    AuditRecordEntity entity = StoreMapper.toEntity(attempt);
    Store.writeStateless(sessions, s -> s.insert(entity));
  }

  /** Writes several records in one transaction. */
  void recordAll(List<QueryAttempted> attempts) {
    List<AuditRecordEntity> entities = attempts.stream().map(StoreMapper::toEntity).toList();
    Store.writeStateless(sessions, s -> entities.forEach(s::insert));
  }

  @Override
  public List<QueryAttempted> latest(String source, int limit) {
    return Store.read(
        sessions,
        s ->
            s
                .createSelectionQuery(
                    "from AuditRecordEntity where sourceName = :s and action = 'query'"
                        + " order by id desc",
                    AuditRecordEntity.class)
                .setParameter("s", source)
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(StoreMapper::toDomain)
                .toList());
  }

  @Override
  public void record(ActionTaken action) {
    AuditRecordEntity entity = StoreMapper.toEntity(action);
    Store.write(
        sessions,
        s -> {
          s.persist(entity);
          return null;
        });
  }

  @Override
  public AuditPage search(AuditQuery query) {
    StringBuilder where = new StringBuilder(" where 1 = 1");
    Map<String, Object> parameters = new LinkedHashMap<>();
    query.user().ifPresent(u -> condition(where, parameters, "userName = :user", "user", u));
    query
        .source()
        .ifPresent(s -> condition(where, parameters, "sourceName = :source", "source", s));
    query.from().ifPresent(f -> condition(where, parameters, "occurredAt >= :from", "from", f));
    query.to().ifPresent(t -> condition(where, parameters, "occurredAt < :to", "to", t));
    query
        .outcome()
        .ifPresent(
            o ->
                condition(
                    where,
                    parameters,
                    "outcome = :outcome",
                    "outcome",
                    o.toUpperCase(Locale.ROOT)));
    query.action().ifPresent(a -> condition(where, parameters, "action = :action", "action", a));
    return Store.read(
        sessions,
        s -> {
          var count =
              s.createSelectionQuery("select count(*) from AuditRecordEntity" + where, Long.class);
          var page =
              s.createSelectionQuery(
                  "from AuditRecordEntity" + where + " order by id desc", AuditRecordEntity.class);
          parameters.forEach(
              (name, value) -> {
                count.setParameter(name, value);
                page.setParameter(name, value);
              });
          long total = count.getSingleResult();
          List<AuditEntry> entries = new ArrayList<>();
          for (AuditRecordEntity e :
              page.setFirstResult(query.page() * query.size())
                  .setMaxResults(query.size())
                  .getResultList()) {
            entries.add(StoreMapper.toEntry(e));
          }
          return new AuditPage(entries, total, query.page(), query.size());
        });
  }

  private static void condition(
      StringBuilder where, Map<String, Object> parameters, String test, String name, Object value) {
    where.append(" and ").append(test);
    parameters.put(name, value);
  }
}
