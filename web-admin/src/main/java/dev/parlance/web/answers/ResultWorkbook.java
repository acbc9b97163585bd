package dev.parlance.web.answers;

import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Font;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

/**
 * A result table as an Excel workbook (XLSX, Apache POI): one sheet, the header row with the
 * columns' names, then the rows in their order. Numbers become numeric cells, dates and times date
 * cells (the drivers give many as ISO text, e.g. SQLite), empty values blank cells, the rest text.
 * Written row by row (POI's streaming workbook), so a result at a large row cap stays small in
 * memory.
 */
public final class ResultWorkbook {

  public static final String MEDIA_TYPE =
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

  private static final Pattern DAY = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  private static final Pattern MOMENT =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?");
  // Integers beyond 2^53 lose digits as spreadsheet numbers (doubles): they stay text.
  private static final long EXACT = 1L << 53;
  private static final int ROWS_IN_MEMORY = 200;

  private ResultWorkbook() {}

  /** The file name an answer's workbook is downloaded under. */
  public static String fileName(long answer) {
    return "parlance-answer-" + answer + ".xlsx";
  }

  public static void write(QueryResult result, OutputStream out) throws IOException {
    SXSSFWorkbook book = new SXSSFWorkbook(ROWS_IN_MEMORY);
    try {
      Sheet sheet = book.createSheet("Answer");
      CellStyle header = book.createCellStyle();
      Font bold = book.createFont();
      bold.setBold(true);
      header.setFont(bold);
      CellStyle day = book.createCellStyle();
      day.setDataFormat(book.getCreationHelper().createDataFormat().getFormat("yyyy-mm-dd"));
      CellStyle moment = book.createCellStyle();
      moment.setDataFormat(
          book.getCreationHelper().createDataFormat().getFormat("yyyy-mm-dd hh:mm:ss"));
      Row first = sheet.createRow(0);
      List<ResultColumn> columns = result.columns();
      for (int c = 0; c < columns.size(); c++) {
        Cell cell = first.createCell(c);
        cell.setCellValue(columns.get(c).name());
        cell.setCellStyle(header);
      }
      sheet.createFreezePane(0, 1);
      int r = 1;
      for (List<Object> values : result.rows()) {
        Row row = sheet.createRow(r++);
        for (int c = 0; c < values.size(); c++) {
          Object value = values.get(c);
          if (value != null) {
            cell(row.createCell(c), value, day, moment);
          }
        }
      }
      book.write(out);
    } finally {
      book.close();
      book.dispose();
    }
  }

  private static void cell(Cell cell, Object value, CellStyle day, CellStyle moment) {
    switch (value) {
      case Boolean b -> cell.setCellValue(b);
      case Number n when exact(n) -> cell.setCellValue(n.doubleValue());
      case LocalDate d -> dated(cell, d.atStartOfDay(), day);
      case LocalDateTime t -> dated(cell, t, moment);
      case OffsetDateTime t ->
          dated(cell, t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime(), moment);
      case ZonedDateTime t ->
          dated(cell, t.withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime(), moment);
      case Instant t -> dated(cell, LocalDateTime.ofInstant(t, ZoneOffset.UTC), moment);
      case java.sql.Date d -> dated(cell, d.toLocalDate().atStartOfDay(), day);
      case java.sql.Timestamp t -> dated(cell, t.toLocalDateTime(), moment);
      case String s -> text(cell, s, day, moment);
      default -> cell.setCellValue(value.toString());
    }
  }

  private static void text(Cell cell, String s, CellStyle day, CellStyle moment) {
    try {
      if (DAY.matcher(s).matches()) {
        dated(cell, LocalDate.parse(s).atStartOfDay(), day);
        return;
      }
      if (MOMENT.matcher(s).matches()) {
        dated(cell, LocalDateTime.parse(s.replace(' ', 'T')), moment);
        return;
      }
    } catch (DateTimeParseException notADate) {
      // e.g. 2024-02-30: text as it came
    }
    cell.setCellValue(s);
  }

  private static void dated(Cell cell, LocalDateTime value, CellStyle style) {
    cell.setCellValue(value);
    cell.setCellStyle(style);
  }

  private static boolean exact(Number n) {
    return switch (n) {
      case Long l -> Math.abs(l) <= EXACT;
      case BigInteger b -> b.abs().compareTo(BigInteger.valueOf(EXACT)) <= 0;
      case BigDecimal b -> b.precision() <= 15;
      default -> true;
    };
  }
}
