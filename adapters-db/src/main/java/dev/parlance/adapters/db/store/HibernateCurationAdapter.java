package dev.parlance.adapters.db.store;

import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationConflictException;
import dev.parlance.domain.curation.CurationDraft;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.CurationVersion;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.hibernate.SessionFactory;

/**
 * Curation drafts and versions in the metadata store. The published version of each source is
 * cached while the store's version stays the same (every query over views asks for it); a publish
 * through any instance bumps the version ({@link StoreVersion}).
 */
final class HibernateCurationAdapter implements CurationStorePort {

  private final SessionFactory sessions;
  private final StoreVersion.Cache<String, Optional<CurationVersion>> published;

  HibernateCurationAdapter(SessionFactory sessions, StoreVersion version) {
    this.sessions = sessions;
    this.published = version.new Cache<>();
  }

  @Override
  public Optional<CurationVersion> published(String source) {
    return published.get(source, () -> readPublished(source));
  }

  private Optional<CurationVersion> readPublished(String source) {
    return Store.read(
        sessions,
        s ->
            s
                .createSelectionQuery(
                    "from CurationVersionEntity where sourceName = :s order by version desc",
                    CurationVersionEntity.class)
                .setParameter("s", source)
                .setMaxResults(1)
                .getResultList()
                .stream()
                .findFirst()
                .map(CurationMapper::toDomain));
  }

  @Override
  public Optional<CurationDraft> draft(String source) {
    return Store.read(sessions, s -> Optional.ofNullable(s.find(CurationDraftEntity.class, source)))
        .map(CurationMapper::toDomain);
  }

  @Override
  public CurationDraft saveDraft(Curation curation, int basedOn, String editor) {
    Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    String content = CurationMapper.content(curation);
    return Store.write(
        sessions,
        s -> {
          CurationDraftEntity e = s.find(CurationDraftEntity.class, curation.source());
          boolean fresh = e == null;
          if (fresh) {
            e = new CurationDraftEntity();
            e.sourceName = curation.source();
          }
          e.basedOn = basedOn;
          e.editedBy = editor == null || editor.isBlank() ? "parlance" : editor.strip();
          e.editedAt = at;
          e.content = content;
          if (fresh) {
            s.persist(e);
          }
          return CurationMapper.toDomain(e);
        });
  }

  @Override
  public void discardDraft(String source) {
    Store.write(
        sessions,
        s ->
            s.createMutationQuery("delete from CurationDraftEntity where sourceName = :s")
                .setParameter("s", source)
                .executeUpdate());
  }

  @Override
  public CurationVersion publish(
      Curation curation, String steward, String note, boolean dropDraft) {
    return publish(-1, curation, steward, note, dropDraft);
  }

  @Override
  public CurationVersion publishIfLatest(
      int expectedLatest, Curation curation, String steward, String note, boolean dropDraft) {
    return publish(expectedLatest, curation, steward, note, dropDraft);
  }

  // expectedLatest < 0: whatever the newest version is.
  private CurationVersion publish(
      int expectedLatest, Curation curation, String steward, String note, boolean dropDraft) {
    Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    String content = CurationMapper.content(curation);
    CurationVersion stored;
    try {
      stored = store(expectedLatest, curation, steward, note, dropDraft, at, content);
    } catch (StoreException e) {
      // Two publishes that read the same newest version both insert the next one: the unique
      // (source, version) key lets one commit and fails the other.
      if (expectedLatest >= 0 && Store.isUniqueViolation(e)) {
        throw new CurationConflictException(
            curation.source(), expectedLatest, latestVersion(curation.source()));
      }
      throw e;
    } finally {
      published.drop(curation.source());
    }
    return stored;
  }

  private CurationVersion store(
      int expectedLatest,
      Curation curation,
      String steward,
      String note,
      boolean dropDraft,
      Instant at,
      String content) {
    return Store.write(
        sessions,
        s -> {
          Integer last =
              s.createSelectionQuery(
                      "select max(version) from CurationVersionEntity where sourceName = :s",
                      Integer.class)
                  .setParameter("s", curation.source())
                  .getSingleResultOrNull();
          int latest = last == null ? 0 : last;
          if (expectedLatest >= 0 && latest != expectedLatest) {
            throw new CurationConflictException(curation.source(), expectedLatest, latest);
          }
          CurationVersionEntity e = new CurationVersionEntity();
          e.sourceName = curation.source();
          e.version = last == null ? 1 : last + 1;
          e.publishedBy = steward == null || steward.isBlank() ? "parlance" : steward.strip();
          e.publishedAt = at;
          e.note = note == null ? "" : note.strip();
          e.viewCount = curation.views().size();
          e.verifiedCount = curation.verified().size();
          e.content = content;
          s.persist(e);
          if (dropDraft) {
            s.createMutationQuery("delete from CurationDraftEntity where sourceName = :s")
                .setParameter("s", curation.source())
                .executeUpdate();
          }
          StoreVersion.bump(s);
          return CurationMapper.toDomain(e);
        });
  }

  @Override
  public Optional<CurationVersion> version(String source, int version) {
    return Store.read(
        sessions,
        s ->
            s
                .createSelectionQuery(
                    "from CurationVersionEntity where sourceName = :s and version = :v",
                    CurationVersionEntity.class)
                .setParameter("s", source)
                .setParameter("v", version)
                .getResultList()
                .stream()
                .findFirst()
                .map(CurationMapper::toDomain));
  }

  @Override
  public int latestVersion(String source) {
    Integer last =
        Store.read(
            sessions,
            s ->
                s.createSelectionQuery(
                        "select max(version) from CurationVersionEntity where sourceName = :s",
                        Integer.class)
                    .setParameter("s", source)
                    .getSingleResultOrNull());
    return last == null ? 0 : last;
  }

  @Override
  public List<CurationVersion> history(String source) {
    return Store.read(
        sessions,
        s ->
            s
                .createSelectionQuery(
                    "from CurationVersionEntity where sourceName = :s order by version",
                    CurationVersionEntity.class)
                .setParameter("s", source)
                .getResultList()
                .stream()
                .map(CurationMapper::toDomain)
                .toList());
  }
}
