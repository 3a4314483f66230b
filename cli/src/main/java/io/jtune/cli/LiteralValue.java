package io.jtune.cli;

import java.util.Stack;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * Takes the next argument as the option's value as it is, even when it looks like an option:
 * {@code --flags "-Xmx512m -XX:+UseG1GC"} would otherwise read as {@code -X} ({@code --method})
 * with the value "mx512m ...".
 */
final class LiteralValue implements IParameterConsumer {
  @Override
  public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
    if (args.isEmpty()) {
      String name = argSpec instanceof OptionSpec o ? o.longestName() : argSpec.paramLabel();
      throw new ParameterException(commandSpec.commandLine(), "Missing required parameter for option '" + name + "'");
    }
    argSpec.setValue(args.pop());
  }
}
