package dev.parlance.deploy.cli;

import dev.parlance.application.curation.CurationRef;
import dev.parlance.application.curation.EditCurationUseCase;
import dev.parlance.application.curation.PublishCurationUseCase;
import dev.parlance.application.curation.ReadCurationUseCase;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code parlance views export | import}: a source's whole curation as one YAML file. */
final class ViewsFileCommands {

  private ViewsFileCommands() {}

  @Command(
      name = "export",
      mixinStandardHelpOptions = true,
      description = "Write a source's whole curation as one YAML file.")
  static final class Export implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject ReadCurationUseCase readCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(
        names = "--version",
        paramLabel = "REF",
        defaultValue = "published",
        description = "draft, published or a number (default: ${DEFAULT-VALUE})")
    String version;

    @Option(names = "--file", paramLabel = "FILE", description = "write here instead of stdout")
    Path file;

    @Override
    public Integer call() throws IOException {
      ParlanceCli cli = ParlanceCli.of(spec);
      String yaml = readCuration.export(source, CurationRef.parse(version));
      if (file == null) {
        cli.out().print(yaml);
      } else {
        Files.writeString(file, yaml, StandardCharsets.UTF_8);
        cli.out().println("wrote the " + version + " curation of " + source + " to " + file);
      }
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "import",
      mixinStandardHelpOptions = true,
      description = "Read a YAML curation file into the source's draft (replacing the draft).")
  static final class Import implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject EditCurationUseCase editCuration;
    @Inject PublishCurationUseCase publishCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(names = "--file", required = true, paramLabel = "FILE", description = "the YAML file")
    Path file;

    @Option(names = "--by", paramLabel = "STEWARD", description = "who imports (default: OS user)")
    String by;

    @Option(names = "--publish", description = "publish it right away (validated first)")
    boolean publish;

    @Override
    public Integer call() throws IOException {
      ParlanceCli cli = ParlanceCli.of(spec);
      if (!Files.isRegularFile(file)) {
        throw CommandFailure.refused("no curation file at " + file);
      }
      String steward = CurationOutput.steward(by);
      var draft =
          editCuration.importFile(source, Files.readString(file, StandardCharsets.UTF_8), steward);
      cli.out()
          .println(
              "imported "
                  + draft.curation().views().size()
                  + " views, "
                  + draft.curation().tables().size()
                  + " described tables, "
                  + draft.curation().verified().size()
                  + " verified questions into the draft of "
                  + source);
      if (!publish) {
        return ParlanceCli.OK;
      }
      return CurationOutput.published(
          cli.out(),
          cli.err(),
          publishCuration.publishDraft(source, steward, "imported from " + file.getFileName()));
    }
  }
}
