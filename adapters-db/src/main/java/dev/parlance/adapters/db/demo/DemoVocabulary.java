package dev.parlance.adapters.db.demo;

import java.time.LocalDate;

/**
 * The words and dates the demo plant is drawn from: regions, hubs, people's names, equipment
 * classes, order types, symptoms, manufacturers. Portuguese where the legacy system was.
 */
final class DemoVocabulary {
  private DemoVocabulary() {}

  static final LocalDate START = LocalDate.of(2019, 1, 1);
  static final LocalDate TODAY = LocalDate.of(2025, 1, 1);
  static final int SPAN_DAYS = (int) (TODAY.toEpochDay() - START.toEpochDay());

  static final String[] REGIONS = {"SE", "NE", "S", "N", "CO"};
  static final String[] REGION_NAMES = {"SUDESTE", "NORDESTE", "SUL", "NORTE", "CENTRO-OESTE"};
  static final String[] HUBS = {"MACAE", "ANGRA", "SANTOS", "VITORIA", "SALVADOR"};
  static final String[] FIRST = {
    "Ana", "Bruno", "Carla", "Diego", "Eduarda", "Felipe", "Gabriela", "Henrique", "Isabela",
    "Joao", "Karina", "Lucas", "Mariana", "Nelson", "Olivia", "Paulo", "Renata", "Sergio",
    "Tatiana", "Vitor", "Wagner", "Yara", "Marcos", "Luiza", "Rafael", "Beatriz", "Thiago",
    "Camila", "Gustavo", "Patricia"
  };
  static final String[] LAST = {
    "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima",
    "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes",
    "Vieira", "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques",
    "Machado", "Mendes", "Freitas"
  };
  static final String[][] CLASSES = {
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
  static final String[] SYSTEM_NAMES = {
    "AGUA DE RESFRIAMENTO", "COMPRESSAO DE GAS", "GERACAO PRINCIPAL", "SEPARACAO DE OLEO",
    "INJECAO DE AGUA", "TRATAMENTO DE OLEO", "AR COMPRIMIDO", "COMBATE A INCENDIO",
    "DISTRIBUICAO ELETRICA", "AUTOMACAO E CONTROLE", "UTILIDADES", "TOCHA E ALIVIO",
    "MOVIMENTACAO DE CARGAS", "HVAC", "AGUA POTAVEL"
  };
  static final String[] DISCIPLINES = {"M", "E", "I", "P", "S"};
  static final String[] MO_TYPES = {"MO01", "MO02", "MO03", "MO04", "MO05", "MO06", "MO07"};
  static final String[] MR_TYPES = {"M1", "M2", "M3", "M4"};
  static final String[] SYMPTOMS = {
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
  static final String[] ACTIVITIES = {
    "INSPECIONAR", "SUBSTITUIR SELO MECANICO", "ALINHAR CONJUNTO", "LUBRIFICAR MANCAIS",
    "CALIBRAR INSTRUMENTO", "TROCAR ROLAMENTOS", "LIMPAR FILTRO", "TESTAR FUNCIONAMENTO",
    "MEDIR ESPESSURA", "REAPERTAR CONEXOES", "PINTAR", "SUBSTITUIR JUNTA"
  };
  static final String[] FUNCTIONS = {
    "TEC-MEC", "TEC-ELE", "TEC-INS", "ENG", "SUP", "INSP", "PLN", "OPER"
  };
  static final String[] MATERIAL_GROUPS = {"BRG", "SEA", "VAL", "ELE", "INS", "LUB", "FIL", "GAS"};
  static final String[] FAILURE_MODES = {"BRD", "LKG", "VIB", "OHT", "ELP", "STD", "INL"};
  static final String[] FAILURE_CAUSES = {"COR", "ERO", "FAT", "OPE", "MAT", "DES", "UNK"};
  static final String[] COUNTRIES = {"BR", "US", "DE", "IT", "JP", "FR", "NO", "GB"};
  static final String[] MANUFACTURERS = {
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
}
