package dev.parlance.adapters.db.demo;

import static dev.parlance.adapters.db.demo.DemoVocabulary.CLASSES;
import static dev.parlance.adapters.db.demo.DemoVocabulary.COUNTRIES;
import static dev.parlance.adapters.db.demo.DemoVocabulary.DISCIPLINES;
import static dev.parlance.adapters.db.demo.DemoVocabulary.HUBS;
import static dev.parlance.adapters.db.demo.DemoVocabulary.MANUFACTURERS;
import static dev.parlance.adapters.db.demo.DemoVocabulary.REGIONS;
import static dev.parlance.adapters.db.demo.DemoVocabulary.REGION_NAMES;
import static dev.parlance.adapters.db.demo.DemoVocabulary.SPAN_DAYS;
import static dev.parlance.adapters.db.demo.DemoVocabulary.START;
import static dev.parlance.adapters.db.demo.DemoVocabulary.SYSTEM_NAMES;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The plant itself: regions, business units, assets, installations, their systems, equipment
 * classes, manufacturers, equipment, labels and work centres.
 */
final class DemoAssetRows extends DemoRows {
  /**
   * What later parts draw from: installations, equipment, and work centres as {id, installation}.
   */
  record Assets(
      List<Installation> installations, List<Equipment> equipment, List<int[]> workCenters) {}

  DemoAssetRows(Connection connection, SplittableRandom random, double scale) {
    super(connection, random, scale);
  }

