package dev.parlance.application.curation;

import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationDraft;
import java.util.function.UnaryOperator;

/**
 * A steward's edits: every change lands in the source's draft (started from the published version
 * when there is none), never in a published version.
 */
public interface EditCurationUseCase {

  /** What the steward edits now: the draft, else the published curation, else an empty one. */
  Curation workingCopy(String source);

  /** Applies {@code change} to the working copy and saves the result as the draft. */
  CurationDraft change(String source, String editor, UnaryOperator<Curation> change);

  /** Replaces the draft by a curation file's content. */
  CurationDraft importFile(String source, String text, String editor);

  void discard(String source);
}
