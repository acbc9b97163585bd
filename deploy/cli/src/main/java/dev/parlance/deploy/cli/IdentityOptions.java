package dev.parlance.deploy.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Who a command asks or runs as: what {@code --as} and {@code --attr NAME=VALUE} give. */
final class IdentityOptions {

  private IdentityOptions() {}

  /** The attributes named by repeated {@code --attr NAME=VALUE}, in the order given. */
  static Map<String, String> attributes(List<String> given) {
    Map<String, String> attributes = new LinkedHashMap<>();
    for (String a : given) {
      int eq = a.indexOf('=');
      if (eq <= 0) {
        throw CommandFailure.refused("--attr needs NAME=VALUE, got '" + a + "'");
      }
      attributes.put(a.substring(0, eq), a.substring(eq + 1));
    }
    return attributes;
  }

  /** The user named with {@code --as}, else whoever runs the command. */
  static String userName(String given) {
    return given != null ? given : System.getProperty("user.name", "unknown");
  }
}
