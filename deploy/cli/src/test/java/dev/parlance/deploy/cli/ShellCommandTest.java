package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShellCommandTest {

  @TempDir Path home;

  @AfterEach
  void restoreInput() {
    ShellCommand.input = System.in;
  }

  @Test
  void should_run_each_line_as_a_command_in_one_process_and_mark_its_end() {
    ShellCommand.input =
        new ByteArrayInputStream(
            String.join(
                    "\n",
                    "# a comment, then a blank line",
                    "",
                    "sources list",
                    "sql --source demo 'SELECT count(*) AS n FROM region'",
                    "sources show \"no such source\"",
                    "sql --source demo 'SELECT 1",
                    "shell",
                    "exit",
                    "sources list")
                .getBytes(StandardCharsets.UTF_8));
    try (ParlanceContainer container = CliRun.container(home, Map.of())) {
      CliRun run = CliRun.of(container, "shell", "--end-marker", "==done==");

      assertThat(run.out().lines().filter(l -> l.startsWith("==done==")).toList())
          .containsExactly("==done== 0", "==done== 0", "==done== 1", "==done== 2", "==done== 2");
      assertThat(run.out()).contains("demo").contains("5");
      assertThat(run.err())
          .contains("quote is not closed")
          .contains("the shell is running already")
          .doesNotContain("\tat ");
    }
  }

  @Test
  void should_split_words_as_a_shell_does() {
    assertThat(ShellWords.split("ask --source demo \"how many \\\"open\\\" orders?\""))
        .containsExactly("ask", "--source", "demo", "how many \"open\" orders?");
    assertThat(ShellWords.split("  sql   'it''s'  a\\ b \"\""))
        .containsExactly("sql", "its", "a b", "");
    assertThat(ShellWords.split("describe 'x \\ y'")).containsExactly("describe", "x \\ y");
    assertThatThrownBy(() -> ShellWords.split("   ")).isInstanceOf(IllegalArgumentException.class);
  }
}
