package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The docs check: every relative link of README.md and docs/**.md leads to a file (and a heading,
 * when it names one), and so does every docs path the code, pages and build files cite; every
 * {@code parlance} command of the guides' shell blocks (and the README's) names a real subcommand
 * and real options of the command line; and the guides' blocks marked {@code <!-- checked: runs
 * -->} run against a scratch home with exit code 0.
 */
class DocsTest {

  static final Path ROOT = Path.of(System.getProperty("user.dir")).resolve("../..").normalize();

  /** A fenced block: its language, the line before it and its text. */
  record Block(Path file, int line, String language, boolean checkedRuns, String text) {}

  /** One command of a block, as words, without the launcher ({@code ./parlance}). */
  record Command(Path file, int line, List<String> args) {
    @Override
    public String toString() {
      return ROOT.relativize(file) + ":" + line + ": parlance " + String.join(" ", args);
    }
  }

  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("^(#{1,6}) +(.*)$");

  @Test
  void should_lead_every_relative_link_to_a_file_and_heading() {
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path doc : markdown()) {
      String prose = withoutCode(read(doc));
      Matcher m = LINK.matcher(prose);
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
          continue; // https:, mailto: … are not files of this repository
        }
        checked++;
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
        if (!Files.exists(resolved)) {
          broken.add(ROOT.relativize(doc) + ": " + target + " (no such file)");
        } else if (anchor != null
            && resolved.toString().endsWith(".md")
            && !anchors(read(resolved)).contains(anchor)) {
          broken.add(ROOT.relativize(doc) + ": " + target + " (no such heading)");
        }
      }
    }
    assertThat(checked).as("relative links found").isGreaterThan(50);
    assertThat(broken).as("links that lead nowhere").isEmpty();
  }

  @Test
  void should_cite_only_docs_that_exist_in_code_pages_and_build_files() {
    Pattern cited = Pattern.compile("docs/[A-Za-z0-9_./-]+\\.md");
    List<String> stale = new ArrayList<>();
    int citations = 0;
    for (Path file : sources()) {
      Matcher m = cited.matcher(read(file));
      while (m.find()) {
        citations++;
        if (!Files.exists(ROOT.resolve(m.group()))) {
          stale.add(ROOT.relativize(file) + ": " + m.group());
        }
      }
    }
    assertThat(citations).as("docs cited by code").isGreaterThan(30);
    assertThat(stale).as("docs cited that do not exist").isEmpty();
  }

  /**
   * The repository's code, pages, scripts and build files, outside build output. Not SQL: a
   * migration Flyway has applied is never edited, whatever its comments cite.
   */
  static List<Path> sources() {
    Pattern kinds = Pattern.compile(".*\\.(java|xml|mustache|html|js|properties|yaml|py|sh)$");
    List<Path> files = new ArrayList<>();
    try {
      Files.walkFileTree(
          ROOT,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
              String name = dir.getFileName().toString();
              boolean skip =
                  !dir.equals(ROOT)
                      && (name.startsWith(".")
                          || name.equals("target")
                          || name.equals("node_modules"));
              return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
              if (kinds.matcher(file.getFileName().toString()).matches()) {
                files.add(file);
              }
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  @Test
  void should_name_real_subcommands_and_options_in_every_command_of_the_guides() {
    List<Command> commands = new ArrayList<>();
    for (Block block : blocks()) {
      commands.addAll(commands(block));
    }
    Set<Path> guidesWithCommands = new LinkedHashSet<>();
    commands.forEach(c -> guidesWithCommands.add(c.file()));
    assertThat(guidesWithCommands)
        .as("every guide has commands, and so does the README")
        .containsAll(guides())
        .contains(ROOT.resolve("README.md"));

    List<String> wrong = new ArrayList<>();
    for (Command command : commands) {
      String problem = problem(command.args());
      if (problem != null) {
        wrong.add(command + " → " + problem);
      }
    }
    assertThat(wrong).as("commands the command line does not have").isEmpty();
  }

  @Test
  void should_run_the_guides_commands_marked_as_checked(@TempDir Path home) {
    List<Command> runs = new ArrayList<>();
    for (Block block : blocks()) {
      if (block.checkedRuns()) {
        runs.addAll(commands(block));
      }
    }
    assertThat(runs).as("commands marked <!-- checked: runs -->").hasSizeGreaterThan(10);
    try (ParlanceContainer components = CliRun.container(home, Map.of())) {
      for (Command command : runs) {
        long start = System.nanoTime();
        CliRun run = CliRun.of(components, command.args().toArray(String[]::new));
        System.out.printf(
            "DocsTest ran %s: exit %d, %d ms%n",
            command, run.exitCode(), (System.nanoTime() - start) / 1_000_000);
        assertThat(run.exitCode()).as(command + "\n" + run.err()).isZero();
        assertThat(run.out()).as(command + " printed nothing").isNotBlank();
      }
    }
  }

  @Test
  void should_catch_an_unknown_option_and_an_unknown_subcommand() {
    assertThat(problem(List.of("sources", "list"))).isNull();
    assertThat(problem(List.of("views", "show", "v", "--source", "demo"))).isNull();
    assertThat(problem(List.of("sources", "lsit"))).contains("lsit");
    assertThat(problem(List.of("ask", "--source", "demo", "--strateggy", "c3", "q")))
        .contains("--strateggy");
    assertThat(problem(List.of("sql", "--source", "demo", "--as"))).isNotNull();
    String guide =
        "```sh\n./parlance sql --source demo \\\n  --show-sql \"SELECT 1\"  # one\n```\n";
    List<Command> found =
        commands(new Block(ROOT.resolve("x.md"), 1, "sh", false, guide.split("\n", 2)[1]));
    assertThat(found).hasSize(1);
    assertThat(found.get(0).args())
        .containsExactly("sql", "--source", "demo", "--show-sql", "SELECT 1");
  }

  // ---- the command line's model ----

  /**
   * The command line as {@code ParlanceCli.run} builds it (its commands' injected use cases stay
   * unset: nothing runs). Built once: picocli resets every option before each parse.
   */
  private static final CommandLine PARLANCE = new CommandLine(ParlanceCli.class);

  /**
   * Why the words are no command of {@code parlance}, or null: each word is a subcommand of the one
   * before, an option the command has (with its value), or a positional parameter; and picocli
   * itself parses the whole line (required options, exclusive groups, types).
   */
  static String problem(List<String> args) {
    CommandLine cl = PARLANCE;
    boolean positional = false;
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i);
      if (!positional && !word.startsWith("-") && cl.getSubcommands().containsKey(word)) {
        cl = cl.getSubcommands().get(word);
        continue;
      }
      if (word.startsWith("-") && word.length() > 1) {
        String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
        OptionSpec option = cl.getCommandSpec().findOption(name);
        if (option == null) {
          return "no option " + name + " of '" + cl.getCommandSpec().qualifiedName() + "'";
        }
        if (option.arity().max() > 0 && !word.contains("=")) {
          i++;
        }
        continue;
      }
      if (cl.getCommandSpec().positionalParameters().isEmpty()) {
        return "'"
            + cl.getCommandSpec().qualifiedName()
            + "' has no subcommand or parameter '"
            + word
            + "'";
      }
      positional = true;
    }
    if (cl.getCommandSpec().userObject() instanceof ParlanceCli) {
      return "no subcommand";
    }
    try {
      PARLANCE.parseArgs(args.toArray(String[]::new));
    } catch (CommandLine.ParameterException e) {
      return e.getMessage();
    }
    return null;
  }

  // ---- reading the docs ----

  static List<Path> markdown() {
    List<Path> files = new ArrayList<>();
    files.add(ROOT.resolve("README.md"));
    try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  /** The guides, in the order a reader meets them (the README's), then any other. */
  static List<Path> guides() {
    List<String> order =
        List.of(
            "start-and-configure.md",
            "ask.md",
            "curate.md",
            "govern.md",
            "operate-at-scale.md",
            "evaluate.md",
            "rest-api.md");
    return markdown().stream()
        .filter(p -> p.getParent().endsWith("guides"))
        .sorted(
            java.util.Comparator.comparingInt(
                p -> {
                  int i = order.indexOf(p.getFileName().toString());
                  return i < 0 ? order.size() : i;
                }))
        .toList();
  }

  /** The shell blocks of the guides ({@code sh}, {@code bash}) and every block of the README. */
  static List<Block> blocks() {
    List<Path> files = new ArrayList<>(guides());
    files.add(ROOT.resolve("README.md"));
    List<Block> blocks = new ArrayList<>();
    for (Path file : files) {
      String[] lines = read(file).split("\n", -1);
      String previous = "";
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].startsWith("```")) {
          String language = lines[i].substring(3).strip();
          int start = i;
          StringBuilder text = new StringBuilder();
          while (++i < lines.length && !lines[i].startsWith("```")) {
            text.append(lines[i]).append('\n');
          }
          boolean shell = language.equals("sh") || language.equals("bash");
          boolean readme = file.endsWith("README.md") && language.isEmpty();
          if (shell || readme) {
            boolean checked = previous.strip().equals("<!-- checked: runs -->");
            blocks.add(new Block(file, start + 2, language, checked, text.toString()));
          }
          previous = "";
        } else if (!lines[i].isBlank()) {
          previous = lines[i];
        }
      }
    }
    return blocks;
  }

  /**
   * The {@code parlance} commands of a block: continued lines joined, comments, redirections and
   * variable assignments dropped, each part of a pipe on its own.
   */
  static List<Command> commands(Block block) {
    List<Command> commands = new ArrayList<>();
    String[] lines = block.text().replace("\\\n", " ").split("\n");
    int line = block.line();
    for (String text : lines) {
      List<String> words = new ArrayList<>();
      if (!text.isBlank()) {
        for (String w : words(text)) {
          if (w.startsWith("#")) {
            break;
          }
          words.add(w);
        }
      }
      List<String> part = new ArrayList<>();
      words.add("|");
      for (String w : words) {
        if (w.equals("|") || w.equals("&&") || w.equals(";")) {
          Command command = command(block.file(), line, part);
          if (command != null) {
            commands.add(command);
          }
          part = new ArrayList<>();
        } else {
          part.add(w);
        }
      }
      line++;
    }
    return commands;
  }

  /** A line's words; a comment that leaves a quote open (an apostrophe) is cut off first. */
  private static List<String> words(String text) {
    try {
      return ShellWords.split(text);
    } catch (IllegalArgumentException e) {
      int comment = text.indexOf(" #");
      if (comment < 0) {
        throw e;
      }
      return ShellWords.split(text.substring(0, comment));
    }
  }

  private static Command command(Path file, int line, List<String> words) {
    int i = 0;
    while (i < words.size() && words.get(i).matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
      i++;
    }
    if (i >= words.size()) {
      return null;
    }
    String launcher = words.get(i);
    if (!launcher.equals("parlance") && !launcher.endsWith("/parlance")) {
      return null;
    }
    List<String> args = new ArrayList<>();
    for (String w : words.subList(i + 1, words.size())) {
      if (w.equals(">") || w.equals(">>") || w.equals("2>") || w.startsWith(">")) {
        break;
      }
      args.add(w);
    }
    return new Command(file, line, args);
  }

  /** The text without fenced blocks and inline code, where a link is no link. */
  static String withoutCode(String markdown) {
    return markdown.replaceAll("(?s)```.*?```", "").replaceAll("`[^`\n]*`", "");
  }

  /** The anchors GitHub gives a page's headings. */
  static Set<String> anchors(String markdown) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    boolean fence = false;
    for (String line : markdown.split("\n")) {
      if (line.startsWith("```")) {
        fence = !fence;
        continue;
      }
      Matcher m = HEADING.matcher(line);
      if (!fence && m.matches()) {
        String slug =
            m.group(2)
                .strip()
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
                .replace(' ', '-');
        int n = seen.merge(slug, 1, Integer::sum);
        anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
      }
    }
    return anchors;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
