package dev.parlance.application.curation;

import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationDraft;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** In-memory ports for the curation use cases' tests. */
final class CurationFakes {
  private CurationFakes() {}

  static final DataSource PLANT =
      DataSource.of("plant", "jdbc:sqlite:/tmp/plant.db", Credentials.none());

  static DataSourcesPort sources() {
    return new DataSourcesPort() {
      @Override
      public Optional<DataSource> find(String name) {
        return name.equals(PLANT.name()) ? Optional.of(PLANT) : Optional.empty();
      }

      @Override
      public List<DataSource> all() {
        return List.of(PLANT);
      }

      @Override
      public void save(DataSource source) {
        throw new UnsupportedOperationException();
      }

      @Override
      public boolean remove(String name) {
        throw new UnsupportedOperationException();
      }
    };
  }

  static GovernancePoliciesPort noPolicy() {
    return new GovernancePoliciesPort() {
      @Override
      public Optional<GovernancePolicy> current(String source) {
        return Optional.empty();
      }

      @Override
      public List<GovernancePolicy> history(String source) {
        return List.of();
      }

      @Override
      public GovernancePolicy publish(GovernancePolicy draft, String steward) {
        throw new UnsupportedOperationException();
      }
    };
  }

  /** An executor answering each statement with {@code answer}, remembering what it was asked. */
  static final class Executor implements ExecuteQueryPort {
    final List<String> asked = new ArrayList<>();
    final Function<String, QueryOutcome> answer;

    Executor(Function<String, QueryOutcome> answer) {
      this.answer = answer;
    }

    @Override
    public QueryOutcome execute(
        DataSource source,
        GovernancePolicy policy,
        dev.parlance.domain.governance.UserIdentity user,
        String sql) {
      asked.add(sql);
      return answer.apply(sql);
    }
  }

  static QueryOutcome ran(String sql, List<String> columns, List<List<Object>> rows) {
    return new QueryOutcome.Ran(
        new QueryResult(
            columns.stream().map(c -> new ResultColumn(c, "TEXT")).toList(),
            rows,
            false,
            1,
            sql,
            sql));
  }

  static QueryOutcome failed(String sql, String message) {
    return new QueryOutcome.Failed(
        dev.parlance.domain.governance.FailureKind.DATABASE_ERROR,
        message,
        sql,
        Optional.of(sql),
        1);
  }

  static final class Store implements CurationStorePort {
    final Map<String, CurationDraft> drafts = new HashMap<>();
    final List<CurationVersion> versions = new ArrayList<>();

    @Override
    public Optional<CurationVersion> published(String source) {
      return versions.stream().filter(v -> v.source().equals(source)).reduce((a, b) -> b);
    }

    @Override
    public Optional<CurationDraft> draft(String source) {
      return Optional.ofNullable(drafts.get(source));
    }

    @Override
    public CurationDraft saveDraft(Curation curation, int basedOn, String editor) {
      CurationDraft d = new CurationDraft(curation, basedOn, editor, Instant.EPOCH);
      drafts.put(curation.source(), d);
      return d;
    }

    @Override
    public void discardDraft(String source) {
      drafts.remove(source);
    }

    @Override
    public CurationVersion publish(
        Curation curation, String steward, String note, boolean dropDraft) {
      CurationVersion v =
          new CurationVersion(
              history(curation.source()).size() + 1, curation, steward, Instant.EPOCH, note);
      versions.add(v);
      if (dropDraft) {
        drafts.remove(curation.source());
      }
      return v;
    }

    @Override
    public Optional<CurationVersion> version(String source, int version) {
      return history(source).stream().filter(v -> v.version() == version).findFirst();
    }

    @Override
    public int latestVersion(String source) {
      return history(source).size();
    }

    @Override
    public List<CurationVersion> history(String source) {
      return versions.stream().filter(v -> v.source().equals(source)).toList();
    }
  }

  static final class Suggestions implements SuggestionsPort {
    final List<Suggestion> all = new ArrayList<>();

    @Override
    public List<Suggestion> add(List<Suggestion> suggestions) {
      List<Suggestion> out = new ArrayList<>();
      for (Suggestion s : suggestions) {
        Suggestion numbered =
            new Suggestion(
                all.size() + 1,
                s.source(),
                s.kind(),
                s.target(),
                s.summary(),
                s.proposal(),
                s.status(),
                s.decidedBy(),
                s.createdAt());
        all.add(numbered);
        out.add(numbered);
      }
      return out;
    }

    @Override
    public List<Suggestion> list(String source, SuggestionStatus status) {
      return all.stream().filter(s -> s.source().equals(source) && s.status() == status).toList();
    }

    @Override
    public Optional<Suggestion> find(String source, long id) {
      return all.stream().filter(s -> s.source().equals(source) && s.id() == id).findFirst();
    }

    @Override
    public Suggestion decide(String source, long id, SuggestionStatus decision, String steward) {
      Suggestion s = find(source, id).orElseThrow();
      Suggestion decided =
          new Suggestion(
              s.id(),
              s.source(),
              s.kind(),
              s.target(),
              s.summary(),
              s.proposal(),
              decision,
              steward,
              s.createdAt());
      all.set((int) id - 1, decided);
      return decided;
    }
  }
}
