package dev.parlance.web.ask;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.Executor;

/**
 * Where questions run: the server's bounded managed executor {@code concurrent/parlance-asks}
 * (server.xml: how many run at once, how many wait); a full queue answers 503 with Retry-After. A
 * request thread only parses and waits, so slow models do not hold the HTTP pool.
 */
@ApplicationScoped
public class AskExecutor {

  @Resource(lookup = "concurrent/parlance-asks")
  ManagedExecutorService executor;

  public Executor get() {
    return executor;
  }
}
