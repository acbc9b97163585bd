package dev.parlance.adapters.db.demo;

import static dev.parlance.adapters.db.demo.DemoVocabulary.DISCIPLINES;
import static dev.parlance.adapters.db.demo.DemoVocabulary.FAILURE_CAUSES;
import static dev.parlance.adapters.db.demo.DemoVocabulary.FAILURE_MODES;
import static dev.parlance.adapters.db.demo.DemoVocabulary.SYMPTOMS;
import static dev.parlance.adapters.db.demo.DemoVocabulary.TODAY;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The equipment's condition: inspections and their recommendations, failures and measurement
 * readings.
 */
final class DemoConditionRows extends DemoRows {
  DemoConditionRows(Connection connection, SplittableRandom random, double scale) {
    super(connection, random, scale);
  }

  void write(List<Equipment> equipment, int employees, List<Order> orderList) throws SQLException {
    int orders = orderList.size();
    int inspections = n(12000);
    int[] inspectionEquipment = new int[inspections + 1];
    LocalDate[] inspectionDay = new LocalDate[inspections + 1];
    int[] inspectionResult = new int[inspections + 1];
    try (Batch b = new Batch("TB_IS", 11)) {
      for (int i = 1; i <= inspections; i++) {
        Equipment e = equipment.get(random.nextInt(equipment.size()));
        LocalDate d = anyDay();
        int type = between(1, 6);
        int result = weighted(new int[] {1, 2, 3}, new double[] {0.78, 0.15, 0.07});
        inspectionEquipment[i] = e.id();
        inspectionDay[i] = d;
        inspectionResult[i] = result;
        String unit =
            switch (type) {
              case 2 -> "MM";
              case 4 -> "MM/S";
              case 5 -> "C";
              default -> null;
            };
        b.add(
            i,
            e.id(),
            iso(d),
            type,
            result,
            1 + random.nextInt(employees),
            unit == null ? null : Math.round(random.nextDouble() * 250) / 10.0,
            unit,
            iso(d.plusDays(new int[] {90, 180, 365, 730}[between(0, 3)])),
            chance(0.4) ? 1 + random.nextInt(orders) : null,
            result == 3 ? pick(SYMPTOMS) : null);
      }
    }
    int recommendations = n(4000);
    try (Batch b = new Batch("TB_RC", 13)) {
      for (int i = 1; i <= recommendations; i++) {
        int is = 1 + random.nextInt(inspections);
        LocalDate issued = inspectionDay[is].plusDays(between(0, 10));
        LocalDate due = issued.plusDays(between(15, 540));
        int status = weighted(new int[] {1, 2, 3, 4}, new double[] {0.25, 0.15, 0.52, 0.08});
        LocalDate concluded = status == 3 ? issued.plusDays(between(1, 600)) : null;
        boolean expired = (status == 1 || status == 2) && due.isBefore(TODAY);
        b.add(
            i,
            "RC-" + issued.getYear() + "-" + String.format("%05d", i),
            inspectionEquipment[is],
            is,
            "CORRIGIR " + pick(SYMPTOMS),
            iso(issued),
            iso(due),
            status,
            expired ? "S" : "N",
            new String[] {"A", "B", "C", "D", "E"}
                [Math.min(4, inspectionResult[is] + between(0, 2))],
            pick(DISCIPLINES),
            status == 3 || status == 2 ? 1 + random.nextInt(orders) : null,
            iso(concluded));
      }
    }
    int failures = n(5000);
    try (Batch b = new Batch("TB_FL", 11)) {
      for (int i = 1; i <= failures; i++) {
        Order o = orderList.get(random.nextInt(orderList.size()));
        LocalDate occurred = o.created().minusDays(between(0, 5));
        boolean production = chance(0.25);
        b.add(
            i,
            o.id(),
            o.equipment(),
            pick(FAILURE_MODES),
            pick(FAILURE_CAUSES),
            iso(occurred),
            o.end() == null ? null : iso(o.end()),
            o.end() == null ? null : between(1, 400) / 2.0,
            production ? "S" : "N",
            production ? between(10, 20000) * 1.0 : 0.0,
            pick(SYMPTOMS));
      }
    }
    int readings = n(30000);
    try (Batch b = new Batch("TB_MS", 7)) {
      for (int i = 1; i <= readings; i++) {
        Equipment e = equipment.get(random.nextInt(equipment.size()));
        int type = between(1, 4);
        double value =
            switch (type) {
              case 1 -> Math.round(random.nextDouble() * 150) / 10.0;
              case 2 -> between(20, 140) * 1.0;
              case 3 -> Math.round(random.nextDouble() * 3000) / 10.0;
              default -> between(0, 60000) * 1.0;
            };
        boolean alarm = type == 1 ? value > 7.1 : (type == 2 && value > 110);
        b.add(
            i,
            e.id(),
            anyDay() + " " + String.format("%02d:%02d:00", between(0, 23), between(0, 59)),
            type,
            value,
            new String[] {"MM/S", "C", "BAR", "H"}[type - 1],
            alarm ? "S" : "N");
      }
    }
  }
}
