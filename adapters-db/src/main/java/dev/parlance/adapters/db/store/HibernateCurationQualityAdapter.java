package dev.parlance.adapters.db.store;

import dev.parlance.domain.curation.CurationQualityStorePort;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.hibernate.SessionFactory;

/** The curation quality of published versions in the metadata store, one row per version. */
final class HibernateCurationQualityAdapter implements CurationQualityStorePort {

  private final SessionFactory sessions;

  HibernateCurationQualityAdapter(SessionFactory sessions) {
    this.sessions = sessions;
  }

  @Override
  public void save(String source, VersionQuality quality) {
    Store.write(
        sessions,
        s -> {
          CurationQualityEntity e =
              s.find(
                  CurationQualityEntity.class,
                  new CurationQualityEntity.Key(source, quality.version()));
          boolean fresh = e == null;
          if (fresh) {
            e = new CurationQualityEntity();
            e.sourceName = source;
            e.version = quality.version();
          }
          e.questions = quality.questions();
          StringJoiner recall = new StringJoiner(";");
          quality.recall().forEach((budget, value) -> recall.add(budget + "=" + value));
          e.recall = recall.toString();
          e.skipped = quality.skipped().orElse(null);
          e.measuredAt = quality.measuredAt().truncatedTo(ChronoUnit.MILLIS);
          e.elapsedMs = quality.elapsedMs();
          if (fresh) {
            s.persist(e);
          }
          return null;
        });
  }

  @Override
  public Map<Integer, VersionQuality> stored(String source) {
    return Store.read(
        sessions,
        s -> {
          Map<Integer, VersionQuality> stored = new LinkedHashMap<>();
          for (CurationQualityEntity e :
              s.createSelectionQuery(
                      "from CurationQualityEntity where sourceName = :s order by version",
                      CurationQualityEntity.class)
                  .setParameter("s", source)
                  .getResultList()) {
            TreeMap<Integer, Double> recall = new TreeMap<>();
            for (String pair : e.recall.split(";")) {
              if (!pair.isEmpty()) {
                int eq = pair.indexOf('=');
                recall.put(
                    Integer.parseInt(pair.substring(0, eq)),
                    Double.parseDouble(pair.substring(eq + 1)));
              }
            }
            stored.put(
                e.version,
                new VersionQuality(
                    e.version,
                    e.questions,
                    recall,
                    Optional.ofNullable(e.skipped),
                    e.measuredAt,
                    e.elapsedMs));
          }
          return stored;
        });
  }
}
