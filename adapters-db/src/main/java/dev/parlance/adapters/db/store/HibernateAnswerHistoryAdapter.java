package dev.parlance.adapters.db.store;

import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.answer.Feedback;
import dev.parlance.domain.answer.Spend;
import dev.parlance.domain.answer.SpentOnAnswer;
import dev.parlance.domain.answer.Verdict;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.hibernate.SessionFactory;

/** Users' answers in the metadata store. */
final class HibernateAnswerHistoryAdapter implements AnswerHistoryPort {

  private static final int MAX_QUESTION = 4000;

  private final SessionFactory sessions;

  HibernateAnswerHistoryAdapter(SessionFactory sessions) {
    this.sessions = sessions;
  }

  @Override
  public AnswerRecord save(AnswerRecord answer) {
    AnswerRecordEntity e = toEntity(answer);
    return Store.write(
        sessions,
        s -> {
          s.persist(e);
          s.flush();
          return toDomain(e);
        });
  }

  @Override
  public Optional<AnswerRecord> find(long id) {
    return Store.read(
        sessions,
        s -> Optional.ofNullable(s.find(AnswerRecordEntity.class, id)).map(this::toDomain));
  }

  @Override
  public List<AnswerRecord> byUser(String user, int offset, int limit) {
    return Store.read(
        sessions,
        s ->
            s
                .createSelectionQuery(
                    "from AnswerRecordEntity where userName = :u order by id desc",
                    AnswerRecordEntity.class)
                .setParameter("u", user)
                .setFirstResult(Math.max(0, offset))
                .setMaxResults(Math.max(1, limit))
                .getResultList()
                .stream()
                .map(this::toDomain)
                .toList());
  }

  @Override
  public long countByUser(String user) {
    return Store.read(
        sessions,
        s ->
            s.createSelectionQuery(
                    "select count(*) from AnswerRecordEntity where userName = :u", Long.class)
                .setParameter("u", user)
                .getSingleResult());
  }

  @Override
  public AnswerRecord giveFeedback(long id, Feedback feedback) {
    return Store.write(
        sessions,
        s -> {
          AnswerRecordEntity e = s.find(AnswerRecordEntity.class, id);
          if (e == null) {
            throw new IllegalArgumentException("there is no answer number " + id);
          }
          copy(feedback, e);
          return toDomain(e);
        });
  }

  @Override
  public Spend spentByUser(String user, Instant since) {
    return spent("userName", user, since);
  }

  @Override
  public Spend spentOnSource(String source, Instant since) {
    return spent("sourceName", source, since);
  }

  @Override
  public List<SpentOnAnswer> spending(Instant since, Instant until) {
    return Store.read(
        sessions,
        s ->
            s
                .createSelectionQuery(
                    "select askedAt, userName, sourceName, promptTokens + completionTokens,"
                        + " costUsd from AnswerRecordEntity"
                        + " where askedAt >= :since and askedAt < :until order by askedAt, id",
                    Object[].class)
                .setParameter("since", since)
                .setParameter("until", until)
                .getResultList()
                .stream()
                .map(
                    r ->
                        new SpentOnAnswer(
                            (Instant) r[0],
                            (String) r[1],
                            (String) r[2],
                            new Spend(
                                ((Number) r[3]).longValue(),
                                new BigDecimal(r[4].toString()).stripTrailingZeros())))
                .toList());
  }

  private Spend spent(String field, String value, Instant since) {
    Object[] sums =
        Store.read(
            sessions,
            s ->
                s.createSelectionQuery(
                        "select sum(promptTokens + completionTokens), sum(costUsd)"
                            + " from AnswerRecordEntity where "
                            + field
                            + " = :v and askedAt >= :since",
                        Object[].class)
                    .setParameter("v", value)
                    .setParameter("since", since)
                    .getSingleResult());
    long tokens = sums[0] == null ? 0 : ((Number) sums[0]).longValue();
    BigDecimal usd =
        sums[1] == null ? BigDecimal.ZERO : new BigDecimal(sums[1].toString()).stripTrailingZeros();
    return new Spend(tokens, usd);
  }

  private AnswerRecordEntity toEntity(AnswerRecord a) {
    AnswerRecordEntity e = new AnswerRecordEntity();
    e.askedAt = a.askedAt();
    e.userName = cut(a.user(), 200);
    e.sourceName = cut(a.source(), 63);
    e.question = cut(a.question(), MAX_QUESTION);
    e.status = cut(a.status(), 20);
    e.sqlText = a.sql().map(sql -> cut(sql, StoreMapper.MAX_SQL)).orElse(null);
    e.confidence = a.confidence();
    e.rowCount = a.rowCount();
    e.promptTokens = a.promptTokens();
    e.completionTokens = a.completionTokens();
    e.costUsd = a.usd().setScale(8, RoundingMode.HALF_UP);
    e.costKnown = a.costKnown();
    e.wallMs = a.wallMillis();
    e.followsUp = a.followsUp().isPresent() ? a.followsUp().getAsLong() : null;
    e.standaloneQuestion = a.standaloneQuestion().map(q -> cut(q, MAX_QUESTION)).orElse(null);
    a.readings().forEach(sql -> e.readings.add(cut(sql, StoreMapper.MAX_SQL)));
    a.feedback().ifPresent(f -> copy(f, e));
    return e;
  }

  private static void copy(Feedback f, AnswerRecordEntity e) {
    e.feedbackVerdict = f.verdict().name();
    e.feedbackComment = f.comment();
    e.feedbackAt = f.at();
    e.feedbackSuggestion = f.suggestion();
    e.feedbackReading = f.reading();
  }

  private AnswerRecord toDomain(AnswerRecordEntity e) {
    Optional<Feedback> feedback =
        e.feedbackVerdict == null
            ? Optional.empty()
            : Optional.of(
                new Feedback(
                    Verdict.valueOf(e.feedbackVerdict),
                    e.feedbackComment,
                    e.feedbackAt,
                    e.feedbackSuggestion == null ? 0 : e.feedbackSuggestion,
                    e.feedbackReading == null ? 0 : e.feedbackReading));
    return new AnswerRecord(
        e.id,
        e.askedAt,
        e.userName,
        e.sourceName,
        e.question,
        e.status,
        Optional.ofNullable(e.sqlText),
        e.confidence,
        e.rowCount,
        e.promptTokens,
        e.completionTokens,
        e.costUsd.stripTrailingZeros(),
        e.costKnown,
        e.wallMs,
        feedback,
        e.followsUp == null ? OptionalLong.empty() : OptionalLong.of(e.followsUp),
        List.copyOf(e.readings),
        Optional.ofNullable(e.standaloneQuestion));
  }

  private static String cut(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max);
  }
}
