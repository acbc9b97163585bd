package dev.parlance.deploy.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.application.evaluation.ScorePredictionsUseCase;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationDataset;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code parlance bench gold-file}: a benchmark's gold SQL written as a prediction file, to check
 * the harness (gold against itself must score 100%) or, shuffled, to see it fail.
 */
@Command(
    name = "gold-file",
    mixinStandardHelpOptions = true,
    description = {
      "Write a dataset's gold SQL as a prediction file (Spider or BIRD style), to check the"
          + " harness: scored with 'bench ex' it must give 100%.",
      "With --shuffle each question gets the gold SQL of another question on the same database"
          + " (never one that reads like its own where the database has another), which should"
          + " score near zero."
    })
final class BenchGoldFileCommand implements Callable<Integer> {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject ScorePredictionsUseCase scoring;

  @Option(
      names = "--dataset",
      required = true,
      description = "spider-dev, bird-dev, bird-dev-pre2024 or bird-minidev")
  String dataset;

  @Option(names = "--data", required = true, description = "folder laid out like ../shared/data")
  Path data;

  @Option(names = "--out", required = true, description = "the prediction file to write")
  Path out;

  @Option(
      names = "--format",
      defaultValue = "spider",
      description = "spider (lines) or bird (JSON) (default: ${DEFAULT-VALUE})")
  String format;

  @Option(
      names = "--shuffle",
      description = "give each question another question's gold SQL from the same database")
  boolean shuffle;

  @Option(
      names = "--seed",
      defaultValue = "42",
      description = "seed of the shuffle (default: ${DEFAULT-VALUE})")
  long seed;

  @Override
  public Integer call() throws IOException {
    ParlanceCli cli = ParlanceCli.of(spec);
    String style = format.strip().toLowerCase(Locale.ROOT);
    if (!style.equals("spider") && !style.equals("bird")) {
      throw CommandFailure.refused("--format must be spider or bird, got '" + format + "'");
    }
    EvaluationBenchmark benchmark = scoring.questions(EvaluationDataset.parse(dataset), data);
    List<EvaluationQuestion> questions = benchmark.questions();
    List<String> sql =
        shuffle ? shuffled(questions, seed) : questions.stream().map(q -> q.goldSql()).toList();
    long kept = 0;
    for (int i = 0; i < questions.size(); i++) {
      kept += shuffle && same(sql.get(i), questions.get(i).goldSql()) ? 1 : 0;
    }
    Path parent = out.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    if (style.equals("spider")) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < questions.size(); i++) {
        text.append(oneLine(sql.get(i)))
            .append('\t')
            .append(questions.get(i).database())
            .append('\n');
      }
      Files.writeString(out, text, StandardCharsets.UTF_8);
    } else {
      ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
      ObjectNode root = mapper.createObjectNode();
      for (int i = 0; i < questions.size(); i++) {
        root.put(
            String.valueOf(i), sql.get(i) + "\t----- bird -----\t" + questions.get(i).database());
      }
      mapper.writeValue(out.toFile(), root);
    }
    cli.out()
        .printf(
            "wrote %d %s predictions (%s) to %s%n",
            questions.size(), shuffle ? "shuffled gold" : "gold", style, out);
    return ParlanceCli.OK;
  }

  /**
   * Each question gets the gold SQL of another question on the same database: a seeded shuffle per
   * database, then swaps so that no question keeps a query that reads like its own (Spider asks
   * most questions twice, with the same SQL). A database whose questions all share one query keeps
   * it.
   */
  static List<String> shuffled(List<EvaluationQuestion> questions, long seed) {
    Random random = new Random(seed);
    Map<String, List<Integer>> byDatabase = new LinkedHashMap<>();
    for (int i = 0; i < questions.size(); i++) {
      byDatabase.computeIfAbsent(questions.get(i).database(), d -> new ArrayList<>()).add(i);
    }
    List<String> out =
        new ArrayList<>(questions.stream().map(EvaluationQuestion::goldSql).toList());
    for (List<Integer> positions : byDatabase.values()) {
      List<String> own = positions.stream().map(i -> questions.get(i).goldSql()).toList();
      List<String> given = new ArrayList<>(own);
      Collections.shuffle(given, random);
      for (int a = 0; a < given.size(); a++) {
        if (!same(given.get(a), own.get(a))) {
          continue;
        }
        for (int b = 0; b < given.size(); b++) {
          if (!same(given.get(b), own.get(a)) && !same(given.get(a), own.get(b))) {
            Collections.swap(given, a, b);
            break;
          }
        }
      }
      for (int k = 0; k < positions.size(); k++) {
        out.set(positions.get(k), given.get(k));
      }
    }
    return out;
  }

  private static boolean same(String a, String b) {
    return oneLine(a).equalsIgnoreCase(oneLine(b));
  }

  // A Spider-style file holds one query per line.
  private static String oneLine(String sql) {
    return sql.replaceAll("\\s+", " ").strip();
  }
}
