package dev.parlance.domain.curation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What every curation store must do: one draft, numbered versions kept whole, suggestions. */
public abstract class CurationStorePortContract {

  protected abstract CurationStorePort port();

  protected abstract SuggestionsPort suggestions();

  private static String fresh() {
    return "plant" + System.nanoTime() % 1_000_000;
  }

  @Test
  void should_keep_one_draft_per_source_and_replace_it_when_saved_again() {
    Curation c = CurationFixture.plant().forSource(fresh());

    port().saveDraft(c, 0, "rita");
    CurationDraft second = port().saveDraft(c.withHint("Second hint."), 0, "ana");

    assertThat(port().draft(c.source())).contains(second);
    assertThat(second.curation().hints()).hasSize(2);
    assertThat(second.editedBy()).isEqualTo("ana");
    port().discardDraft(c.source());
    assertThat(port().draft(c.source())).isEmpty();
  }

  @Test
  void should_refuse_a_publish_that_another_one_overtook_and_store_nothing_of_it() {
    Curation c = CurationFixture.plant().forSource(fresh());
    port().saveDraft(c, 0, "rita");
    // Both started from "no version yet"; the first one stores version 1.
    port().publishIfLatest(0, c, "rita", "first", true);
    port().saveDraft(c.withHint("ana's change"), 1, "ana");

    assertThatThrownBy(
            () -> port().publishIfLatest(0, c.withoutView("installation"), "ana", "", true))
        .isInstanceOf(CurationConflictException.class)
        .hasMessageContaining("version 1 was published");

    assertThat(port().latestVersion(c.source())).isEqualTo(1);
    assertThat(port().published(c.source()).orElseThrow().curation()).isEqualTo(c);
    assertThat(port().draft(c.source()).orElseThrow().curation().hints()).contains("ana's change");
  }

  @Test
  void should_number_versions_keep_them_whole_and_drop_the_draft_when_publishing() {
    Curation c = CurationFixture.plant().forSource(fresh());
    port().saveDraft(c, 0, "rita");

    CurationVersion first = port().publish(c, "rita", "first cut", true);
    assertThat(port().draft(c.source())).isEmpty();
    port().saveDraft(c.withHint("work in progress"), 1, "rita");
    CurationVersion second = port().publish(c.withoutView("installation"), "ana", "", false);

    assertThat(first.version()).isEqualTo(1);
    assertThat(second.version()).isEqualTo(2);
    assertThat(port().draft(c.source())).isPresent();
    assertThat(port().published(c.source())).contains(second);
    assertThat(port().version(c.source(), 1).orElseThrow().curation()).isEqualTo(c);
    assertThat(port().version(c.source(), 1).orElseThrow().note()).isEqualTo("first cut");
    assertThat(port().history(c.source()))
        .extracting(CurationVersion::version, CurationVersion::publishedBy)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1, "rita"),
            org.assertj.core.groups.Tuple.tuple(2, "ana"));
    assertThat(port().version(c.source(), 3)).isEmpty();
    assertThat(port().latestVersion(c.source())).isEqualTo(2);
  }

  @Test
  void should_have_no_published_version_when_nothing_was_published() {
    assertThat(port().published(fresh())).isEmpty();
    assertThat(port().latestVersion(fresh())).isZero();
    assertThat(port().history(fresh())).isEmpty();
  }

  @Test
  void should_number_suggestions_and_record_a_decision_only_once() {
    String source = fresh();
    Curation proposal = Curation.empty(source).withView(CurationFixture.installation());
    List<Suggestion> added =
        suggestions()
            .add(
                List.of(
                    Suggestion.pending(
                        SuggestionKind.DESCRIPTION,
                        "TB_IN",
                        "installation",
                        proposal,
                        Instant.EPOCH),
                    Suggestion.pending(
                        SuggestionKind.VIEW, "TB_MO", "orders", proposal, Instant.EPOCH)));

    long first = added.get(0).id();
    Suggestion accepted = suggestions().decide(source, first, SuggestionStatus.ACCEPTED, "rita");

    assertThat(accepted.status()).isEqualTo(SuggestionStatus.ACCEPTED);
    assertThat(accepted.proposal()).isEqualTo(proposal);
    assertThat(suggestions().list(source, SuggestionStatus.PENDING))
        .extracting(Suggestion::target)
        .containsExactly("TB_MO");
    assertThatThrownBy(() -> suggestions().decide(source, first, SuggestionStatus.REJECTED, "ana"))
        .hasMessageContaining("already accepted");
    assertThat(suggestions().find("elsewhere", first)).isEmpty();
  }
}
