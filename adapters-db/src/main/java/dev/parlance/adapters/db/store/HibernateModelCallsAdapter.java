package dev.parlance.adapters.db.store;

import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.ModelCall;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.completion.TokenUsage;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.hibernate.SessionFactory;

/** The ledger of language-model requests in the metadata store, one row per request. */
final class HibernateModelCallsAdapter implements ModelCallsPort {

  private final SessionFactory sessions;

  HibernateModelCallsAdapter(SessionFactory sessions) {
    this.sessions = sessions;
  }

  @Override
  public void record(ModelCall call) {
    Store.write(
        sessions,
        s -> {
          ModelCallEntity e = new ModelCallEntity();
          e.calledAt = call.at().truncatedTo(ChronoUnit.MILLIS);
          e.purpose = call.purpose().name();
          e.sourceName = call.source();
          e.profile = call.profile();
          e.calls = call.calls();
          e.promptTokens = call.usage().promptTokens();
          e.completionTokens = call.usage().completionTokens();
          e.usd = call.cost().usd();
          e.unpricedCalls = call.cost().unpricedCalls();
          s.persist(e);
          return null;
        });
  }

  @Override
  public List<ModelCall> between(Instant since, Instant until) {
    return Store.read(
        sessions,
        s ->
            s
                .createSelectionQuery(
                    "from ModelCallEntity where calledAt >= :since and calledAt < :until"
                        + " order by calledAt, id",
                    ModelCallEntity.class)
                .setParameter("since", since)
                .setParameter("until", until)
                .getResultList()
                .stream()
                .map(
                    e ->
                        new ModelCall(
                            e.calledAt,
                            ModelPurpose.valueOf(e.purpose),
                            e.sourceName,
                            e.profile,
                            e.calls,
                            new TokenUsage(e.promptTokens, e.completionTokens),
                            new Cost(e.usd.stripTrailingZeros(), e.unpricedCalls)))
                .toList());
  }
}
