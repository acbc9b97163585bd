package dev.parlance.adapters.db.demo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Fills the demo schema with deterministic, plausible plant-maintenance data: the same seed and
 * scale give the same database, byte for byte in content. Dates run from 2019 to 2024; the demo's
 * "today" is {@link #TODAY}.
 */
final class DemoPlantGenerator {

  static final LocalDate START = LocalDate.of(2019, 1, 1);
  static final LocalDate TODAY = LocalDate.of(2025, 1, 1);
  private static final int SPAN_DAYS = (int) (TODAY.toEpochDay() - START.toEpochDay());

  private static final String[] REGIONS = {"SE", "NE", "S", "N", "CO"};
  private static final String[] REGION_NAMES = {
    "SUDESTE", "NORDESTE", "SUL", "NORTE", "CENTRO-OESTE"
  };
  private static final String[] HUBS = {"MACAE", "ANGRA", "SANTOS", "VITORIA", "SALVADOR"};
  private static final String[] FIRST = {
    "Ana", "Bruno", "Carla", "Diego", "Eduarda", "Felipe", "Gabriela", "Henrique", "Isabela",
    "Joao", "Karina", "Lucas", "Mariana", "Nelson", "Olivia", "Paulo", "Renata", "Sergio",
    "Tatiana", "Vitor", "Wagner", "Yara", "Marcos", "Luiza", "Rafael", "Beatriz", "Thiago",
    "Camila", "Gustavo", "Patricia"
  };
  private static final String[] LAST = {
    "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima",
    "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes",
    "Vieira", "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques",
    "Machado", "Mendes", "Freitas"
  };
  private static final String[][] CLASSES = {
    {"BOMBA-CENT", "BOMBA CENTRIFUGA", "M", "S"},
    {"BOMBA-ALT", "BOMBA ALTERNATIVA", "M", "S"},
    {"COMP-CENT", "COMPRESSOR CENTRIFUGO", "M", "S"},
    {"COMP-PAR", "COMPRESSOR PARAFUSO", "M", "S"},
    {"TURB-GAS", "TURBINA A GAS", "M", "S"},
    {"MOT-ELE", "MOTOR ELETRICO", "E", "S"},
    {"GER-ELE", "GERADOR ELETRICO", "E", "S"},
    {"TRAFO", "TRANSFORMADOR", "E", "N"},
    {"PAINEL", "PAINEL ELETRICO", "E", "N"},
    {"VALV-CTRL", "VALVULA DE CONTROLE", "I", "N"},
    {"VALV-SEG", "VALVULA DE SEGURANCA", "I", "N"},
    {"VALV-BLOQ", "VALVULA DE BLOQUEIO", "P", "N"},
    {"TRANSM-PR", "TRANSMISSOR DE PRESSAO", "I", "N"},
    {"TRANSM-TE", "TRANSMISSOR DE TEMPERATURA", "I", "N"},
    {"DET-GAS", "DETECTOR DE GAS", "I", "N"},
    {"VASO-PR", "VASO DE PRESSAO", "P", "N"},
    {"PERM-CAL", "PERMUTADOR DE CALOR", "P", "N"},
    {"TANQUE", "TANQUE DE ARMAZENAMENTO", "P", "N"},
    {"TUB-LINHA", "LINHA DE TUBULACAO", "P", "N"},
    {"GUINDASTE", "GUINDASTE", "M", "S"},
    {"VENT-IND", "VENTILADOR INDUSTRIAL", "M", "S"},
    {"FILTRO", "FILTRO", "P", "N"},
    {"CALDEIRA", "CALDEIRA", "P", "N"},
    {"UPS", "NO-BREAK UPS", "E", "N"},
    {"BAT-BANCO", "BANCO DE BATERIAS", "E", "N"},
    {"CLP", "CONTROLADOR LOGICO PROGRAMAVEL", "I", "N"},
    {"ANAL-ONL", "ANALISADOR ONLINE", "I", "N"},
    {"SEPARADOR", "SEPARADOR TRIFASICO", "P", "N"},
    {"TOCHA", "SISTEMA DE TOCHA", "S", "N"},
    {"BALEEIRA", "BALEEIRA", "S", "N"},
    {"HIDRANTE", "REDE DE HIDRANTES", "S", "N"},
    {"BOMBA-INC", "BOMBA DE INCENDIO", "S", "S"},
    {"SKID-QUIM", "SKID DE INJECAO QUIMICA", "P", "N"},
    {"UNID-HID", "UNIDADE HIDRAULICA", "M", "S"},
    {"MANIFOLD", "MANIFOLD", "P", "N"},
    {"ARV-NATAL", "ARVORE DE NATAL MOLHADA", "P", "N"},
    {"RISER", "RISER FLEXIVEL", "P", "N"},
    {"TORRE-RESF", "TORRE DE RESFRIAMENTO", "M", "S"},
    {"AR-COND", "AR CONDICIONADO", "M", "S"},
    {"ELEVADOR", "ELEVADOR", "M", "S"}
  };
  private static final String[] SYSTEM_NAMES = {
    "AGUA DE RESFRIAMENTO", "COMPRESSAO DE GAS", "GERACAO PRINCIPAL", "SEPARACAO DE OLEO",
    "INJECAO DE AGUA", "TRATAMENTO DE OLEO", "AR COMPRIMIDO", "COMBATE A INCENDIO",
    "DISTRIBUICAO ELETRICA", "AUTOMACAO E CONTROLE", "UTILIDADES", "TOCHA E ALIVIO",
    "MOVIMENTACAO DE CARGAS", "HVAC", "AGUA POTAVEL"
  };
  private static final String[] DISCIPLINES = {"M", "E", "I", "P", "S"};
  private static final String[] MO_TYPES = {"MO01", "MO02", "MO03", "MO04", "MO05", "MO06", "MO07"};
  private static final String[] MR_TYPES = {"M1", "M2", "M3", "M4"};
  private static final String[] SYMPTOMS = {
    "VAZAMENTO NA GAXETA",
    "VIBRACAO ALTA NO MANCAL",
    "RUIDO ANORMAL",
    "TEMPERATURA ELEVADA",
    "FALHA NA PARTIDA",
    "BAIXA VAZAO",
    "INDICACAO ERRATICA",
    "CORROSAO EXTERNA",
    "DESARME POR SOBRECORRENTE",
    "VAZAMENTO DE OLEO",
    "PRESSAO BAIXA NA DESCARGA",
    "SENSOR SEM SINAL",
    "TRINCA NA SOLDA",
    "ISOLAMENTO DANIFICADO",
    "ENGRIPAMENTO DA HASTE"
  };
  private static final String[] ACTIVITIES = {
    "INSPECIONAR", "SUBSTITUIR SELO MECANICO", "ALINHAR CONJUNTO", "LUBRIFICAR MANCAIS",
    "CALIBRAR INSTRUMENTO", "TROCAR ROLAMENTOS", "LIMPAR FILTRO", "TESTAR FUNCIONAMENTO",
    "MEDIR ESPESSURA", "REAPERTAR CONEXOES", "PINTAR", "SUBSTITUIR JUNTA"
  };
  private static final String[] FUNCTIONS = {
    "TEC-MEC", "TEC-ELE", "TEC-INS", "ENG", "SUP", "INSP", "PLN", "OPER"
  };
  private static final String[] MATERIAL_GROUPS = {
    "BRG", "SEA", "VAL", "ELE", "INS", "LUB", "FIL", "GAS"
  };
  private static final String[] FAILURE_MODES = {"BRD", "LKG", "VIB", "OHT", "ELP", "STD", "INL"};
  private static final String[] FAILURE_CAUSES = {"COR", "ERO", "FAT", "OPE", "MAT", "DES", "UNK"};
  private static final String[] COUNTRIES = {"BR", "US", "DE", "IT", "JP", "FR", "NO", "GB"};
  private static final String[] MANUFACTURERS = {
    "SULZER",
    "FLOWSERVE",
    "KSB",
    "WEG",
    "SIEMENS",
    "ABB",
    "EMERSON",
    "YOKOGAWA",
    "HONEYWELL",
    "GE",
    "SOLAR TURBINES",
    "DRESSER-RAND",
    "ATLAS COPCO",
    "SCHNEIDER",
    "FISHER",
    "METSO",
    "ROSEMOUNT",
    "ENDRESS HAUSER",
    "ALFA LAVAL",
    "GEA",
    "LIEBHERR",
    "NOV",
    "CAMERON",
    "AKER",
    "TECHNIP",
    "MITSUBISHI",
    "TOSHIBA",
    "DANFOSS",
    "GRUNDFOS",
    "VOITH"
  };

  private final SplittableRandom random;
  private final double scale;
  private final Connection connection;

  private DemoPlantGenerator(Connection connection, long seed, double scale) {
    this.connection = connection;
    this.random = new SplittableRandom(seed);
    this.scale = scale;
  }

  /** Creates and fills the schema on an empty SQLite database. */
  static void generate(Connection connection, long seed, double scale) throws SQLException {
    try (Statement st = connection.createStatement()) {
      st.execute("PRAGMA journal_mode=OFF");
      st.execute("PRAGMA synchronous=OFF");
      st.execute("PRAGMA foreign_keys=OFF");
    }
    connection.setAutoCommit(false);
    try (Statement st = connection.createStatement()) {
      for (String ddl : DemoSchema.DDL) {
        st.execute(ddl);
      }
    }
    new DemoPlantGenerator(connection, seed, scale).fill();
    try (Statement st = connection.createStatement()) {
      for (String index : DemoSchema.INDEXES) {
        st.execute(index);
      }
    }
    connection.commit();
    connection.setAutoCommit(true);
    try (Statement st = connection.createStatement()) {
      st.execute("ANALYZE");
    }
  }

  private int n(int base) {
    return Math.max(1, (int) Math.round(base * scale));
  }

  private int between(int lo, int hi) {
    return lo + random.nextInt(hi - lo + 1);
  }

  private <T> T pick(T[] values) {
    return values[random.nextInt(values.length)];
  }

  private boolean chance(double p) {
    return random.nextDouble() < p;
  }

  private LocalDate day(int fromDay, int toDay) {
    return START.plusDays(between(fromDay, Math.max(fromDay, toDay)));
  }

  private LocalDate anyDay() {
    return day(0, SPAN_DAYS - 1);
  }

  private static String iso(LocalDate d) {
    return d == null ? null : d.toString();
  }

  private double money(double lo, double hi) {
    return Math.round((lo + random.nextDouble() * (hi - lo)) * 100) / 100.0;
  }

  private String person() {
    return pick(FIRST) + " " + pick(LAST) + " " + pick(LAST);
  }

  /** Rows for one table, sent in batches. */
  private final class Batch implements AutoCloseable {
    private final PreparedStatement insert;
    private int pending;

    Batch(String table, int columns) throws SQLException {
      insert =
          connection.prepareStatement(
              "INSERT INTO " + table + " VALUES (" + "?,".repeat(columns - 1) + "?)");
    }

    void add(Object... values) throws SQLException {
      for (int i = 0; i < values.length; i++) {
        insert.setObject(i + 1, values[i]);
      }
      insert.addBatch();
      if (++pending == 2000) {
        insert.executeBatch();
        pending = 0;
      }
    }

    @Override
    public void close() throws SQLException {
      if (pending > 0) {
        insert.executeBatch();
      }
      insert.close();
    }
  }

  private record Installation(int id, String code, String region, LocalDate opened) {}

  private record Equipment(int id, int installation, String region, String discipline, int clazz) {}

  private record Order(int id, int equipment, LocalDate created, LocalDate end, int status) {}

  private void fill() throws SQLException {
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
    try (Batch b = new Batch("TB_CD", 3)) {
      // The legacy code table: Portuguese, partial (several domains are missing), as found.
      String[][] codes = {
        {"MO_ST", "1", "ABERTA"},
        {"MO_ST", "2", "LIBERADA"},
        {"MO_ST", "3", "EM EXECUCAO"},
        {"MO_ST", "4", "ENCERRADA TECNICAMENTE"},
        {"MO_ST", "5", "ENCERRADA"},
        {"MO_ST", "6", "CANCELADA"},
        {"MO_TP", "MO01", "CORRETIVA"},
        {"MO_TP", "MO02", "PREVENTIVA"},
        {"MO_TP", "MO03", "PREDITIVA"},
        {"MO_TP", "MO04", "INSPECAO"},
        {"MO_TP", "MO05", "MELHORIA"},
        {"MO_TP", "MO06", "CALIBRACAO"},
        {"MO_TP", "MO07", "PARADA PROGRAMADA"},
        {"MR_ST", "1", "ABERTA"},
        {"MR_ST", "2", "APROVADA"},
        {"MR_ST", "3", "REPROVADA"},
        {"MR_ST", "4", "CONVERTIDA EM ORDEM"},
        {"MR_ST", "5", "CANCELADA"},
        {"EQ_ST", "1", "EM OPERACAO"},
        {"EQ_ST", "2", "RESERVA"},
        {"EQ_ST", "3", "FORA DE OPERACAO"},
        {"EQ_ST", "4", "DESMOBILIZADO"},
        {"IN_TP", "1", "FPSO"},
        {"IN_TP", "2", "PLATAFORMA FIXA"},
        {"IN_TP", "3", "SEMISSUBMERSIVEL"},
        {"IN_TP", "4", "UNIDADE DE REFINO"},
        {"IN_TP", "5", "TERMINAL"},
        {"IN_TP", "6", "ESTACAO DE COMPRESSAO"},
        {"RC_ST", "1", "PENDENTE"},
        {"RC_ST", "2", "EM TRATAMENTO"},
        {"RC_ST", "3", "CONCLUIDA"},
        {"RC_ST", "4", "CANCELADA"},
        {"IS_RES", "1", "CONFORME"},
        {"IS_RES", "2", "ATENCAO"},
        {"IS_RES", "3", "NAO CONFORME"}
      };
      for (String[] c : codes) {
        b.add((Object[]) c);
      }
    }
  }

  private int weighted(int[] values, double[] weights) {
    double r = random.nextDouble();
    double sum = 0;
    for (int i = 0; i < values.length; i++) {
      sum += weights[i];
      if (r < sum) {
        return values[i];
      }
    }
    return values[values.length - 1];
  }

  private String weighted(String[] values, double[] weights) {
    double r = random.nextDouble();
    double sum = 0;
    for (int i = 0; i < values.length; i++) {
      sum += weights[i];
      if (r < sum) {
        return values[i];
      }
    }
    return values[values.length - 1];
  }
}
