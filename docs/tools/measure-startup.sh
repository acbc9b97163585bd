#!/usr/bin/env bash
# Start-up times.
#
# A command line run: two warm-up runs (the first may build and train the cache), then N measured
# ones; prints the medians of wall and user CPU seconds.
#   docs/tools/measure-startup.sh TREE HOME N COMMAND...      (e.g. . /tmp/m 5 sources list)
#
# The portal: `parlance serve` on a fresh home, then again on the same home, each until the portal
# answers an ask on the demo (through the API, as the demo's analyst, with the wire-faked model of
# docs/tools/fake-openai-demo.py answering after DELAY_MS); prints both starts (until serve.json and
# until the first answer), then the first and the tenth ask on the just-started server, and the
# load. The command line is built first (not counted). Needs curl and python3.
#   docs/tools/measure-startup.sh serve TREE [DELAY_MS]       (e.g. serve . 200)
# KEEP_LOGS=DIR keeps serve's output and the home's logs.
set -euo pipefail

if [ "${1:-}" != serve ]; then
  tree=$1; home=$2; n=$3; shift 3
  PARLANCE_HOME=$home "$tree/parlance" "$@" >/dev/null 2>&1
  PARLANCE_HOME=$home "$tree/parlance" "$@" >/dev/null 2>&1
  out="$(mktemp)"
  for _ in $(seq "$n"); do
    /usr/bin/time -f "%e %U" env PARLANCE_HOME="$home" "$tree/parlance" "$@" 2>&1 >/dev/null | tail -1
  done >"$out"
  middle=$(( (n + 1) / 2 ))
  echo "wall median $(cut -d' ' -f1 "$out" | sort -n | sed -n "${middle}p") s," \
    "user CPU median $(cut -d' ' -f2 "$out" | sort -n | sed -n "${middle}p") s (n=$n)"
  rm -f "$out"
  exit 0
fi

tree="$(cd "$2" && pwd)"; delay=${3:-200}
home="$(mktemp -d)"
port=$(( 20000 + RANDOM % 20000 )); model_port=$(( 20000 + RANDOM % 20000 ))
question="How many installations are there?"
now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$(now)"; }
json() { python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

python3 "$tree/docs/tools/fake-openai-demo.py" "$model_port" "$delay" >/dev/null 2>&1 &
model=$!
serve=""
cleanup() {
  [ -n "$serve" ] && kill "$serve" 2>/dev/null && wait "$serve" 2>/dev/null || true
  kill "$model" 2>/dev/null || true
  # KEEP_LOGS=DIR keeps serve's output and the home's logs (Keycloak, Liberty) for a closer look.
  if [ -n "${KEEP_LOGS:-}" ]; then mkdir -p "$KEEP_LOGS" && cp -r "$home"/serve-*.log "$home/logs" "$KEEP_LOGS"/ 2>/dev/null || true; fi
  rm -rf "$home"
}
trap cleanup EXIT
export PARLANCE_HOME="$home" PARLANCE_LLM_PROVIDER=openai PARLANCE_LLM_MODEL=gpt-4o-mini \
  PARLANCE_LLM_API_KEY=sk-fake PARLANCE_LLM_BASE_URL="http://127.0.0.1:$model_port/v1"
"$tree/parlance" --version >/dev/null 2>&1 || true   # builds the command line when it is stale

# One ask as the demo's analyst; prints its HTTP status and wall seconds.
ask() {
  curl -sk -o /dev/null -w '%{http_code} %{time_total}' -X POST \
    -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    --data "{\"question\": \"$question\"}" "${url}api/v1/sources/demo/ask" || echo "000 0"
}

start() {
  local what=$1 started status
  started=$(now)
  "$tree/parlance" serve --port "$port" >"$home/serve-$what.log" 2>&1 &
  serve=$!
  until [ -f "$home/serve.json" ]; do
    kill -0 "$serve" 2>/dev/null || { cat "$home/serve-$what.log"; exit 1; }
    sleep 0.5
  done
  local ready; ready=$(since "$started")
  url=$(json "$home/serve.json" "d['url']")
  local keycloak password
  keycloak=$(json "$home/serve.json" "d['keycloak_url'] + '/realms/' + d['realm']")
  password=$(json "$home/serve.json" "[u for u in d['users'] if u['username'] == 'analyst'][0]['password']")
  token=$(curl -s -d "grant_type=password&client_id=parlance-cli&username=analyst&password=$password" \
    "$keycloak/protocol/openid-connect/token" | python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])')
  local times=() answered=""
  for _ in $(seq 10); do
    read -r status seconds <<<"$(ask)"
    times+=("$seconds")
    [ "$status" = 200 ] || { echo "an ask answered $status; see $home"; cat "$home/serve-$what.log"; exit 1; }
    [ -n "$answered" ] || answered=$(since "$started")   # the first answer, not the tenth
  done
  echo "$what: serve.json after $ready s, the first answer after $answered s;" \
    "ask 1: $(python3 -c "print(f'{float(\"${times[0]}\") * 1000:.0f}')") ms," \
    "ask 10: $(python3 -c "print(f'{float(\"${times[9]}\") * 1000:.0f}')") ms (model $delay ms)" \
    "— $(uptime | sed 's/.*load/load/')"
  kill "$serve"; wait "$serve" 2>/dev/null || true; serve=""
  while [ -f "$home/serve.json" ]; do sleep 0.5; done
}

start "fresh home"
start "same home again"
