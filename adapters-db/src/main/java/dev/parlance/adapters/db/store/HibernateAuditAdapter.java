package dev.parlance.adapters.db.store;

import dev.parlance.domain.governance.FindAuditPort;
import dev.parlance.domain.governance.QueryAttempted;
import dev.parlance.domain.governance.RecordAuditPort;
import java.util.List;
import org.hibernate.SessionFactory;

/** The audit trail in the metadata store: one row per statement attempt. */
final class HibernateAuditAdapter implements RecordAuditPort, FindAuditPort {
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
                    "from AuditRecordEntity where sourceName = :s order by id desc",
                    AuditRecordEntity.class)
                .setParameter("s", source)
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(StoreMapper::toDomain)
                .toList());
  }
}
