#!/bin/bash
# The heap of a running JVM (the portal's Liberty) over a load test, one line a minute:
#   heap-trend.sh PID MINUTES [INTERVAL_SECONDS]      (interval default 60)
# Each line: UTC time, the 1-minute load average, then, right after a full collection that this
# script asks for (jcmd GC.run, so what is left is what the server still holds), jstat's old
# generation used and capacity, young (eden + survivors) used, metaspace used (all MB), and the
# young / full collection counts so far (the forced ones included). A steady old-gen-after-GC
# column over the run means no leak at that rate of asking; a rising one is a leak or a cache growing.
set -euo pipefail
pid=$1; minutes=$2; interval=${3:-60}
jdk=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
end=$(( $(date +%s) + minutes * 60 ))
printf '%-8s %5s %12s %9s %9s %9s %6s %6s\n' time load1 old_after_gc old_cap young meta ygc fgc
while :; do
  "$jdk/bin/jcmd" "$pid" GC.run > /dev/null
  "$jdk/bin/jstat" -gc "$pid" | awk -v t="$(date -u +%H:%M:%S)" -v l="$(cut -d' ' -f1 /proc/loadavg)" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { printf "%-8s %5s %12.1f %9.1f %9.1f %9.1f %6d %6d\n", t, l,
        $col["OU"] / 1024, $col["OC"] / 1024, ($col["EU"] + $col["S0U"] + $col["S1U"]) / 1024,
        $col["MU"] / 1024, $col["YGC"], $col["FGC"] }'
  [ "$(date +%s)" -ge "$end" ] && break
  sleep "$interval"
done
