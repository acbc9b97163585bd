package dev.parlance.application.answer;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.Spend;
import dev.parlance.domain.answer.SpentOnAnswer;
import dev.parlance.domain.completion.ModelCall;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.governance.UserIdentity;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Sums the answer history's tokens and cost per UTC day, user and source, and the ledger of model
 * calls per purpose.
 */
public final class SpendReportService implements SpendReportUseCase {

  private final AnswerHistoryPort history;
  private final ModelCallsPort ledger;
  private final Clock clock;

  public SpendReportService(AnswerHistoryPort history, ModelCallsPort ledger, Clock clock) {
    this.history = history;
    this.ledger = ledger;
    this.clock = clock;
  }

  @Override
  public SpendReport spend(UserIdentity user, int days) {
    SourceAccess.requireAdmin(user, "read what the language model cost");
    if (days < 1 || days > MAX_DAYS) {
      throw new IllegalArgumentException("days: between 1 and " + MAX_DAYS + ", got " + days);
    }
    LocalDate to = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    LocalDate from = to.minusDays(days - 1L);
    Instant since = from.atStartOfDay().toInstant(ZoneOffset.UTC);
    Instant until = to.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    List<SpentOnAnswer> spent = history.spending(since, until);

    Map<List<String>, Total> lines = new TreeMap<>(Comparator.comparing(Object::toString));
    Map<String, Total> byDay = new LinkedHashMap<>();
    for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
      byDay.put(day.toString(), new Total(day.toString(), Spend.NONE, 0));
    }
    for (SpentOnAnswer s : spent) {
      String day = day(s).toString();
      add(lines, List.of(day, s.user(), s.source()), s);
      add(byDay, day, s);
    }
    List<Line> lineList = new ArrayList<>();
    lines.forEach(
        (key, sum) ->
            lineList.add(
                new Line(
                    LocalDate.parse(key.get(0)),
                    key.get(1),
                    key.get(2),
                    sum.spend(),
                    sum.answers())));
    return new SpendReport(
        from,
        to,
        lineList,
        List.copyOf(byDay.values()),
        sums(spent, SpentOnAnswer::user),
        sums(spent, SpentOnAnswer::source),
        sum("all", spent),
        byPurpose(ledger.between(since, until)));
  }

  private static List<PurposeTotal> byPurpose(List<ModelCall> calls) {
    List<PurposeTotal> totals = new ArrayList<>();
    for (ModelPurpose purpose : ModelPurpose.values()) {
      int requests = 0;
      long vendorCalls = 0;
      long prompt = 0;
      long completion = 0;
      BigDecimal usd = BigDecimal.ZERO;
      long unpriced = 0;
      for (ModelCall c : calls) {
        if (c.purpose() == purpose) {
          requests++;
          vendorCalls += c.calls();
          prompt += c.usage().promptTokens();
          completion += c.usage().completionTokens();
          usd = usd.add(c.cost().usd());
          unpriced += c.cost().unpricedCalls();
        }
      }
      totals.add(
          new PurposeTotal(
              purpose.label(), requests, vendorCalls, prompt, completion, usd, unpriced));
    }
    return totals;
  }

  private static LocalDate day(SpentOnAnswer s) {
    return LocalDate.ofInstant(s.askedAt(), ZoneOffset.UTC);
  }

  private static <K> void add(Map<K, Total> sums, K key, SpentOnAnswer s) {
    sums.merge(
        key,
        new Total(key.toString(), s.spend(), 1),
        (a, b) -> new Total(a.key(), a.spend().plus(b.spend()), a.answers() + b.answers()));
  }

  private static List<Total> sums(List<SpentOnAnswer> spent, Function<SpentOnAnswer, String> key) {
    Map<String, Total> sums = new TreeMap<>();
    for (SpentOnAnswer s : spent) {
      add(sums, key.apply(s), s);
    }
    return sums.values().stream()
        .sorted(Comparator.comparingLong((Total t) -> t.spend().tokens()).reversed())
        .toList();
  }

  private static Total sum(String key, List<SpentOnAnswer> spent) {
    Spend all = Spend.NONE;
    for (SpentOnAnswer s : spent) {
      all = all.plus(s.spend());
    }
    return new Total(key, all, spent.size());
  }
}
