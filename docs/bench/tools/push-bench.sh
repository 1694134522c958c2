#!/usr/bin/env bash
# Times a plain push on loopback: one `robber send` and N `robber receive` processes, each on its own
# 127.0.0.x address. Builds nothing: give it the jar.
#
#   docs/bench/tools/push-bench.sh [JAR|LAUNCHER] [RECEIVERS] [SIZE_MIB] [RUNS]
#   (defaults: cli/target/robber.jar 8 256 3; a LAUNCHER such as cli/target/robber runs instead of
#    `java -jar JAR`; WORK=/tmp/push-bench, JAVA_OPTS passed to every JVM;
#    PIECE_SIZE=SIZE passed to the sender as --piece-size,
#    JFR=DIR records every process with Flight Recorder into DIR/sender.jfr, DIR/r1.jfr, ...,
#    JFR_SETTINGS=profile|FILE.jfc, default profile; TLS=1 runs every connection with mutual TLS, on
#    certificates that `robber keys init` makes in WORK/keys)
#
# Per run it prints:
#   wall      from the receivers' start to the last receiver's exit (its copy verified and in place)
#   transfer  the sender's own "seconds" (start of the transfer to the last node done)
#   setup     wall - transfer: JVM start-up, rendezvous (registration, manifest, group) and shutdown
#   cpu       user + system CPU seconds of all N+1 processes, from /usr/bin/time (sys: the system part)
# and the median of each column over the runs. The JVM start-up alone (`java -jar JAR --version`,
# CPU seconds) is measured once and printed so that setup can be split.
set -euo pipefail

JAR=${1:-cli/target/robber.jar}
N=${2:-8}
SIZE_MIB=${3:-256}
RUNS=${4:-3}
WORK=${WORK:-/tmp/push-bench}
PORT=${PORT:-17800}
JAVA_OPTS=${JAVA_OPTS:-}
JAR=$(realpath "$JAR")
JFR=${JFR:-}
TLS=${TLS:-}
PIECE_SIZE=${PIECE_SIZE:-}
# tls_opts NODE: the TLS options of one node, or nothing without TLS=1
tls_opts() { [[ -n $TLS ]] && echo "--tls-cert $WORK/keys/$1.pem --tls-key $WORK/keys/$1-key.pem --tls-ca $WORK/keys/ca.pem"; true; }
jfr_opt() { [[ -n $JFR ]] && echo "-XX:StartFlightRecording=filename=$JFR/$1.jfr,settings=${JFR_SETTINGS:-profile}"; true; }
# robber PROCESS-NAME ARGS...: one robber process, by the jar or by the launcher
robber() {
    local jfr; jfr=$(jfr_opt "$1"); shift
    if [[ $JAR == *.jar ]]; then
        java $JAVA_OPTS $jfr -jar "$JAR" "$@"
    else
        JAVA_OPTS="$JAVA_OPTS $jfr" "$JAR" "$@"
    fi
}

mkdir -p "$WORK"
DATA="$WORK/data.bin"
if [[ ! -f $DATA || $(stat -c %s "$DATA") -ne $((SIZE_MIB * 1048576)) ]]; then
    head -c $((SIZE_MIB * 1048576)) /dev/urandom > "$DATA"
fi
SHA=$(sha256sum "$DATA" | cut -d' ' -f1)
if [[ -n $TLS ]]; then
    rm -rf "$WORK/keys"
    robber keys keys init --dir "$WORK/keys" sender $(seq -f 'r%g' 1 "$N") > /dev/null
fi

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

export -f robber jfr_opt
export JAR JAVA_OPTS JFR
/usr/bin/time -f '%e %U %S' -o "$WORK/startup.time" bash -c 'robber startup --version' > /dev/null
read -r su_wall su_user su_sys < "$WORK/startup.time"
echo "JVM start-up (--version): wall ${su_wall} s, cpu $(echo "$su_user + $su_sys" | bc) s per process"

printf '%-6s %8s %9s %7s %8s %7s\n' run wall transfer setup cpu sys
: > "$WORK/results"
for run in $(seq 1 "$RUNS"); do
    rm -rf "$WORK/run" && mkdir -p "$WORK/run"
    /usr/bin/time -f '%U %S' -o "$WORK/run/sender.time" \
        bash -c 'robber "$@"' - sender send --listen "127.0.0.1:$PORT" --expect "$N" --json --quiet $(tls_opts sender) ${PIECE_SIZE:+--piece-size $PIECE_SIZE} "$DATA" \
        > "$WORK/run/sender.json" 2> "$WORK/run/sender.err" &
    sender=$!
    start=$(date +%s.%N)
    pids=()
    for i in $(seq 1 "$N"); do
        /usr/bin/time -f '%U %S' -o "$WORK/run/r$i.time" \
            bash -c 'robber "$@"' - "r$i" receive --coordinator "127.0.0.1:$PORT" --listen "127.0.0.$((i + 1))" \
            --out "$WORK/run/out$i" --json --quiet $(tls_opts "r$i") > "$WORK/run/r$i.json" 2> "$WORK/run/r$i.err" &
        pids+=($!)
    done
    for p in "${pids[@]}"; do
        wait "$p" || { echo "receiver failed: see $WORK/run" >&2; exit 1; }
    done
    end=$(date +%s.%N)
    wait "$sender" || { echo "sender failed: see $WORK/run/sender.err" >&2; exit 1; }
    for i in $(seq 1 "$N"); do
        got=$(sha256sum "$WORK/run/out$i/data.bin" | cut -d' ' -f1)
        [[ $got == "$SHA" ]] || { echo "copy $i differs from the source" >&2; exit 1; }
    done
    wall=$(echo "$end - $start" | bc)
    transfer=$(grep -o '"seconds":[0-9.]*' "$WORK/run/sender.json" | head -1 | cut -d: -f2)
    setup=$(echo "$wall - $transfer" | bc)
    cpu=$(cat "$WORK"/run/*.time | awk '{ s += $1 + $2 } END { print s }')
    sys=$(cat "$WORK"/run/*.time | awk '{ s += $2 } END { print s }')
    printf '%-6s %8.2f %9.2f %7.2f %8.2f %7.2f\n' "$run" "$wall" "$transfer" "$setup" "$cpu" "$sys"
    echo "$wall $transfer $setup $cpu $sys" >> "$WORK/results"
done
printf '%-6s %8.2f %9.2f %7.2f %8.2f %7.2f\n' median \
    "$(cut -d' ' -f1 "$WORK/results" | median)" "$(cut -d' ' -f2 "$WORK/results" | median)" \
    "$(cut -d' ' -f3 "$WORK/results" | median)" "$(cut -d' ' -f4 "$WORK/results" | median)" \
    "$(cut -d' ' -f5 "$WORK/results" | median)"
rm -rf "$WORK/run"
