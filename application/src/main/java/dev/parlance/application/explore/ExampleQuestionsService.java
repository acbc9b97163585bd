package dev.parlance.application.explore;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.List;

/**
 * Lists the published curation's approved verified questions. A curation keeps verified questions
 * in the order they were added, so the newest are its last ones.
 */
public final class ExampleQuestionsService implements ExampleQuestionsUseCase {

  private final DataSourcesPort sources;
  private final PublishedCurationPort published;

  public ExampleQuestionsService(DataSourcesPort sources, PublishedCurationPort published) {
    this.sources = sources;
    this.published = published;
  }

  @Override
  public List<ExampleQuestion> examples(UserIdentity user, String source) {
    SourceAccess.requireUse(user, source);
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
    List<VerifiedQuery> approved =
        published.published(source).map(CurationVersion::curation).stream()
            .flatMap(c -> c.approved().stream())
            .toList();
    List<ExampleQuestion> newestFirst = new ArrayList<>();
    for (int i = approved.size() - 1; i >= 0 && newestFirst.size() < MOST; i--) {
      newestFirst.add(new ExampleQuestion(approved.get(i).id(), approved.get(i).question()));
    }
    return newestFirst;
  }
}
