package dev.parlance.application.curation;

import static dev.parlance.application.access.SourceAccess.requireStewardship;

import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationDraft;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.Synonym;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;
import java.util.Optional;

/** One curation item at a time, into the draft, for the source's stewards. */
public final class CurateItemsService implements CurateItemsUseCase {

  private final EditCurationUseCase edits;
  private final PublishCurationUseCase publisher;

  public CurateItemsService(EditCurationUseCase edits, PublishCurationUseCase publisher) {
    this.edits = edits;
    this.publisher = publisher;
  }

  @Override
  public CurationDraft describe(UserIdentity user, String source, Describe command) {
    requireStewardship(user, source);
    return edits.change(source, user.name(), c -> described(c, command));
  }

  // A view of that name wins over a base table of that name (names are unique across both).
  private static Curation described(Curation c, Describe d) {
    Optional<CuratedView> view = c.view(d.name());
    if (view.isPresent()) {
      CuratedView v = view.get();
      if (d.column().isEmpty()) {
        return c.withView(v.withDescription(d.description().orElseThrow()));
      }
      String column = d.column().get();
      if (v.column(column).isEmpty()) {
        throw new IllegalArgumentException(
            "view " + v.name() + " has no column " + column + " to describe");
      }
      return c.withView(v.withColumn(changed(v.column(column), column, d)));
    }
    TableDescription t = c.table(d.name()).orElse(new TableDescription(d.name(), "", List.of()));
    if (d.column().isEmpty()) {
      return c.withTable(t.withDescription(d.description().orElseThrow()));
    }
    String column = d.column().get();
    return c.withTable(t.withColumn(changed(t.column(column), column, d)));
  }

  private static DataDescription changed(
      Optional<DataDescription> before, String column, Describe d) {
    DataDescription old = before.orElse(DataDescription.of(column, ""));
    return new DataDescription(
        old.column(),
        d.meaning().orElse(old.meaning()),
        d.unit().orElse(old.unit()),
        d.values().orElse(old.values()),
        d.valuesShown().orElse(old.valuesShown()));
  }

  @Override
  public CurationDraft defineView(UserIdentity user, String source, ViewDefinition view) {
    requireStewardship(user, source);
    return edits.change(source, user.name(), c -> c.withView(view.applyTo(c.view(view.name()))));
  }

  @Override
  public List<String> hints(UserIdentity user, String source) {
    requireStewardship(user, source);
    return edits.workingCopy(source).hints();
  }

  @Override
  public CurationDraft addHint(UserIdentity user, String source, String hint) {
    requireStewardship(user, source);
    if (hint == null || hint.isBlank()) {
      throw new IllegalArgumentException("hint: the hint is empty");
    }
    return edits.change(source, user.name(), c -> c.withHint(hint.strip()));
  }

  @Override
  public CurationDraft removeHint(UserIdentity user, String source, int number) {
    requireStewardship(user, source);
    return edits.change(source, user.name(), c -> c.withoutHint(number - 1));
  }

  @Override
  public List<Synonym> synonyms(UserIdentity user, String source) {
    requireStewardship(user, source);
    return edits.workingCopy(source).synonyms();
  }

  @Override
  public CurationDraft putSynonym(UserIdentity user, String source, Synonym synonym) {
    requireStewardship(user, source);
    return edits.change(source, user.name(), c -> c.withSynonym(synonym));
  }

  @Override
  public CurationDraft removeSynonym(UserIdentity user, String source, String term) {
    requireStewardship(user, source);
    if (edits.workingCopy(source).synonyms().stream()
        .noneMatch(s -> s.term().equalsIgnoreCase(term))) {
      throw new UnknownCurationItemException("source " + source + " has no synonym '" + term + "'");
    }
    return edits.change(source, user.name(), c -> c.withoutSynonym(term));
  }

  @Override
  public List<VerifiedQuery> verified(UserIdentity user, String source) {
    requireStewardship(user, source);
    return edits.workingCopy(source).verified();
  }

  @Override
  public CurationDraft putVerified(UserIdentity user, String source, VerifiedQuery query) {
    requireStewardship(user, source);
    return edits.change(source, user.name(), c -> c.withVerified(query));
  }

  @Override
  public CurationDraft setStatus(
      UserIdentity user, String source, String id, VerifiedStatus status) {
    requireStewardship(user, source);
    VerifiedQuery q =
        edits
            .workingCopy(source)
            .verifiedQuery(id)
            .orElseThrow(
                () ->
                    new UnknownCurationItemException(
                        "source " + source + " has no verified question " + id));
    return edits.change(source, user.name(), c -> c.withVerified(q.withStatus(status)));
  }

  @Override
  public RegressionReport check(UserIdentity user, String source) {
    requireStewardship(user, source);
    return publisher.check(source);
  }
}
