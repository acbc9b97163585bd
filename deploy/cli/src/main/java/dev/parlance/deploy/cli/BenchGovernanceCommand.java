package dev.parlance.deploy.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.application.benchmark.GovernanceBenchmarkReport;
import dev.parlance.application.benchmark.GovernanceBenchmarkUseCase;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code parlance bench governance}: the pipeline's overhead per statement against raw JDBC. */
@Command(
    name = "governance",
    mixinStandardHelpOptions = true,
    description = {
      "Governance overhead per statement: primary-key lookups on every table of a source, run raw"
          + " (JDBC) and governed (policy, parse, allowlist, rewrite, execution, audit).",
      "Prints p50/p95 of raw, governed and their difference, and the ratio of the median"
          + " overhead to the median raw lookup."
    })
final class BenchGovernanceCommand implements Callable<Integer> {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject GovernanceBenchmarkUseCase benchmark;

  @Option(names = "--source", required = true, paramLabel = "NAME")
  String source;

  @Option(names = "--json", paramLabel = "OUT", description = "also write the numbers as JSON")
  Path json;

  @Option(
      names = "--lookups",
      defaultValue = "8",
      description = "lookups per table (default: ${DEFAULT-VALUE})")
  int lookups;

  @Option(
      names = "--rounds",
      defaultValue = "10",
      description = "measured passes over the statements (default: ${DEFAULT-VALUE})")
  int rounds;

  @Option(
      names = "--warm-up",
      defaultValue = "5000",
      description = "statements run before measuring, for the JIT (default: ${DEFAULT-VALUE})")
  int warmUp;

  @Option(
      names = "--roles",
      split = ",",
      paramLabel = "R1,R2",
      description = "roles of the benchmark user (default: none)")
  List<String> roles = new ArrayList<>();

  @Option(
      names = "--attr",
      paramLabel = "NAME=VALUE",
      description =
          "an attribute of the benchmark user for row filters, e.g. region=SE (repeatable)")
  List<String> attributes = new ArrayList<>();

  @Option(
      names = "--raw-user-env",
      paramLabel = "VAR",
      description =
          "variable holding the user the raw baseline connects as (default: the source's); needed"
              + " on PostgreSQL after 'policy apply', where the source's login role reads nothing")
  String rawUser;

  @Option(
      names = "--raw-password-env",
      paramLabel = "VAR",
      description = "variable holding that user's password")
  String rawPassword;

  @Override
  public Integer call() throws IOException {
    ParlanceCli cli = ParlanceCli.of(spec);
    GovernanceBenchmarkReport r =
        benchmark.run(
            new GovernanceBenchmarkUseCase.Command(
                source,
                new UserIdentity(
                    "parlance-bench", new HashSet<>(roles), IdentityOptions.attributes(attributes)),
                lookups,
                rounds,
                warmUp,
                rawUser == null && rawPassword == null
                    ? java.util.Optional.empty()
                    : java.util.Optional.of(
                        new dev.parlance.domain.source.Credentials.FromEnvironment(
                            rawUser, rawPassword))));
    cli.out()
        .printf(
            "%s: %d statements (primary-key lookups), %d raw/governed pairs%n",
            r.source(), r.statements(), r.measurements());
    cli.out().printf("                p50 ms    p95 ms%n");
    cli.out().printf("raw JDBC      %8.3f  %8.3f%n", r.rawP50Ms(), r.rawP95Ms());
    cli.out().printf("governed      %8.3f  %8.3f%n", r.governedP50Ms(), r.governedP95Ms());
    cli.out().printf("overhead      %8.3f  %8.3f%n", r.overheadP50Ms(), r.overheadP95Ms());
    cli.out().printf("ratio p50     %8.3f  (median overhead / median raw lookup)%n", r.ratioP50());
    r.notes().forEach(n -> cli.out().println("note: " + n));
    if (json != null) {
      write(json, r);
      cli.out().println("wrote " + json);
    }
    return ParlanceCli.OK;
  }

  private static void write(Path file, GovernanceBenchmarkReport r) throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("statements", r.statements());
    ObjectNode raw = root.putObject("raw_ms");
    raw.put("p50", round(r.rawP50Ms()));
    raw.put("p95", round(r.rawP95Ms()));
    ObjectNode governed = root.putObject("governed_ms");
    governed.put("p50", round(r.governedP50Ms()));
    governed.put("p95", round(r.governedP95Ms()));
    ObjectNode overhead = root.putObject("overhead_ms");
    overhead.put("p50", round(r.overheadP50Ms()));
    overhead.put("p95", round(r.overheadP95Ms()));
    root.put("ratio_p50", round(r.ratioP50()));
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    mapper.writeValue(file.toFile(), root);
  }

  private static double round(double v) {
    return Math.round(v * 10_000) / 10_000.0;
  }
}
