package dev.parlance.application.explore;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lists the published curation's approved verified questions for the ask page's first screen: the
 * easiest first (the stewards' difficulty, else the SQL's own: its joins, sub-queries, groupings),
 * chosen so that together they cover as many of the source's views as they can, newest first among
 * equals. A curation keeps verified questions in the order they were added, so the newest are its
 * last ones.
 */
public final class ExampleQuestionsService implements ExampleQuestionsUseCase {

  private static final Pattern HARD =
      Pattern.compile(
          "(?i)\\b(JOIN|GROUP\\s+BY|HAVING|UNION|OVER|WITH|CASE|EXISTS)\\b|\\(\\s*SELECT\\b");

  private final DataSourcesPort sources;
  private final PublishedCurationPort published;

  public ExampleQuestionsService(DataSourcesPort sources, PublishedCurationPort published) {
    this.sources = sources;
    this.published = published;
  }

  private record Scored(
      VerifiedQuery query, int rank, int hardness, int order, Set<String> views) {}

  @Override
  public List<ExampleQuestion> examples(UserIdentity user, String source) {
    SourceAccess.requireUse(user, source);
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
    Optional<Curation> curation = published.published(source).map(CurationVersion::curation);
    List<VerifiedQuery> approved = curation.stream().flatMap(c -> c.approved().stream()).toList();
    List<String> viewNames =
        curation.stream()
            .flatMap(c -> c.views().stream())
            .map(v -> v.name().toLowerCase(Locale.ROOT))
            .toList();
    List<Scored> scored = new ArrayList<>();
    for (int i = 0; i < approved.size(); i++) {
      VerifiedQuery q = approved.get(i);
      scored.add(
          new Scored(q, rank(q.difficulty()), hardness(q.sql()), i, views(q.sql(), viewNames)));
    }
    Comparator<Scored> easiestFirst =
        Comparator.comparingInt(Scored::rank)
            .thenComparingInt(Scored::hardness)
            .thenComparing(Comparator.comparingInt(Scored::order).reversed());
    scored.sort(easiestFirst);
    List<Scored> picked = new ArrayList<>();
    Set<String> covered = new HashSet<>();
    for (Scored s : scored) {
      if (picked.size() < MOST && !covered.containsAll(s.views()) && !s.views().isEmpty()) {
        picked.add(s);
        covered.addAll(s.views());
      }
    }
    for (Scored s : scored) {
      if (picked.size() < MOST && !picked.contains(s)) {
        picked.add(s);
      }
    }
    picked.sort(easiestFirst);
    return picked.stream()
        .map(s -> new ExampleQuestion(s.query().id(), s.query().question()))
        .toList();
  }

  private static int rank(String difficulty) {
    return switch (difficulty) {
      case "simple" -> 0;
      case "medium" -> 1;
      case "complex" -> 2;
      default -> 1;
    };
  }

  private static int hardness(String sql) {
    Matcher m = HARD.matcher(sql);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  private static Set<String> views(String sql, List<String> viewNames) {
    Set<String> words = new HashSet<>();
    Matcher m = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*").matcher(sql);
    while (m.find()) {
      words.add(m.group().toLowerCase(Locale.ROOT));
    }
    Set<String> used = new HashSet<>();
    for (String view : viewNames) {
      if (words.contains(view)) {
        used.add(view);
      }
    }
    return used;
  }
}
