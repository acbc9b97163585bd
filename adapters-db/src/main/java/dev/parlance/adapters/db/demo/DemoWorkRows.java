package dev.parlance.adapters.db.demo;

import static dev.parlance.adapters.db.demo.DemoVocabulary.ACTIVITIES;
import static dev.parlance.adapters.db.demo.DemoVocabulary.CLASSES;
import static dev.parlance.adapters.db.demo.DemoVocabulary.MANUFACTURERS;
import static dev.parlance.adapters.db.demo.DemoVocabulary.MATERIAL_GROUPS;
import static dev.parlance.adapters.db.demo.DemoVocabulary.MO_TYPES;
import static dev.parlance.adapters.db.demo.DemoVocabulary.MR_TYPES;
import static dev.parlance.adapters.db.demo.DemoVocabulary.SYMPTOMS;
import static dev.parlance.adapters.db.demo.DemoVocabulary.TODAY;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The maintenance work: requests, task lists, plans and their items, orders and their operations,
 * time sheets, materials and reservations.
 */
final class DemoWorkRows extends DemoRows {
  DemoWorkRows(Connection connection, SplittableRandom random, double scale) {
    super(connection, random, scale);
  }

  List<Order> write(DemoAssetRows.Assets plant, int employees) throws SQLException {
    List<Installation> installations = plant.installations();
    List<Equipment> equipment = plant.equipment();
    List<int[]> workCenters = plant.workCenters();
    int requests = n(20000);
    int[] requestEquipment = new int[requests + 1];
    int[] requestStatus = new int[requests + 1];
    LocalDate[] requestOpened = new LocalDate[requests + 1];
    try (Batch b = new Batch("TB_MR", 15)) {
      for (int i = 1; i <= requests; i++) {
        Equipment e = equipment.get(random.nextInt(equipment.size()));
        LocalDate opened = anyDay();
        int status =
            weighted(new int[] {1, 2, 3, 4, 5}, new double[] {0.12, 0.08, 0.07, 0.68, 0.05});
        requestEquipment[i] = e.id();
        requestStatus[i] = status;
        requestOpened[i] = opened;
        b.add(
            i,
            "NT-" + opened.getYear() + "-" + String.format("%06d", i),
            e.id(),
            pick(MR_TYPES),
            status,
            between(1, 9),
            iso(opened),
            status == 1 || status == 2 ? null : iso(opened.plusDays(between(1, 120))),
            pick(SYMPTOMS),
            "MX"
                + between(10, 40)
                + "-"
                + pick(
                    new String[] {"DECK1", "DECK2", "CASARIO", "TORRE", "MODULO" + between(1, 9)}),
            1 + random.nextInt(employees),
            chance(0.1) ? "S" : "N",
            chance(0.05) ? "S" : "N",
            chance(0.2) ? "S" : "N",
            iso(opened.plusDays(between(7, 180))));
      }
    }
    int tasks = 80;
    try (Batch b = new Batch("TB_TL", 8)) {
      for (int i = 1; i <= tasks; i++) {
        int clazz = 1 + (i - 1) % CLASSES.length;
        b.add(
            i,
            "TL-" + CLASSES[clazz - 1][0] + "-" + String.format("%03d", i),
            pick(ACTIVITIES) + " " + CLASSES[clazz - 1][1],
            clazz,
            between(2, 48) / 2.0,
            CLASSES[clazz - 1][2],
            between(1, 6),
            chance(0.92) ? "S" : "N");
      }
    }
    int plans = n(300);
    try (Batch b = new Batch("TB_MP", 9)) {
      for (int i = 1; i <= plans; i++) {
        String unit = pick(new String[] {"D", "S", "M", "A", "H"});
        b.add(
            i,
            "PM-" + String.format("%05d", 10000 + i),
            "PLANO " + pick(ACTIVITIES),
            installations.get(random.nextInt(installations.size())).id(),
            switch (unit) {
              case "D" -> between(7, 90);
              case "S" -> between(1, 26);
              case "M" -> between(1, 24);
              case "A" -> between(1, 5);
              default -> between(500, 8000);
            },
            unit,
            chance(0.85) ? 1 : (chance(0.5) ? 2 : 3),
            iso(day(-800, 900)),
            pick(new String[] {"TB", "CB", "RB"}));
      }
    }
    int planItems = n(6000);
    try (Batch b = new Batch("TB_MPI", 9)) {
      for (int i = 1; i <= planItems; i++) {
        LocalDate last = anyDay();
        b.add(
            i,
            1 + random.nextInt(plans),
            equipment.get(random.nextInt(equipment.size())).id(),
            1 + random.nextInt(tasks),
            iso(last.plusDays(between(30, 400))),
            iso(last),
            chance(0.9) ? 1 : 0,
            between(0, 30),
            chance(0.7) ? "S" : "N");
      }
    }
    int orders = n(25000);
    List<Order> orderList = new ArrayList<>(orders);
    try (Batch b = new Batch("TB_MO", 24)) {
      for (int i = 1; i <= orders; i++) {
        Integer request = null;
        Equipment e;
        LocalDate created;
        if (chance(0.5)) {
          int r = 1 + random.nextInt(requests);
          request = r;
          e = equipment.get(requestEquipment[r] - 1);
          created = requestOpened[r].plusDays(between(0, 20));
        } else {
          e = equipment.get(random.nextInt(equipment.size()));
          created = anyDay();
        }
        if (created.isAfter(TODAY.minusDays(1))) {
          created = TODAY.minusDays(between(1, 30));
        }
        String type = request != null ? (chance(0.8) ? "MO01" : pick(MO_TYPES)) : pick(MO_TYPES);
        boolean recent = created.isAfter(TODAY.minusDays(200));
        int status =
            recent
                ? weighted(
                    new int[] {1, 2, 3, 4, 5, 6}, new double[] {0.3, 0.2, 0.2, 0.1, 0.15, 0.05})
                : weighted(
                    new int[] {1, 2, 3, 4, 5, 6}, new double[] {0.04, 0.03, 0.03, 0.1, 0.74, 0.06});
        LocalDate plannedStart = created.plusDays(between(1, 45));
        LocalDate plannedEnd = plannedStart.plusDays(between(0, 20));
        LocalDate started =
            status >= 3 && status <= 5 ? plannedStart.plusDays(between(-3, 15)) : null;
        LocalDate finished = status >= 4 && status <= 5 ? started.plusDays(between(0, 25)) : null;
        double plannedHours = between(2, 160);
        Double realHours =
            finished == null
                ? null
                : Math.round(plannedHours * (0.6 + random.nextDouble()) * 10) / 10.0;
        double plannedCost = money(500, 250_000);
        int[] wc = workCenters.get(random.nextInt(workCenters.size()));
        orderList.add(new Order(i, e.id(), created, finished, status));
        b.add(
            i,
            30_000_000 + i * 7,
            request,
            e.id(),
            type,
            status,
            between(1, 4),
            wc[0],
            iso(created),
            iso(plannedStart),
            iso(plannedEnd),
            iso(started),
            iso(finished),
            plannedHours,
            realHours,
            plannedCost,
            finished == null ? null : Math.round(plannedCost * (0.5 + random.nextDouble() * 1.2)),
            pick(ACTIVITIES) + " - " + pick(SYMPTOMS),
            type.equals("MO02") && chance(0.7) ? 1 + random.nextInt(planItems) : null,
            chance(0.08) ? "S" : "N",
            1 + random.nextInt(employees),
            iso(created.plusDays(between(0, 60))),
            chance(0.6) ? "S" : "N",
            finished == null ? null : money(0, 40_000));
      }
    }
    int opId = 0;
    List<int[]> operations = new ArrayList<>(); // {id, order index}
    try (Batch b = new Batch("TB_OP", 11)) {
      for (Order o : orderList) {
        int count = between(1, 3);
        for (int k = 1; k <= count; k++) {
          opId++;
          operations.add(new int[] {opId, o.id() - 1});
          double planned = between(1, 40);
          boolean done = o.status() == 4 || o.status() == 5;
          b.add(
              opId,
              o.id(),
              k * 10,
              pick(ACTIVITIES),
              workCenters.get(random.nextInt(workCenters.size()))[0],
              planned,
              done ? Math.round(planned * (0.5 + random.nextDouble()) * 10) / 10.0 : null,
              o.status() == 6 ? 9 : (done ? 3 : (o.status() == 3 ? 2 : 1)),
              iso(o.created().plusDays(between(1, 30))),
              done ? iso(o.end()) : null,
              between(1, 4));
        }
      }
    }
    int sheets = n(30000);
    try (Batch b = new Batch("TB_TS", 8)) {
      for (int i = 1; i <= sheets; i++) {
        int[] op = operations.get(random.nextInt(operations.size()));
        Order o = orderList.get(op[1]);
        LocalDate d = o.created().plusDays(between(1, 40));
        b.add(
            i,
            op[0],
            1 + random.nextInt(employees),
            d.getYear() * 10000 + d.getMonthValue() * 100 + d.getDayOfMonth(),
            between(1, 24) / 2.0,
            weighted(new String[] {"N", "E", "S"}, new double[] {0.8, 0.15, 0.05}),
            chance(0.3) ? "S" : "N",
            chance(0.1) ? "AGUARDANDO MATERIAL" : null);
      }
    }
    int materials = n(2000);
    try (Batch b = new Batch("TB_MT", 9)) {
      for (int i = 1; i <= materials; i++) {
        String group = pick(MATERIAL_GROUPS);
        b.add(
            i,
            String.valueOf(10_000_000 + i * 13),
            group + " " + pick(ACTIVITIES).split(" ")[0] + " " + between(1, 999),
            pick(new String[] {"UN", "M", "KG", "L", "CJ"}),
            money(1, 35_000),
            chance(0.1) ? "S" : "N",
            group,
            1 + random.nextInt(MANUFACTURERS.length),
            between(5, 240));
      }
    }
    int reservations = n(15000);
    try (Batch b = new Batch("TB_RS", 8)) {
      for (int i = 1; i <= reservations; i++) {
        Order o = orderList.get(random.nextInt(orderList.size()));
        double qty = between(1, 50);
        int status = o.status() == 6 ? 4 : (o.status() >= 4 ? 3 : between(1, 2));
        b.add(
            i,
            o.id(),
            1 + random.nextInt(materials),
            qty,
            status == 3 ? qty : (status == 2 ? Math.floor(qty / 2) : 0.0),
            iso(o.created().plusDays(between(0, 10))),
            status,
            money(10, 80_000));
      }
    }
    return orderList;
  }
}
