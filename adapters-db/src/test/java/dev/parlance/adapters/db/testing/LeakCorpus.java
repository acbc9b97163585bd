package dev.parlance.adapters.db.testing;

import dev.parlance.domain.source.Dialect;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Statements written to read what a regional user or a contractor may not see, with the raw data as
 * the oracle: each must be refused, fail, or return exactly what the same statement returns on a
 * copy of the database holding only what that user may see. The classes follow issue 16: the
 * parser's blind spots ({@code IN table}, JSON operands, {@code LIKE … ESCAPE}), rows reached
 * through foreign keys, masked content read through other columns, error messages as a channel, and
 * the defects found on the way (a 3,000-term OR, {@code UNION … LIMIT}).
 *
 * <p>{@code :company} stands for the contractor's company.
 */
public final class LeakCorpus {
  private LeakCorpus() {}

  /** Whose data an attack goes after. */
  public enum Target {
    REGIONAL,
    CONTRACTOR
  }

  /**
   * @param oracleSql the same query for the oracle's database, when its engine cannot read the
   *     attack as written (a 3,000-term OR exceeds SQLite's expression depth unless grouped)
   */
  public record Attack(String label, Target target, String sql, String oracleSql) {
    @Override
    public String toString() {
      return label;
    }
  }

  private static final class Builder {
    private final List<Attack> list = new ArrayList<>();
    private final Set<String> labels = new LinkedHashSet<>();

    void add(Target target, String label, String sql) {
      if (!labels.add(label)) {
        throw new IllegalStateException("duplicate label " + label);
      }
      list.add(new Attack(label, target, sql, sql));
    }

    void add(Target target, String label, String sql, String oracleSql) {
      if (!labels.add(label)) {
        throw new IllegalStateException("duplicate label " + label);
      }
      list.add(new Attack(label, target, sql, oracleSql));
    }
  }

