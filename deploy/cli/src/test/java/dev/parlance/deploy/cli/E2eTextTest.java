package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.evaluation.report.E2eReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What {@code bench e2e} prints for two runs side by side, to the character. */
class E2eTextTest {

  private static final E2eReport.Side PIPELINE =
      new E2eReport.Side("pipeline", 4, 3, 0.75, 812.26, 900.5, 2.5, 0.0001234, 0.8764, 0.5);
  private static final E2eReport.Side BASELINE =
      new E2eReport.Side("baseline", 4, 1, 0.25, 2400, 2450.04, 1, 0.0004, 1, 1);

  @Test
  void should_print_each_measure_of_both_runs_in_one_aligned_row() {
    E2eReport.Paired none = new E2eReport.Paired(0, 0, 0, 0, 0, 0, 0, 1.3, 0, 0, 0, 0);

    String printed =
        printed(new E2eReport.Comparison("pipeline", "baseline", PIPELINE, BASELINE, none, null));

    assertThat(printed)
        .isEqualTo(
            """

            == side by side: pipeline and baseline
                                             pipeline       baseline
              scored                                4              4
              execution accuracy               75.00%         25.00%
              correct                               3              1
              prompt tokens / question          812.3         2400.0
              all tokens / question             900.5         2450.0
              model calls / question             2.50           1.00
              cost / question               $0.000123      $0.000400
              schema recall                     0.876          1.000
              every gold column shown          50.00%        100.00%
              no question has an answer from both runs yet
            """);
  }

  private static String printed(E2eReport.Comparison comparison) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    E2eText.comparison(out, comparison);
    return bytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
  }
}
