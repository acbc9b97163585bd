package dev.parlance.adapters.db.store;

import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.SuggestionsPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hibernate.SessionFactory;

/** Assistants' suggestions in the metadata store. */
final class HibernateSuggestionsAdapter implements SuggestionsPort {

  private final SessionFactory sessions;

  HibernateSuggestionsAdapter(SessionFactory sessions) {
    this.sessions = sessions;
  }

  @Override
  public List<Suggestion> add(List<Suggestion> suggestions) {
    return Store.write(
        sessions,
        s -> {
          List<Suggestion> stored = new ArrayList<>();
          for (Suggestion suggestion : suggestions) {
            SuggestionEntity e = CurationMapper.toEntity(suggestion);
            s.persist(e);
            s.flush();
            stored.add(CurationMapper.toDomain(e));
          }
          return stored;
        });
  }

  @Override
  public List<Suggestion> list(String source, SuggestionStatus status) {
    return Store.read(
        sessions,
        s ->
            s
                .createSelectionQuery(
                    "from SuggestionEntity where sourceName = :s and status = :st order by id",
                    SuggestionEntity.class)
                .setParameter("s", source)
                .setParameter("st", status.name())
                .getResultList()
                .stream()
                .map(CurationMapper::toDomain)
                .toList());
  }

  @Override
  public Optional<Suggestion> find(String source, long id) {
    return Store.read(
        sessions,
        s ->
            Optional.ofNullable(s.find(SuggestionEntity.class, id))
                .filter(e -> e.sourceName.equals(source))
                .map(CurationMapper::toDomain));
  }

  @Override
  public Suggestion decide(String source, long id, SuggestionStatus decision, String steward) {
    return Store.write(
        sessions,
        s -> {
          SuggestionEntity e = s.find(SuggestionEntity.class, id);
          if (e == null || !e.sourceName.equals(source)) {
            throw new IllegalArgumentException(
                "source " + source + " has no suggestion number " + id);
          }
          if (!e.status.equals(SuggestionStatus.PENDING.name())) {
            throw new IllegalArgumentException(
                "suggestion " + id + " was already " + e.status.toLowerCase(java.util.Locale.ROOT));
          }
          e.status = decision.name();
          e.decidedBy = steward == null || steward.isBlank() ? "parlance" : steward.strip();
          return CurationMapper.toDomain(e);
        });
  }
}
