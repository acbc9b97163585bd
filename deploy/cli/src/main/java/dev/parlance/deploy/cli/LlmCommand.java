package dev.parlance.deploy.cli;

import picocli.CommandLine.Command;

/** Language-model commands: check that a configured model answers. */
@Command(
    name = "llm",
    mixinStandardHelpOptions = true,
    description = "Check the configured language models (see docs/design/llm.md).",
    subcommands = {LlmCheckCommand.class})
final class LlmCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
