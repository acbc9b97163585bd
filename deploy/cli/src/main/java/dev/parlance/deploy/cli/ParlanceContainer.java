package dev.parlance.deploy.cli;

import dev.parlance.deploy.wiring.BenchmarkProducers;
import dev.parlance.deploy.wiring.CurationProducers;
import dev.parlance.deploy.wiring.DatabaseProducers;
import dev.parlance.deploy.wiring.DemoData;
import dev.parlance.deploy.wiring.IndexProducers;
import dev.parlance.deploy.wiring.ModelProducers;
import dev.parlance.deploy.wiring.ParlanceSettings;
import dev.parlance.deploy.wiring.PortalProducers;
import dev.parlance.deploy.wiring.ScaleProducers;
import dev.parlance.deploy.wiring.SettingsProducers;
import dev.parlance.deploy.wiring.StoreProducers;
import dev.parlance.deploy.wiring.UseCaseProducers;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.InjectionTarget;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * The command line's CDI container: the shared wiring's producers in Weld SE, configured by
 * SmallRye Config, and the picocli commands as beans that receive their use cases by injection.
 * Nothing is discovered by scanning: the bean classes are named, which keeps start-up short.
 */
public final class ParlanceContainer implements AutoCloseable {

  /**
   * What the command line sets differently from a server: a changed source is re-indexed on its
   * next use, since the process ends with the command; and values are taken literally (no {@code
   * ${…}} expansion in passwords).
   */
  static final Map<String, String> COMMAND_LINE_DEFAULTS =
      Map.of(
          "parlance.index.when-changed", "on-use",
          "mp.config.property.expressions.enabled", "false");

  private final WeldContainer container;

  private ParlanceContainer(WeldContainer container) {
    this.container = container;
  }

  /** The container a command line runs in: system properties, then the environment. */
  public static ParlanceContainer boot() {
    return bootWithFlags(Map.of());
  }

  /**
   * The container a command line runs in, with settings its flags stand for ({@code --index
   * opensearch} is {@code parlance.index=opensearch}): they win over system properties and the
   * environment.
   */
  public static ParlanceContainer bootWithFlags(Map<String, String> flags) {
    return boot(
        new SmallRyeConfigBuilder()
            .addDefaultSources()
            .withSources(new PropertiesConfigSource(flags, "command-line flags", FLAGS_ORDINAL))
            .withDefaultValues(COMMAND_LINE_DEFAULTS)
            .build());
  }

  // Above system properties (400) and the environment (300).
  private static final int FLAGS_ORDINAL = 500;

  /** The value a setting has in this container, if any. */
  java.util.Optional<String> setting(String key) {
    return container.select(ParlanceSettings.class).get().value(key);
  }

  /**
   * A container whose environment is {@code environment} instead of the process's (variables such
   * as {@code PARLANCE_HOME} or {@code PARLANCE_LLM_MODEL}, as tests give them); system properties
   * still win, as in {@link #boot()}.
   */
  public static ParlanceContainer boot(Map<String, String> environment) {
    return boot(
        new SmallRyeConfigBuilder()
            .addSystemSources()
            .withSources(new EnvConfigSource(new LinkedHashMap<>(environment), 300))
            .withDefaultValues(COMMAND_LINE_DEFAULTS)
            .build());
  }

  private static ParlanceContainer boot(Config config) {
    // Nothing to validate: there is no beans.xml in a synthetic archive (validation would load
    // an XML schema factory at every start).
    System.setProperty("org.jboss.weld.xml.disableValidating", "true");
    Weld weld =
        new Weld("parlance-cli-" + System.nanoTime())
            .disableDiscovery()
            .property("org.jboss.weld.construction.relaxed", true)
            // One short-lived process: no worker threads, no shutdown hook (close() shuts down).
            .property("org.jboss.weld.bootstrap.concurrentDeployment", false)
            .property("org.jboss.weld.bootstrap.preloaderThreadPoolSize", 0)
            .property("org.jboss.weld.executor.threadPoolType", "NONE")
            .property(Weld.SHUTDOWN_HOOK_SYSTEM_PROPERTY, false)
            .addExtension(new ConfigBean(config))
            .addBeanClasses(
                SettingsProducers.class,
                StoreProducers.class,
                DemoData.class,
                ViewsCommand.Curations.class,
                dev.parlance.deploy.portal.Portal.class,
                IndexProducers.class,
                DatabaseProducers.class,
                ModelProducers.class,
                UseCaseProducers.class,
                CurationProducers.class,
                BenchmarkProducers.class,
                PortalProducers.class,
                ScaleProducers.class);
    return new ParlanceContainer(weld.initialize());
  }

  /**
   * Gives a command the use cases it declares with {@code @Inject}. Commands are built by picocli
   * and injected only when one runs, so that {@code --help}, {@code --version} and a mistyped
   * option never start the container.
   */
  void inject(Object command) {
    BeanManager beans = container.getBeanManager();
    @SuppressWarnings("unchecked")
    Class<Object> type = (Class<Object>) command.getClass();
    InjectionTarget<Object> target =
        beans
            .getInjectionTargetFactory(beans.createAnnotatedType(type))
            .createInjectionTarget(null);
    target.inject(command, beans.createCreationalContext(null));
  }

  /** Where diagnostics that are not for the user's terminal go. */
  public Path logs() {
    return container.select(ParlanceSettings.class).get().home().logs();
  }

  <T> T get(Class<T> type) {
    return container.select(type).get();
  }

  @Override
  public void close() {
    container.shutdown();
  }

  /** The configuration this container was booted with, as the bean the wiring's settings read. */
  private static final class ConfigBean implements Extension {
    private final Config config;

    ConfigBean(Config config) {
      this.config = config;
    }

    void register(@Observes AfterBeanDiscovery discovery) {
      discovery
          .addBean()
          .types(Config.class, Object.class)
          .scope(jakarta.inject.Singleton.class)
          .createWith(context -> config);
    }
  }
}
