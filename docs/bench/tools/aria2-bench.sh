#!/usr/bin/env bash
# Times the push of push-bench.sh with aria2c, a C++ BitTorrent client, on the same machine: one seeder
# and N leechers, each on its own 127.0.0.x address, found through a minimal tracker (tracker.py beside
# this script). It gives the reference the Robber push is compared with on the same day, since this
# virtual machine's speed moves from session to session (docs/perf.md, "The reference client on the same day, and this machine's memory").
#
#   docs/bench/tools/aria2-bench.sh [RECEIVERS] [SIZE_MIB] [RUNS]
#   (defaults: 8 256 3; WORK=/tmp/aria2-bench; PIECE_KIB=256, the torrent's piece size;
#    SEED_TIME=0: leechers leave once their copy is complete, as `robber receive` does once the group is;
#    needs aria2c and mktorrent: apt-get install aria2 mktorrent)
#
# Per run it prints:
#   wall   from the leechers' start to the last leecher's exit (every piece checked against the torrent's
#          SHA-1)
#   cpu    user + system CPU seconds of the seeder and all N leechers, from /usr/bin/time (sys: the system
#          part)
# and the median of each column. The data is the push bench's: the same size of random bytes.
set -euo pipefail

N=${1:-8}
SIZE_MIB=${2:-256}
RUNS=${3:-3}
WORK=${WORK:-/tmp/aria2-bench}
PORT=${PORT:-17900}
PIECE_KIB=${PIECE_KIB:-256}
SEED_TIME=${SEED_TIME:-0}
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
for tool in aria2c mktorrent; do
    command -v "$tool" > /dev/null || { echo "$tool is missing: apt-get install aria2 mktorrent" >&2; exit 1; }
done

mkdir -p "$WORK/seed"
DATA="$WORK/seed/data.bin"
if [[ ! -f $DATA || $(stat -c %s "$DATA") -ne $((SIZE_MIB * 1048576)) ]]; then
    head -c $((SIZE_MIB * 1048576)) /dev/urandom > "$DATA"
fi
SHA=$(sha256sum "$DATA" | cut -d' ' -f1)
log2() { local v=$1 l=0; while (( v > 1 )); do v=$((v / 2)); l=$((l + 1)); done; echo "$l"; }
rm -f "$WORK/data.torrent"
mktorrent -p -l $(( $(log2 "$PIECE_KIB") + 10 )) -a "http://127.0.0.1:$PORT/announce" -o "$WORK/data.torrent" "$DATA" > /dev/null

python3 "$here/tracker.py" "$PORT" &
tracker=$!
seeder=
cleanup() {
    [[ -n $seeder ]] && pkill -P "$seeder" 2> /dev/null || true
    kill "$tracker" 2> /dev/null || true
}
trap cleanup EXIT

# The options of every aria2c: peers only from the tracker (no DHT, no local discovery), no rate limits,
# no preallocation, quiet; each adds --interface, its own loopback address
common=(--enable-dht=false --enable-dht6=false --bt-enable-lpd=false --bt-max-peers=0 --file-allocation=none
        --console-log-level=error --summary-interval=0 --show-console-readout=false --bt-tracker-interval=1
        --bt-request-peer-speed-limit=0 --max-upload-limit=0 --allow-overwrite=true --listen-port=6881)

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-6s %8s %8s %7s\n' run wall cpu sys
: > "$WORK/results"
for run in $(seq 1 "$RUNS"); do
    rm -rf "$WORK/run" && mkdir -p "$WORK/run"
    /usr/bin/time -f '%U %S' -o "$WORK/run/seeder.time" \
        aria2c "${common[@]}" --interface=127.0.0.1 --seed-ratio=0.0 --bt-seed-unverified=true -d "$WORK/seed" \
        "$WORK/data.torrent" > "$WORK/run/seeder.log" 2>&1 &
    seeder=$!
    sleep 1 # the seeder announces first, so that the leechers' first announce finds it
    start=$(date +%s.%N)
    pids=()
    for i in $(seq 1 "$N"); do
        /usr/bin/time -f '%U %S' -o "$WORK/run/l$i.time" \
            aria2c "${common[@]}" --interface="127.0.0.$((i + 1))" --seed-time="$SEED_TIME" -d "$WORK/run/out$i" \
            "$WORK/data.torrent" > "$WORK/run/l$i.log" 2>&1 &
        pids+=($!)
    done
    for p in "${pids[@]}"; do
        wait "$p" || { echo "leecher failed: see $WORK/run" >&2; exit 1; }
    done
    end=$(date +%s.%N)
    pkill -INT -P "$seeder" || true; wait "$seeder" || true; seeder=
    for i in $(seq 1 "$N"); do
        got=$(sha256sum "$WORK/run/out$i/data.bin" | cut -d' ' -f1)
        [[ $got == "$SHA" ]] || { echo "copy $i differs from the source" >&2; exit 1; }
    done
    wall=$(echo "$end - $start" | bc)
    cpu=$(cat "$WORK"/run/*.time | awk '{ s += $1 + $2 } END { print s }')
    sys=$(cat "$WORK"/run/*.time | awk '{ s += $2 } END { print s }')
    printf '%-6s %8.2f %8.2f %7.2f\n' "$run" "$wall" "$cpu" "$sys"
    echo "$wall $cpu $sys" >> "$WORK/results"
done
printf '%-6s %8.2f %8.2f %7.2f\n' median "$(cut -d' ' -f1 "$WORK/results" | median)" \
    "$(cut -d' ' -f2 "$WORK/results" | median)" "$(cut -d' ' -f3 "$WORK/results" | median)"
rm -rf "$WORK/run"
