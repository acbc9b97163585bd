package dev.parlance.application.curation;

import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.CurationDraft;
import dev.parlance.domain.curation.Synonym;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A steward's items of a source's curation, one at a time: descriptions of views, tables and
 * columns, hints, synonyms and verified questions. Changes go to the draft; reads show the working
 * copy. Each method throws {@link dev.parlance.application.access.AccessDeniedException} for a
 * source the user does not steward.
 */
public interface CurateItemsUseCase {

  /**
   * Describes a view or base table ({@code target} = NAME) or one of its columns (NAME.COLUMN);
   * what the command leaves empty stays as it was.
   */
  CurationDraft describe(UserIdentity user, String source, Describe command);

  /**
   * Adds a view, or changes an existing view's kind and defining query (its descriptions and
   * columns stay), in the draft. The draft is checked against the database when validated or
   * published, as every edit is.
   */
  CurationDraft defineView(UserIdentity user, String source, ViewDefinition view);

  List<String> hints(UserIdentity user, String source);

  CurationDraft addHint(UserIdentity user, String source, String hint);

  /** Removes hint number {@code number}, counted from 1 as listed. */
  CurationDraft removeHint(UserIdentity user, String source, int number);

  List<Synonym> synonyms(UserIdentity user, String source);

  CurationDraft putSynonym(UserIdentity user, String source, Synonym synonym);

  CurationDraft removeSynonym(UserIdentity user, String source, String term);

  List<VerifiedQuery> verified(UserIdentity user, String source);

  /** Adds or replaces a verified question; its owner is the user unless the query names one. */
  CurationDraft putVerified(UserIdentity user, String source, VerifiedQuery query);

  /**
   * Approves, retires or re-proposes a verified question.
   *
   * @throws UnknownCurationItemException when the working copy has no question of that id
   */
  CurationDraft setStatus(UserIdentity user, String source, String id, VerifiedStatus status);

  /**
   * Runs the approved questions of the working copy and compares their results with the published
   * version's, publishing nothing.
   */
  RegressionReport check(UserIdentity user, String source);

  /** A view's name, kind and defining query (in the source's dialect), as a steward edits them. */
  record ViewDefinition(String name, ViewKind kind, String sql) {
    public ViewDefinition {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("view: name the view");
      }
      if (sql == null || sql.isBlank()) {
        throw new IllegalArgumentException("sql: the view " + name.strip() + " has no query");
      }
      name = name.strip();
      kind = Objects.requireNonNullElse(kind, ViewKind.CONCEPTUAL);
    }

    /** The view as this definition makes it: the existing one changed, else a new one. */
    public CuratedView applyTo(Optional<CuratedView> existing) {
      return existing
          .map(
              v ->
                  new CuratedView(
                      v.name(),
                      kind,
                      v.description(),
                      sql,
                      v.dialectSql(),
                      v.inDatabase(),
                      v.columns()))
          .orElseGet(() -> CuratedView.of(name, kind, "", sql));
    }
  }

  /**
   * A description: a view's or table's text when {@code target} has no column, else the column's
   * meaning, unit, value dictionary and whether its values may reach a language model.
   */
  record Describe(
      String target,
      Optional<String> description,
      Optional<String> meaning,
      Optional<String> unit,
      Optional<List<ValueLabel>> values,
      Optional<Boolean> valuesShown) {
    public Describe {
      if (target == null || target.isBlank()) {
        throw new IllegalArgumentException("target: name a view, a table or NAME.COLUMN");
      }
      target = target.strip();
      description = Objects.requireNonNullElse(description, Optional.empty());
      meaning = Objects.requireNonNullElse(meaning, Optional.empty());
      unit = Objects.requireNonNullElse(unit, Optional.empty());
      values = Objects.requireNonNullElse(values, Optional.empty());
      valuesShown = Objects.requireNonNullElse(valuesShown, Optional.empty());
      boolean column = target.contains(".");
      boolean columnChange =
          meaning.isPresent() || unit.isPresent() || values.isPresent() || valuesShown.isPresent();
      if (column && description.isPresent()) {
        throw new IllegalArgumentException(
            "description: describes a view or table; name it without a column");
      }
      if (!column && columnChange) {
        throw new IllegalArgumentException(
            "meaning, unit, values and values_shown describe a column: name NAME.COLUMN");
      }
      if (!columnChange && description.isEmpty()) {
        throw new IllegalArgumentException("nothing to describe: give a description or a meaning");
      }
    }

    public String name() {
      int dot = target.indexOf('.');
      return dot < 0 ? target : target.substring(0, dot);
    }

    public Optional<String> column() {
      int dot = target.indexOf('.');
      return dot < 0 ? Optional.empty() : Optional.of(target.substring(dot + 1));
    }
  }
}
