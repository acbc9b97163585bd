package dev.parlance.adapters.db.demo;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.SplittableRandom;

/** The legacy code table: Portuguese, partial (several domains are missing), as found. */
final class DemoCodeRows extends DemoRows {
  DemoCodeRows(Connection connection, SplittableRandom random, double scale) {
    super(connection, random, scale);
  }

  void write() throws SQLException {
    try (Batch b = new Batch("TB_CD", 3)) {
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
}
