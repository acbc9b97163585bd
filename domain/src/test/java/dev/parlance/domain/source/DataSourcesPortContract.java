package dev.parlance.domain.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What every store of data sources must do. An adapter's test extends this class (the store may
 * hold other sources; names here are unique per run).
 */
public abstract class DataSourcesPortContract {

  protected abstract DataSourcesPort port();

  @Test
  void should_keep_credentials_as_references_when_a_source_is_saved() {
    DataSource plant =
        DataSource.of(
            "plant-" + System.nanoTime() % 100000,
            "jdbc:postgresql://db.example:5432/plant",
            new Credentials.FromEnvironment("PLANT_USER", "PLANT_PASSWORD"));
    port().save(plant);

    assertThat(port().find(plant.name())).contains(plant);
    assertThat(port().all()).contains(plant);
  }

  @Test
  void should_replace_a_source_when_saved_again_and_forget_it_when_removed() {
    String name = "files-" + System.nanoTime() % 100000;
    port().save(DataSource.of(name, "jdbc:h2:mem:a", Credentials.none()));
    DataSource moved = DataSource.of(name, "jdbc:h2:mem:b", new Credentials.FromFile("/etc/p"));
    port().save(moved);

    assertThat(port().find(name)).contains(moved);
    assertThat(port().remove(name)).isTrue();
    assertThat(port().remove(name)).isFalse();
    assertThat(port().find(name)).isEmpty();
  }
}
