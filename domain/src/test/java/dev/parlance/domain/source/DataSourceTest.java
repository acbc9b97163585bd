package dev.parlance.domain.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DataSourceTest {

  @Test
  void should_refuse_the_source_when_its_url_carries_a_password_in_any_form() {
    for (String url :
        new String[] {
          "jdbc:postgresql://db:5432/plant?user=a&password=secret",
          "jdbc:postgresql://db/plant?ssl=true&PASSWORD=secret",
          "jdbc:h2:tcp://db/plant;USER=a;PASSWORD=secret",
          "jdbc:postgresql://ana:secret@db:5432/plant"
        }) {
      assertThatThrownBy(() -> DataSource.of("plant", url, Credentials.none()))
          .as(url)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("never stores secrets")
          .hasMessageNotContaining("secret@")
          .hasMessageNotContaining("=secret");
    }
  }

  @Test
  void should_infer_the_dialect_when_the_url_holds_no_secret() {
    assertThat(DataSource.of("plant", "jdbc:postgresql://db:5432/plant?ssl=true", null).dialect())
        .isEqualTo(Dialect.POSTGRESQL);
    assertThat(DataSource.of("demo", "jdbc:sqlite:/tmp/demo.sqlite", null).dialect())
        .isEqualTo(Dialect.SQLITE);
    assertThat(DataSource.of("h", "jdbc:h2:mem:x", null).credentials())
        .isEqualTo(Credentials.none());
  }

  @Test
  void should_refuse_when_the_dialect_is_unknown_or_the_name_is_bad() {
    assertThatThrownBy(() -> DataSource.of("x", "jdbc:mysql://db/x", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unsupported JDBC URL");
    assertThatThrownBy(() -> DataSource.of("Bad Name", "jdbc:h2:mem:x", null))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