  public static List<Attack> forDialect(Dialect dialect) {
    Builder b = new Builder();
    boolean pg = dialect == Dialect.POSTGRESQL;
    Target r = Target.REGIONAL;
    Target c = Target.CONTRACTOR;

    // rows that reach the filtered installations through foreign keys
    b.add(r, "fk: systems", "SELECT count(*) FROM TB_SY");
    b.add(r, "fk: equipment", "SELECT count(*), sum(EQ_ID) FROM TB_EQ");
    b.add(r, "fk: orders", "SELECT count(*), sum(MO_ID) FROM TB_MO");
    b.add(r, "fk: operations", "SELECT count(*) FROM TB_OP");
    b.add(r, "fk: time sheets", "SELECT count(*), sum(TS_ID) FROM TB_TS");
    b.add(r, "fk: staff of work centres", "SELECT count(*) FROM TB_EMP");
    b.add(r, "fk: maintenance plans", "SELECT count(*) FROM TB_MP");
    b.add(r, "fk: failures", "SELECT count(*) FROM TB_FL");
    b.add(
        r,
        "fk: joined back to the region",
        "SELECT i.IN_RG_CD, count(*) FROM TB_MO m JOIN TB_EQ e ON e.EQ_ID = m.MO_EQ_ID"
            + " JOIN TB_SY s ON s.SY_ID = e.EQ_SY_ID JOIN TB_IN i ON i.IN_ID = s.SY_IN_ID"
            + " GROUP BY i.IN_RG_CD ORDER BY 1");
    b.add(r, "fk: keys without a join", "SELECT MO_EQ_ID FROM TB_MO ORDER BY MO_ID LIMIT 20");
    b.add(
        r,
        "fk: a curated-style view over equipment",
        "WITH equipment AS (SELECT e.EQ_ID, s.SY_IN_ID FROM TB_EQ e JOIN TB_SY s"
            + " ON s.SY_ID = e.EQ_SY_ID) SELECT count(*) FROM equipment");
    // the parser's blind spots
    b.add(r, "in table-name", "SELECT count(*) FROM TB_MO WHERE MO_ID IN TB_IN");
    b.add(r, "in table-name of regions", "SELECT RG_CD FROM TB_RG WHERE RG_CD IN TB_IN");
    b.add(
        r,
        "like escape sub-query",
        "SELECT count(*) FROM TB_RG WHERE 'a' LIKE 'a' ESCAPE"
            + " (SELECT substr(min(IN_CD), 1, 1) FROM TB_IN WHERE IN_RG_CD <> 'SE')");
    b.add(
        r,
        "like escape as a one-bit oracle",
        "SELECT count(*) FROM TB_RG WHERE 'a%' LIKE 'a%' ESCAPE (SELECT CASE WHEN count(*) > 0"
            + " THEN 'x' ELSE 'yy' END FROM TB_IN WHERE IN_RG_CD <> 'SE')");
    if (pg) {
      b.add(r, "json operand", "SELECT (SELECT json_agg(IN_CD) FROM TB_IN) -> 0");
      b.add(
          r,
          "json text operand",
          "SELECT (SELECT json_agg(IN_NM ORDER BY IN_ID) FROM TB_IN) ->> 3");
      b.add(r, "error quotes a value", "SELECT CAST(IN_NM AS integer) FROM TB_IN");
      b.add(
          r,
          "error quotes another region's value",
          "SELECT CAST((SELECT min(IN_NM) FROM TB_IN WHERE IN_RG_CD <> 'SE') AS integer)");
    } else {
      b.add(r, "json operand", "SELECT (SELECT group_concat(IN_CD) FROM TB_IN) -> '$'");
      b.add(
          r, "json text operand", "SELECT (SELECT json_group_array(IN_NM) FROM TB_IN) ->> '$[3]'");
      b.add(
          r,
          "json path error quotes data",
          "SELECT json_extract('{}', (SELECT '$.' || group_concat(IN_NM, '.') FROM TB_IN"
              + " WHERE IN_RG_CD <> 'SE'))");
      b.add(r, "error on a value", "SELECT json(IN_NM) FROM TB_IN");
      b.add(
          r,
          "error as a one-bit oracle",
          "SELECT CASE WHEN (SELECT count(*) FROM TB_IN WHERE IN_RG_CD <> 'SE') > 0"
              + " THEN json('x') END");
      // issue 24: json_object and json_array now run, under the same rewrite
      b.add(
          r,
          "json_object of every installation",
          "SELECT json_group_array(json_object('cd', IN_CD, 'rg', IN_RG_CD)) FROM"
              + " (SELECT IN_CD, IN_RG_CD FROM TB_IN ORDER BY IN_ID)");
      b.add(
          r,
          "json_array of another region's orders",
          "SELECT json_array((SELECT count(*) FROM TB_MO m JOIN TB_EQ e ON e.EQ_ID = m.MO_EQ_ID"
              + " JOIN TB_SY s ON s.SY_ID = e.EQ_SY_ID JOIN TB_IN i ON i.IN_ID = s.SY_IN_ID"
              + " WHERE i.IN_RG_CD <> 'SE'))");
      b.add(
          c,
          "json_object of masked names",
          "SELECT json_object('n', EMP_NM, 'e', EMP_EMAIL) FROM TB_EMP ORDER BY EMP_ID LIMIT 50");
    }
    b.add(
        r,
        "scalar sub-query of another region",
        "SELECT (SELECT count(*) FROM TB_IN WHERE IN_RG_CD <> 'SE')");
    b.add(
        r,
        "exists per region",
        "SELECT count(*) FROM TB_RG g WHERE EXISTS (SELECT 1 FROM TB_IN i WHERE i.IN_RG_CD = g.RG_CD)");
    b.add(
        r,
        "division by a guessed count",
        "SELECT 1.0 / ((SELECT count(*) FROM TB_IN WHERE IN_RG_CD <> 'SE') - 1)");
    b.add(
        r,
        "union with another region",
        "SELECT IN_CD FROM TB_IN UNION SELECT IN_CD FROM TB_IN WHERE IN_RG_CD <> 'SE' ORDER BY 1");
    b.add(
        r,
        "recursive walk over ids",
        "WITH RECURSIVE w(id) AS (SELECT min(IN_ID) FROM TB_IN UNION SELECT i.IN_ID FROM TB_IN i,"
            + " w WHERE i.IN_ID = w.id + 1) SELECT count(*) FROM w");
    b.add(r, "window over everything", "SELECT count(*) OVER () FROM TB_IN ORDER BY 1 LIMIT 1");
    b.add(
        r, "group by region", "SELECT IN_RG_CD, count(*) FROM TB_IN GROUP BY IN_RG_CD ORDER BY 1");
    b.add(
        r,
        "union all then limit",
        "SELECT IN_CD FROM TB_IN UNION ALL SELECT IN_CD FROM TB_IN ORDER BY 1 LIMIT 3");
    b.add(r, "a 3,000-term OR", longOr(3000), groupedOr(3000));
    b.add(r, "a 1,000-term OR", longOr(1000), groupedOr(1000));

    // masks, hidden columns, other companies' staff
    b.add(c, "masked names and e-mails", "SELECT EMP_NM, EMP_EMAIL FROM TB_EMP ORDER BY EMP_ID");
    b.add(c, "names guessed by prefix", "SELECT count(*) FROM TB_EMP WHERE EMP_NM LIKE 'A%'");
    b.add(
        c,
        "names guessed through e-mails",
        "SELECT count(*) FROM TB_EMP WHERE EMP_EMAIL LIKE 'a%'");
    b.add(c, "name lengths", "SELECT max(length(EMP_NM)), min(length(EMP_EMAIL)) FROM TB_EMP");
    b.add(c, "other companies' staff", "SELECT count(*) FROM TB_EMP WHERE EMP_CT_ID <> :company");
    b.add(c, "hidden phone", "SELECT EMP_PH FROM TB_EMP");
    b.add(c, "hidden pay compared", "SELECT count(*) FROM TB_EMP WHERE EMP_HR_RT > 50");
    b.add(
        c,
        "hidden pay through in table-name",
        "SELECT count(*) FROM TB_EMP e WHERE e.EMP_ID IN TB_EMP");
    b.add(
        c,
        "hidden phone through like escape",
        "SELECT count(*) FROM TB_RG WHERE 'a' LIKE 'a' ESCAPE (SELECT substr(EMP_PH, 2, 1) FROM TB_EMP"
            + " ORDER BY EMP_ID LIMIT 1)");
    b.add(
        c, "star of a derived table", "SELECT x.* FROM (SELECT * FROM TB_EMP) x ORDER BY x.EMP_ID");
    b.add(
        c,
        "masked value compared",
        "SELECT count(*) FROM (SELECT * FROM TB_EMP) x WHERE x.EMP_NM = '***'");
    b.add(c, "fk: time sheets of other staff", "SELECT count(*), sum(TS_HH) FROM TB_TS");
    b.add(c, "fk: orders of other staff", "SELECT count(*) FROM TB_MO");
    if (pg) {
      b.add(c, "hidden phone through json", "SELECT (SELECT json_agg(EMP_PH) FROM TB_EMP) -> 0");
      b.add(c, "masked name in an error", "SELECT CAST(EMP_NM AS integer) FROM TB_EMP");
    } else {
      b.add(
          c,
          "hidden phone through json",
          "SELECT (SELECT group_concat(EMP_PH) FROM TB_EMP) -> '$'");
      b.add(c, "masked names as json", "SELECT json_group_array(EMP_NM) FROM TB_EMP");
      b.add(c, "masked name in an error", "SELECT json(EMP_NM) FROM TB_EMP");
    }
    return List.copyOf(b.list);
  }

  /** {@code SELECT count(*) FROM TB_MO WHERE MO_ID = 0 OR MO_ID = 3 OR …} */
  public static String longOr(int terms) {
    StringBuilder sb = new StringBuilder("SELECT count(*), sum(MO_ID) FROM TB_MO WHERE ");
    for (int i = 0; i < terms; i++) {
      sb.append(i == 0 ? "" : " OR ").append("MO_ID = ").append(i * 3);
    }
    return sb.toString();
  }

  /** The same condition in groups of 50, which any engine reads. */
  static String groupedOr(int terms) {
    StringBuilder sb = new StringBuilder("SELECT count(*), sum(MO_ID) FROM TB_MO WHERE ");
    for (int start = 0; start < terms; start += 50) {
      sb.append(start == 0 ? "(" : " OR (");
      for (int i = start; i < Math.min(terms, start + 50); i++) {
        sb.append(i == start ? "" : " OR ").append("MO_ID = ").append(i * 3);
      }
      sb.append(')');
    }
    return sb.toString();
  }
}
