package dev.parlance.web.answers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.DateUtil;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;

/** The XLSX download, read back with Apache POI: the same rows as the answer, typed cells. */
class ResultWorkbookTest {

  private static final List<ResultColumn> COLUMNS =
      List.of(
          new ResultColumn("region", "TEXT"),
          new ResultColumn("installations", "INTEGER"),
          new ResultColumn("cost", "NUMERIC"),
          new ResultColumn("opened", "TEXT"),
          new ResultColumn("measured", "TEXT"),
          new ResultColumn("active", "BOOLEAN"));

  private static final List<List<Object>> ROWS =
      List.of(
          Arrays.asList(
              "SE", 12L, new BigDecimal("1234.56"), "2024-03-01", "2024-03-01 08:30:00", true),
          Arrays.asList("NE", 9L, 0.5, "2024-02-30", null, false),
          Arrays.asList("IBX-15", 9_007_199_254_740_993L, null, "not a date", "2024-13", null));

  private static Sheet written(List<List<Object>> rows) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ResultWorkbook.write(new QueryResult(COLUMNS, rows, false, 1, "SELECT 1", "SELECT 1"), out);
    return new XSSFWorkbook(new ByteArrayInputStream(out.toByteArray())).getSheetAt(0);
  }

  @Test
  void should_write_the_columns_as_the_header_row_and_every_row_in_order() throws Exception {
    Sheet sheet = written(ROWS);

    List<String> header = new ArrayList<>();
    sheet.getRow(0).forEach(c -> header.add(c.getStringCellValue()));
    assertThat(header)
        .containsExactly("region", "installations", "cost", "opened", "measured", "active");
    assertThat(sheet.getLastRowNum()).isEqualTo(ROWS.size());
    for (int r = 0; r < ROWS.size(); r++) {
      assertThat(values(sheet.getRow(r + 1), COLUMNS.size()))
          .as("row %d", r + 1)
          .isEqualTo(ROWS.get(r).stream().map(ResultWorkbookTest::plain).toList());
    }
  }

  @Test
  void should_write_numbers_as_numeric_cells_and_iso_dates_as_date_cells() throws Exception {
    Row first = written(ROWS).getRow(1);

    assertThat(first.getCell(1).getCellType()).isEqualTo(CellType.NUMERIC);
    assertThat(first.getCell(1).getNumericCellValue()).isEqualTo(12.0);
    assertThat(first.getCell(2).getNumericCellValue()).isEqualTo(1234.56);
    assertThat(DateUtil.isCellDateFormatted(first.getCell(1))).isFalse();
    assertThat(DateUtil.isCellDateFormatted(first.getCell(3))).isTrue();
    assertThat(first.getCell(3).getLocalDateTimeCellValue().toLocalDate())
        .isEqualTo(LocalDate.of(2024, 3, 1));
    assertThat(first.getCell(4).getLocalDateTimeCellValue())
        .isEqualTo(LocalDateTime.of(2024, 3, 1, 8, 30));
    assertThat(first.getCell(5).getCellType()).isEqualTo(CellType.BOOLEAN);
  }

  @Test
  void should_keep_as_text_what_only_looks_like_a_date_or_would_lose_digits() throws Exception {
    Row third = written(ROWS).getRow(3);
    Row second = written(ROWS).getRow(2);

    assertThat(second.getCell(3).getCellType()).isEqualTo(CellType.STRING);
    assertThat(third.getCell(1).getStringCellValue()).isEqualTo("9007199254740993");
    assertThat(third.getCell(4).getCellType()).isEqualTo(CellType.STRING);
    assertThat(second.getCell(4)).isNull();
  }

  /** A value as comparable text: numbers without their Java type, null as the empty text. */
  private static String plain(Object value) {
    if (value instanceof Number n) {
      return new BigDecimal(n.toString()).stripTrailingZeros().toPlainString();
    }
    return value == null ? "" : value.toString();
  }

  /** A row read back as the values the result held (dates as their ISO text, as drivers give). */
  private static List<String> values(Row row, int width) {
    List<Object> values = new ArrayList<>();
    for (int c = 0; c < width; c++) {
      Cell cell = row.getCell(c);
      if (cell == null) {
        values.add(null);
      } else if (cell.getCellType() == CellType.BOOLEAN) {
        values.add(cell.getBooleanCellValue());
      } else if (cell.getCellType() == CellType.STRING) {
        values.add(cell.getStringCellValue());
      } else if (DateUtil.isCellDateFormatted(cell)) {
        LocalDateTime at = cell.getLocalDateTimeCellValue();
        values.add(
            at.toLocalTime().equals(java.time.LocalTime.MIDNIGHT)
                ? at.toLocalDate().toString()
                : at.toString().replace('T', ' ') + (at.getSecond() == 0 ? ":00" : ""));
      } else {
        values.add(cell.getNumericCellValue());
      }
    }
    return values.stream().map(ResultWorkbookTest::plain).toList();
  }
}
