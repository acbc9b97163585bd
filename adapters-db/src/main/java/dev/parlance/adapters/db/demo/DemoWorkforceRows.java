package dev.parlance.adapters.db.demo;

import static dev.parlance.adapters.db.demo.DemoVocabulary.FUNCTIONS;
import static dev.parlance.adapters.db.demo.DemoVocabulary.LAST;
import static dev.parlance.adapters.db.demo.DemoVocabulary.REGIONS;
import static dev.parlance.adapters.db.demo.DemoVocabulary.SPAN_DAYS;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The people: contractors and employees, each at a work centre. Returns how many employees there
 * are.
 */
final class DemoWorkforceRows extends DemoRows {
  DemoWorkforceRows(Connection connection, SplittableRandom random, double scale) {
    super(connection, random, scale);
  }

  int write(List<Installation> installations, List<int[]> workCenters) throws SQLException {
    int contractors = 30;
    try (Batch b = new Batch("TB_CT", 8)) {
      for (int i = 1; i <= contractors; i++) {
        LocalDate from = day(-1500, 1200);
        b.add(
            i,
            "CONTRATADA "
                + pick(LAST).toUpperCase()
                + " "
                + pick(new String[] {"LTDA", "S.A.", "SERVICOS"}),
            String.format(
                "%02d.%03d.%03d/0001-%02d",
                between(10, 99), between(100, 999), between(100, 999), between(10, 99)),
            iso(from),
            iso(from.plusDays(between(365, 2200))),
            i % 10 == 0 ? 2 : (i % 7 == 0 ? 3 : 1),
            money(500_000, 90_000_000),
            REGIONS[i % 4]);
      }
    }
    int employees = n(1500);
    try (Batch b = new Batch("TB_EMP", 13)) {
      for (int i = 1; i <= employees; i++) {
        int[] wc = workCenters.get(random.nextInt(workCenters.size()));
        boolean own = chance(0.6);
        String name = person();
        b.add(
            i,
            "MT" + String.format("%07d", 4000 + i * 3),
            name,
            wc[0],
            pick(FUNCTIONS),
            iso(day(-7000, SPAN_DAYS - 200)),
            chance(0.9) ? 1 : (chance(0.5) ? 2 : 3),
            "(" + between(11, 99) + ") 9" + between(1000, 9999) + "-" + between(1000, 9999),
            name.toLowerCase().replace(' ', '.').replaceAll("\\.[^.]+$", "") + "@plant.example",
            money(35, 180),
            own ? null : between(1, contractors),
            own ? "S" : "N",
            installations.get(wc[1] - 1).region());
      }
    }
    return employees;
  }
}
