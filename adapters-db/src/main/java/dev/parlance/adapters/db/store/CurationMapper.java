package dev.parlance.adapters.db.store;

import dev.parlance.adapters.db.curation.CurationFiles;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationDraft;
import dev.parlance.domain.curation.CurationFilePort;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionKind;
import dev.parlance.domain.curation.SuggestionStatus;

/** Curation entities to and from the domain; content is kept in the curation file format. */
final class CurationMapper {
  private CurationMapper() {}

  private static final CurationFilePort FILES = CurationFiles.yaml();

  static String content(Curation curation) {
    return FILES.write(curation);
  }

  static CurationVersion toDomain(CurationVersionEntity e) {
    return new CurationVersion(
        e.version, curation(e.content, e.sourceName), e.publishedBy, e.publishedAt, e.note);
  }

  static CurationDraft toDomain(CurationDraftEntity e) {
    return new CurationDraft(curation(e.content, e.sourceName), e.basedOn, e.editedBy, e.editedAt);
  }

  static Suggestion toDomain(SuggestionEntity e) {
    return new Suggestion(
        e.id,
        e.sourceName,
        SuggestionKind.valueOf(e.kind),
        e.target,
        e.summary,
        curation(e.proposal, e.sourceName),
        SuggestionStatus.valueOf(e.status),
        e.decidedBy,
        e.createdAt);
  }

  static SuggestionEntity toEntity(Suggestion s) {
    SuggestionEntity e = new SuggestionEntity();
    e.sourceName = s.source();
    e.kind = s.kind().name();
    e.target = clip(s.target(), 400);
    e.summary = clip(s.summary(), 4000);
    e.proposal = content(s.proposal());
    e.status = s.status().name();
    e.decidedBy = s.decidedBy();
    e.createdAt = s.createdAt();
    return e;
  }

  private static Curation curation(String content, String source) {
    Curation c = FILES.read(content);
    return c.source().equals(source) ? c : c.forSource(source);
  }

  private static String clip(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max);
  }
}
