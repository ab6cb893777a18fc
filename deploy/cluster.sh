#!/usr/bin/env bash
# A local, multi-process svc cluster on 127.0.0.1: a 3-node NATS JetStream cluster, 2 gateways
# (`svc gateway`) and 2 workers (`svc worker`), all sharing one PostgreSQL schema.
#
#   deploy/cluster.sh start     # needs `npm run build` first (runs dist/cli/main.js)
#   deploy/cluster.sh status
#   deploy/cluster.sh stop      # SIGTERM (drain) svc processes, then the NATS nodes; idempotent
#
# Settings (environment; defaults in brackets):
#   SVC_CLUSTER_DIR            pid files, logs, NATS configs and JetStream stores [deploy/.cluster]
#   SVC_CLUSTER_NATS_PORTS     3 NATS client ports, comma-separated [14222,14223,14224]
#   SVC_CLUSTER_ROUTE_PORTS    3 NATS cluster route ports [16222,16223,16224]
#   SVC_CLUSTER_HTTP_PORTS     3 NATS monitoring ports (/jsz, /varz) [18222,18223,18224]
#   SVC_CLUSTER_GATEWAY_PORTS  2 gateway HTTP ports [18788,18789]
#   SVC_CLUSTER_NAME           NATS cluster name [svc_local]
#   SVC_CLUSTER_WORKER_ACTORS  `--actors` list for the workers [all actors]
#   SVC_CLUSTER_START_TIMEOUT  seconds to wait for each start phase [60]
#   SVC_CLUSTER_STOP_TIMEOUT   seconds to wait for svc processes to drain [30]
#   NATS_SERVER                the nats-server binary [nats-server on PATH, else /usr/sbin/nats-server]
#   DATABASE_URL [postgres://postgres@127.0.0.1:5432/test]   DATABASE_SCHEMA [svc_cluster]
#   SVC_BUS_PREFIX [svc]   SVC_ORCH_HOST [127.0.0.1]   LOG_LEVEL [info]   SVC_STREAM_REPLICAS [3]
#   Anything else the product reads (SVC_ORCH_TOKEN, SVC_SESSION_KEY, ...) is passed through.
# NATS_URL is always set to the three nodes started here. NATS requires a user
# (deploy/nats/permissions.conf): gateways connect as svc-gateway, workers as svc-worker, each
# with a password made at the first start and kept in $SVC_CLUSTER_DIR/nats-users.env (0600); an
# operator's `svc migrate` or `svc events tail` can source it (NATS_USER=svc-admin / svc-events).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${SVC_CLUSTER_DIR:-$ROOT/deploy/.cluster}"
[[ $DIR == /* ]] || DIR="$PWD/$DIR" # start cds to the repository root
TEMPLATE="$ROOT/deploy/nats/cluster.conf.tmpl"
PERMISSIONS="$ROOT/deploy/nats/permissions.conf"
MAIN="$ROOT/dist/cli/main.js"
NODE_BIN="${NODE_BIN:-node}"
if [[ -z "${NATS_SERVER:-}" ]]; then
  NATS_SERVER="$(command -v nats-server || echo /usr/sbin/nats-server)"
fi
CLUSTER_NAME="${SVC_CLUSTER_NAME:-svc_local}"
START_TIMEOUT="${SVC_CLUSTER_START_TIMEOUT:-60}"
STOP_TIMEOUT="${SVC_CLUSTER_STOP_TIMEOUT:-30}"

IFS=, read -r -a NATS_PORTS <<<"${SVC_CLUSTER_NATS_PORTS:-14222,14223,14224}"
IFS=, read -r -a ROUTE_PORTS <<<"${SVC_CLUSTER_ROUTE_PORTS:-16222,16223,16224}"
IFS=, read -r -a HTTP_PORTS <<<"${SVC_CLUSTER_HTTP_PORTS:-18222,18223,18224}"
IFS=, read -r -a GATEWAY_PORTS <<<"${SVC_CLUSTER_GATEWAY_PORTS:-18788,18789}"

NATS_NODES=(nats-1 nats-2 nats-3)
GATEWAYS=(gateway-1 gateway-2)
WORKERS=(worker-1 worker-2)

say() { printf 'cluster: %s\n' "$*"; }
err() { printf 'cluster: %s\n' "$*" >&2; }

check_ports() { # name count ports...
  local name=$1 count=$2
  shift 2
  if (($# != count)); then
    err "$name must list $count ports, comma-separated (got: $*)"
    exit 2
  fi
  local p
  for p in "$@"; do
    if ! [[ $p =~ ^[0-9]+$ ]] || ((p < 1 || p > 65535)); then
      err "$name: \"$p\" is not a port number"
      exit 2
    fi
  done
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# The pid recorded for a component, if its process is still that component (guards pid reuse
# and zombies: a zombie has an empty cmdline).
live_pid() {
  local f="$DIR/$1.pid" pid want
  [[ -s $f ]] || return 1
  pid="$(<"$f")"
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  case $1 in
    nats-*) want=nats-server ;;
    *) want=dist/cli/main.js ;;
  esac
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$want" || return 1
  printf '%s\n' "$pid"
}

# Runs a command detached (own session, no terminal, output to a log) and records its pid.
launch() { # name command...
  local name=$1
  shift
  : >"$DIR/$name.log"
  if command -v setsid >/dev/null; then
    setsid "$@" >>"$DIR/$name.log" 2>&1 </dev/null &
  else
    nohup "$@" >>"$DIR/$name.log" 2>&1 </dev/null &
  fi
  echo $! >"$DIR/$name.pid"
}

tail_log() {
  local f="$DIR/$1.log"
  [[ -f $f ]] || return 0
  printf -- '--- %s (last 20 lines of %s)\n' "$1" "$f" >&2
  tail -n 20 "$f" >&2 || true
}

# A start phase failed: show what the processes said, stop everything started, exit 1.
start_failed() {
  err "start failed: $*"
  local c
  for c in "${NATS_NODES[@]}" "${GATEWAYS[@]}" "${WORKERS[@]}"; do tail_log "$c"; done
  err "stopping what was started (logs stay in $DIR)"
  cmd_stop >&2 || true
  exit 1
}

require_alive() {
  local c
  for c in "$@"; do
    live_pid "$c" >/dev/null || start_failed "$c exited during start"
  done
}

# nats-server 2.9 /jsz: "meta_cluster": { "leader": "nats-2", "cluster_size": 3, ... }
has_meta_leader() {
  local body
  body="$(curl -fsS -m 2 "http://127.0.0.1:$1/jsz" 2>/dev/null)" || return 1
  grep -Eq '"leader": *"[^"]+"' <<<"$body" && grep -Eq '"cluster_size": *3' <<<"$body"
}

http_ok() { [[ "$(curl -s -o /dev/null -m 2 -w '%{http_code}' "$1" 2>/dev/null || true)" == 200 ]]; }

fill() { # template var=value... -> stdout
  local text key val kv
  text="$(<"$1")"
  shift
  for kv in "$@"; do
    key="${kv%%=*}"
    val="${kv#*=}"
    text="${text//"@$key@"/"$val"}"
  done
  printf '%s\n' "$text"
}

cmd_start() {
  check_ports SVC_CLUSTER_NATS_PORTS 3 "${NATS_PORTS[@]}"
  check_ports SVC_CLUSTER_ROUTE_PORTS 3 "${ROUTE_PORTS[@]}"
  check_ports SVC_CLUSTER_HTTP_PORTS 3 "${HTTP_PORTS[@]}"
  check_ports SVC_CLUSTER_GATEWAY_PORTS 2 "${GATEWAY_PORTS[@]}"
  [[ -f $MAIN ]] || { err "$MAIN is missing: run \`npm run build\` first"; exit 1; }
  [[ -x $NATS_SERVER ]] || { err "nats-server not found (set NATS_SERVER)"; exit 1; }
  command -v curl >/dev/null || { err "curl is needed"; exit 1; }
  [[ -f $TEMPLATE ]] || { err "$TEMPLATE is missing"; exit 1; }
  [[ -f $PERMISSIONS ]] || { err "$PERMISSIONS is missing"; exit 1; }

  mkdir -p "$DIR"
  local c
  for c in "${NATS_NODES[@]}" "${GATEWAYS[@]}" "${WORKERS[@]}"; do
    if live_pid "$c" >/dev/null; then
      err "$c is already running (pid $(<"$DIR/$c.pid")) in $DIR: run \`$0 stop\` first"
      exit 1
    fi
  done
  local p
  for p in "${NATS_PORTS[@]}" "${ROUTE_PORTS[@]}" "${HTTP_PORTS[@]}" "${GATEWAY_PORTS[@]}"; do
    if port_in_use "$p"; then
      err "port $p on 127.0.0.1 is already in use (choose others with SVC_CLUSTER_*_PORTS)"
      exit 1
    fi
  done
  rm -f "$DIR"/*.pid

  # --- NATS users: one password per role, made once and kept (a restart keeps its clients' logins).
  local users="$DIR/nats-users.env"
  if [[ ! -s $users ]]; then
    (
      umask 077
      for role in GATEWAY WORKER EVENTS ADMIN; do
        # nats-server reads the value as a configuration value: it must start with a letter.
        printf 'SVC_NATS_%s_PASSWORD=p%s\n' "$role" "$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')"
      done >"$users"
    )
  fi
  # shellcheck disable=SC1090
  set -a && source "$users" && set +a
  # The file is written for the prefix `svc`: its subjects, streams and inboxes follow SVC_BUS_PREFIX.
  local prefix="${SVC_BUS_PREFIX:-svc}" upper
  upper="$(tr '[:lower:]' '[:upper:]' <<<"$prefix")"
  sed -E -e "s/(^|[^A-Za-z0-9_-])svc\./\1$prefix./g" -e "s/SVC_(CMD|EVT|DLQ|NAK)\b/${upper}_\1/g" \
    -e "s/_INBOX\.svc_/_INBOX.${prefix}_/g" "$PERMISSIONS" >"$DIR/permissions.conf"

  # --- NATS: three nodes, each routing to the other two.
  local i j routes
  for i in 0 1 2; do
    routes=""
    for j in 0 1 2; do
      ((i == j)) && continue
      routes+="    nats-route://127.0.0.1:${ROUTE_PORTS[j]}"$'\n'
    done
    mkdir -p "$DIR/${NATS_NODES[i]}"
    fill "$TEMPLATE" \
      "SERVER_NAME=${NATS_NODES[i]}" "CLIENT_PORT=${NATS_PORTS[i]}" "HTTP_PORT=${HTTP_PORTS[i]}" \
      "ROUTE_PORT=${ROUTE_PORTS[i]}" "CLUSTER_NAME=$CLUSTER_NAME" "STORE_DIR=$DIR/${NATS_NODES[i]}" \
      "ROUTES=${routes%$'\n'}" >"$DIR/${NATS_NODES[i]}.conf"
    launch "${NATS_NODES[i]}" "$NATS_SERVER" -c "$DIR/${NATS_NODES[i]}.conf"
  done
  say "waiting for a JetStream meta leader"
  local deadline=$((SECONDS + START_TIMEOUT)) ready
  while :; do
    require_alive "${NATS_NODES[@]}"
    ready=0
    for i in 0 1 2; do has_meta_leader "${HTTP_PORTS[i]}" && ready=$((ready + 1)); done
    ((ready == 3)) && break
    ((SECONDS < deadline)) || start_failed "no JetStream meta leader on all 3 nodes within ${START_TIMEOUT}s"
    sleep 0.3
  done

  # --- svc: what every process shares.
  NATS_URL="nats://127.0.0.1:${NATS_PORTS[0]},nats://127.0.0.1:${NATS_PORTS[1]},nats://127.0.0.1:${NATS_PORTS[2]}"
  export NATS_URL
  export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
  export DATABASE_SCHEMA="${DATABASE_SCHEMA:-svc_cluster}"
  export SVC_BUS_PREFIX="${SVC_BUS_PREFIX:-svc}"
  export SVC_ORCH_HOST="${SVC_ORCH_HOST:-127.0.0.1}"
  export LOG_LEVEL="${LOG_LEVEL:-info}"
  # Three copies of every stream and bucket svc creates, so losing one node loses nothing.
  # (Streams left in the cluster dir by an earlier start with fewer copies stay as they are:
  # scale them with `node deploy/nats/ensure-streams.mjs`.)
  export SVC_STREAM_REPLICAS="${SVC_STREAM_REPLICAS:-3}"

  cd "$ROOT"
  # Every process starts at once, the way pods of two Deployments do: the store's migrations and
  # the bus's stream creation must tolerate concurrent starts.
  # Each role logs in as its own NATS user; the passwords stay out of the svc processes' environment
  # otherwise (and the NATS nodes, already started, have read theirs).
  local gw_pass="$SVC_NATS_GATEWAY_PASSWORD" wk_pass="$SVC_NATS_WORKER_PASSWORD"
  unset SVC_NATS_GATEWAY_PASSWORD SVC_NATS_WORKER_PASSWORD SVC_NATS_EVENTS_PASSWORD SVC_NATS_ADMIN_PASSWORD
  unset NATS_CREDS NATS_NKEY_SEED NATS_TOKEN # one way to log in: these would clash with the user's
  for i in 0 1; do
    NATS_USER=svc-gateway NATS_PASSWORD="$gw_pass" SVC_ORCH_PORT="${GATEWAY_PORTS[i]}" \
      launch "${GATEWAYS[i]}" "$NODE_BIN" "$MAIN" gateway
  done
  local actors=()
  [[ -n ${SVC_CLUSTER_WORKER_ACTORS:-} ]] && actors=(--actors "$SVC_CLUSTER_WORKER_ACTORS")
  for c in "${WORKERS[@]}"; do
    NATS_USER=svc-worker NATS_PASSWORD="$wk_pass" launch "$c" "$NODE_BIN" "$MAIN" worker "${actors[@]}"
  done

  say "waiting for the gateways' /health and the workers' start"
  deadline=$((SECONDS + START_TIMEOUT))
  while :; do
    require_alive "${GATEWAYS[@]}" "${WORKERS[@]}"
    ready=0
    for i in 0 1; do http_ok "http://127.0.0.1:${GATEWAY_PORTS[i]}/health" && ready=$((ready + 1)); done
    for c in "${WORKERS[@]}"; do
      # A worker has no HTTP: it is up once it logged its start (or, at a quieter LOG_LEVEL, alive).
      case $LOG_LEVEL in
        info | debug | trace) grep -q '"svc started"' "$DIR/$c.log" && ready=$((ready + 1)) ;;
        *) ready=$((ready + 1)) ;;
      esac
    done
    ((ready == 4)) && break
    ((SECONDS < deadline)) || start_failed "gateways or workers not ready within ${START_TIMEOUT}s"
    sleep 0.3
  done

  cat >"$DIR/cluster.env" <<EOF
NATS_URL=$NATS_URL
SVC_CLUSTER_HTTP_PORTS=${HTTP_PORTS[0]},${HTTP_PORTS[1]},${HTTP_PORTS[2]}
SVC_CLUSTER_GATEWAY_PORTS=${GATEWAY_PORTS[0]},${GATEWAY_PORTS[1]}
DATABASE_SCHEMA=$DATABASE_SCHEMA
SVC_BUS_PREFIX=$SVC_BUS_PREFIX
EOF
  say "started in $DIR"
  cmd_status
}

# Waits until none of the named components has a live process, or the timeout passes.
wait_gone() { # timeout names...
  local deadline=$((SECONDS + $1)) c left
  shift
  while :; do
    left=0
    for c in "$@"; do live_pid "$c" >/dev/null && left=$((left + 1)); done
    ((left == 0)) && return 0
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}

stop_group() { # timeout names... ; returns 1 if something had to be killed
  local timeout=$1 c pid forced=0 running=()
  shift
  for c in "$@"; do
    if pid="$(live_pid "$c")"; then
      kill -TERM "$pid" 2>/dev/null || true
      running+=("$c")
      say "$c: SIGTERM to pid $pid"
    fi
  done
  if ((${#running[@]})) && ! wait_gone "$timeout" "${running[@]}"; then
    for c in "${running[@]}"; do
      if pid="$(live_pid "$c")"; then
        err "$c (pid $pid) did not exit within ${timeout}s: SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
        forced=1
      fi
    done
    wait_gone 5 "${running[@]}" || true
  fi
  for c in "$@"; do rm -f "$DIR/$c.pid"; done
  return "$forced"
}

cmd_stop() {
  if [[ ! -d $DIR ]]; then
    say "nothing to stop ($DIR does not exist)"
    return 0
  fi
  local rc=0
  # The svc processes first (they drain: finish or nak in-flight work over the bus), then NATS.
  stop_group "$STOP_TIMEOUT" "${GATEWAYS[@]}" "${WORKERS[@]}" || rc=1
  stop_group 15 "${NATS_NODES[@]}" || true
  if ((rc)); then
    err "stopped, but an svc process had to be killed: it did not drain within ${STOP_TIMEOUT}s"
    return 1
  fi
  say "stopped"
}

cmd_status() {
  local c pid up=0 total=0 i addr
  local -A where=()
  if [[ -f $DIR/cluster.env ]]; then
    local NATS_URL="" SVC_CLUSTER_HTTP_PORTS="" SVC_CLUSTER_GATEWAY_PORTS="" DATABASE_SCHEMA="" SVC_BUS_PREFIX=""
    # shellcheck disable=SC1091
    source "$DIR/cluster.env"
    IFS=, read -r -a HTTP_PORTS <<<"$SVC_CLUSTER_HTTP_PORTS"
    IFS=, read -r -a GATEWAY_PORTS <<<"$SVC_CLUSTER_GATEWAY_PORTS"
    IFS=, read -r -a urls <<<"$NATS_URL"
    for i in 0 1 2; do where[${NATS_NODES[i]}]="${urls[i]:-}  monitor http://127.0.0.1:${HTTP_PORTS[i]:-?}"; done
    for i in 0 1; do where[${GATEWAYS[i]}]="http://127.0.0.1:${GATEWAY_PORTS[i]:-?}"; done
    printf 'dir        %s\nNATS_URL   %s\nschema     %s   bus prefix %s\n' "$DIR" "$NATS_URL" "$DATABASE_SCHEMA" "$SVC_BUS_PREFIX"
  else
    printf 'dir        %s\n' "$DIR"
  fi
  for c in "${NATS_NODES[@]}" "${GATEWAYS[@]}" "${WORKERS[@]}"; do
    total=$((total + 1))
    addr="${where[$c]:-}"
    if pid="$(live_pid "$c")"; then
      up=$((up + 1))
      if [[ $c == gateway-* ]] && [[ -n $addr ]]; then
        http_ok "$addr/health" && addr+="  (health 200)" || addr+="  (health not 200)"
      fi
      printf '%-10s running  pid %-8s %s\n' "$c" "$pid" "$addr"
    elif [[ -f $DIR/$c.pid ]]; then
      printf '%-10s DEAD     pid %-8s %s  (log: %s)\n' "$c" "$(<"$DIR/$c.pid")" "$addr" "$DIR/$c.log"
    else
      printf '%-10s stopped\n' "$c"
    fi
  done
  # LSB-style: 0 all running, 3 nothing running, 1 some running or dead.
  ((up == total)) && return 0
  ((up == 0)) && ! compgen -G "$DIR/*.pid" >/dev/null && return 3
  return 1
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  *)
    err "usage: $0 start|stop|status"
    exit 2
    ;;
esac