  Assets write() throws SQLException {
    try (Batch b = new Batch("TB_RG", 3)) {
      for (int i = 0; i < REGIONS.length; i++) {
        b.add(REGIONS[i], REGION_NAMES[i], i < 4 ? "S" : "N");
      }
    }
    int units = 8;
    try (Batch b = new Batch("TB_BU", 6)) {
      for (int i = 1; i <= units; i++) {
        b.add(
            i,
            "UN-" + (char) ('A' + i - 1) + "X",
            "UNIDADE DE NEGOCIO " + i,
            REGIONS[i % 4],
            iso(day(-3000, -1000)),
            i == 8 ? "N" : "S");
      }
    }
    int assets = 20;
    try (Batch b = new Batch("TB_AS", 8)) {
      for (int i = 1; i <= assets; i++) {
        b.add(
            i,
            "AT-" + String.format("%03d", i * 7),
            "ATIVO " + pick(HUBS) + " " + i,
            1 + (i - 1) % units,
            between(1, 4),
            i % 9 == 0 ? 2 : 1,
            iso(day(-4000, -500)),
            chance(0.3) ? "REVISAR CADASTRO" : null);
      }
    }
    List<Installation> installations = new ArrayList<>();
    int installationCount = Math.max(12, n(60));
    try (Batch b = new Batch("TB_IN", 17)) {
      for (int i = 1; i <= installationCount; i++) {
        String prefix = new String[] {"IBX", "PMX", "RJS", "SNT", "ESP"}[i % 5];
        String code = prefix + "-" + (10 + i);
        String region = REGIONS[(i * 7) % 4];
        LocalDate opened = START.minusDays(between(300, 9000));
        int type = between(1, 6);
        installations.add(new Installation(i, code, region, opened));
        b.add(
            i,
            code,
            "INSTALACAO " + code,
            1 + (i - 1) % assets,
            type,
            i % 13 == 0 ? 4 : (i % 7 == 0 ? 2 : 1),
            pick(HUBS),
            region,
            iso(opened),
            -20 - random.nextDouble() * 6,
            -38 - random.nextDouble() * 6,
            type <= 3 ? between(80, 2200) : 0,
            between(5, 180) * 1000,
            new String[] {"A", "B", "C"}[between(0, 2)],
            type <= 3 ? "S" : "N",
            type <= 3 ? between(60, 220) : between(20, 400),
            iso(day(1500, SPAN_DAYS - 1)));
      }
    }
    int systemId = 0;
    List<int[]> systems = new ArrayList<>(); // {id, installation}
    try (Batch b = new Batch("TB_SY", 8)) {
      for (Installation in : installations) {
        for (int s = 0; s < 10; s++) {
          systemId++;
          systems.add(new int[] {systemId, in.id()});
          b.add(
              systemId,
              in.id(),
              (5100 + s * 11) + "." + String.format("%02d", between(1, 9)),
              "SISTEMA DE " + SYSTEM_NAMES[(s + in.id()) % SYSTEM_NAMES.length],
              DISCIPLINES[s % DISCIPLINES.length],
              chance(0.95) ? 1 : 0,
              between(1, 3),
              iso(in.opened()));
        }
      }
    }
    try (Batch b = new Batch("TB_EC", 7)) {
      for (int i = 0; i < CLASSES.length; i++) {
        String[] c = CLASSES[i];
        b.add(i + 1, c[0], c[1], c[2], between(4000, 60000), c[3], new int[] {90, 180, 365}[i % 3]);
      }
    }
    try (Batch b = new Batch("TB_MF", 6)) {
      for (int i = 0; i < MANUFACTURERS.length; i++) {
        b.add(
            i + 1,
            MANUFACTURERS[i],
            pick(COUNTRIES),
            chance(0.9) ? "S" : "N",
            iso(day(-2000, 500)),
            between(1, 5));
      }
    }
    List<Equipment> equipment = new ArrayList<>();
    int eqId = 0;
    try (Batch b = new Batch("TB_EQ", 23)) {
      for (int[] sy : systems) {
        Installation in = installations.get(sy[1] - 1);
        int count = Math.max(1, (int) Math.round(15 * Math.min(1.0, scale * 4)));
        int firstOfSystem = eqId + 1;
        for (int e = 0; e < count; e++) {
          eqId++;
          int clazz = random.nextInt(CLASSES.length);
          String[] c = CLASSES[clazz];
          equipment.add(new Equipment(eqId, in.id(), in.region(), c[2], clazz + 1));
          LocalDate installed = in.opened().plusDays(between(0, 3000));
          String tag = c[0].charAt(0) + "-" + (1000 + sy[0] % 900 * 10 + e) + (char) ('A' + e % 3);
          b.add(
              eqId,
              sy[0],
              tag,
              c[1] + " " + tag,
              clazz + 1,
              1 + random.nextInt(30),
              "MOD-" + between(100, 999),
              "SN" + between(100000, 999999),
              iso(installed),
              iso(installed.plusYears(2)),
              chance(0.82) ? 1 : (chance(0.5) ? 2 : (chance(0.6) ? 3 : 4)),
              between(1, 3),
              chance(0.18) ? "S" : "N",
              Math.round(random.nextDouble() * 2000) / 10.0,
              between(-20, 450) * 1.0,
              between(5, 40000) * 1.0,
              c[3].equals("S") ? between(1, 25000) * 1.0 : null,
              "MX" + between(10, 40) + "-DECK" + between(1, 6),
              e > 2 && chance(0.15) ? firstOfSystem : null,
              money(2_000, 2_500_000),
              iso(day(1800, SPAN_DAYS - 1)),
              chance(0.4) ? "S" : "N",
              c[3].equals("S") ? new int[] {1800, 3600, 1200, 900}[between(0, 3)] : null);
        }
      }
    }
    try (Batch b = new Batch("TB_EL", 6)) {
      int elId = 0;
      for (Equipment e : equipment) {
        int labels = chance(0.12) ? 2 : 1;
        for (int l = 0; l < labels; l++) {
          elId++;
          b.add(
              elId,
              e.id(),
              "LBL-" + String.format("%06d", elId),
              between(1, 3),
              iso(anyDay()),
              labels == 2 && l == 0 ? 2 : (chance(0.01) ? 3 : 1));
        }
      }
    }
    List<int[]> workCenters = new ArrayList<>(); // {id, installation}
    try (Batch b = new Batch("TB_WC", 9)) {
      int wc = 0;
      String[] kinds = {"MEC", "ELE", "INS", "CAL"};
      for (Installation in : installations) {
        for (int k = 0; k < kinds.length; k++) {
          wc++;
          workCenters.add(new int[] {wc, in.id()});
          b.add(
              wc,
              kinds[k] + "-" + in.code().replace("-", ""),
              "OFICINA " + kinds[k] + " " + in.code(),
              in.id(),
              DISCIPLINES[k],
              between(80, 600),
              "S",
              money(80, 260),
              new String[] {"A", "B", "C", "ADM"}[k]);
        }
      }
    }
    return new Assets(installations, equipment, workCenters);
  }
}
