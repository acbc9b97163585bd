package dev.parlance.adapters.db.governance;

import dev.parlance.adapters.db.demo.DemoDatabase;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.governance.*;
import java.nio.file.*;

class Scratch {
  public static void main(String[] a) throws Exception {
    Path f = Path.of("/tmp/demo-small.sqlite");
    if (!Files.exists(f)) DemoDatabase.generate(f, 1, 0.1);
    var src = DemoDatabase.source(f);
    var pol = DemoDatabase.policy();
    try (var ex = Governance.jdbc(new JdbcConnections())) {
      var user =
          UserIdentity.of("ana", "regional", "contractor")
              .withAttribute("region", "SE")
              .withAttribute("contractor", "3");
      for (String sql : a) {
        var o = ex.execute(src, pol, user, sql);
        System.out.println(
            sql
                + "\n  -> "
                + o.getClass().getSimpleName()
                + " "
                + o.sqlRun().orElse("")
                + "\n  "
                + (o instanceof QueryOutcome.Ran r
                    ? r.result().rowCount()
                        + " rows "
                        + r.result().rows().stream().limit(2).toList()
                    : o));
      }
    }
  }
}
