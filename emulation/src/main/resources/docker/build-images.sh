#!/usr/bin/env bash
# Builds the images of the Docker emulation locally, without a registry, each tagged with a hash of
# its inputs; an image whose tag exists is not built again.
#   robber-jre:HASH   Debian bookworm (debootstrap minbase) with a JRE 17, iproute2 and iptables
#   robber-node:HASH  robber-jre with robber.jar at /robber/robber.jar
#   toxiproxy:2.12.0  Toxiproxy's server FROM scratch (go install; also tagged
#                     ghcr.io/shopify/toxiproxy:2.12.0 for Testcontainers' ToxiproxyContainer)
#   robber-hub:HASH   robber-node with Toxiproxy's server at /usr/local/bin/toxiproxy-server, for the
#                     hubs when the WAN's delays come from Toxiproxy (no netem)
# Usage: build-images.sh [--no-toxiproxy] [ROBBER_JAR]; without a jar, no robber-node nor robber-hub.
# Prints NAME=TAG
# lines on stdout.
# Needs root, docker, debootstrap (and Go at /usr/local/go/bin/go or on the PATH for Toxiproxy).
set -euo pipefail
export DOCKER_BUILDKIT=0
toxiproxy=yes
if [ "${1:-}" = --no-toxiproxy ]; then toxiproxy=no; shift; fi
jar=${1:-}
suite=bookworm
mirror=${ROBBER_DEBIAN_MIRROR:-http://deb.debian.org/debian}
packages=openjdk-17-jre-headless,iproute2,iptables,procps,ca-certificates-java
toxiproxy_version=v2.12.0

hash() { sha256sum | cut -c1-12; }
exists() { docker image inspect "$1" >/dev/null 2>&1; }
log() { echo "build-images: $*" >&2; }

jre="robber-jre:$(printf '%s %s %s' "$suite" minbase "$packages" | hash)"
if exists "$jre"; then
    log "$jre cached"
else
    log "building $jre (debootstrap $suite, about a minute)"
    rootfs=$(mktemp -d)
    trap 'rm -rf "$rootfs"' EXIT
    debootstrap --variant=minbase --include="$packages" "$suite" "$rootfs" "$mirror" >&2
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    tar -C "$rootfs" -c . | docker import -c 'ENV JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64' - "$jre" >/dev/null
    rm -rf "$rootfs"
    trap - EXIT
fi
echo "robber-jre=$jre"

if [ -n "$jar" ]; then
    node="robber-node:$( (echo "$jre"; sha256sum <"$jar") | hash)"
    if exists "$node"; then
        log "$node cached"
    else
        log "building $node"
        context=$(mktemp -d)
        cp "$jar" "$context/robber.jar"
        printf 'FROM %s\nCOPY robber.jar /robber/robber.jar\nWORKDIR /robber\n' "$jre" >"$context/Dockerfile"
        docker build -q -t "$node" "$context" >/dev/null
        rm -rf "$context"
    fi
    echo "robber-node=$node"
fi

if [ "$toxiproxy" = yes ]; then
    proxy="toxiproxy:${toxiproxy_version#v}"
    if exists "$proxy"; then
        log "$proxy cached"
    else
        log "building $proxy (go install)"
        go=$(command -v go || echo /usr/local/go/bin/go)
        context=$(mktemp -d)
        GOBIN="$context" CGO_ENABLED=0 "$go" install -ldflags '-s -w' \
            "github.com/Shopify/toxiproxy/v2/cmd/server@$toxiproxy_version" >&2
        printf 'FROM scratch\nCOPY server /toxiproxy\nENTRYPOINT ["/toxiproxy"]\nCMD ["-host=0.0.0.0"]\n' \
            >"$context/Dockerfile"
        docker build -q -t "$proxy" -t "ghcr.io/shopify/$proxy" "$context" >/dev/null
        rm -rf "$context"
    fi
    echo "toxiproxy=$proxy"
fi

if [ "$toxiproxy" = yes ] && [ -n "$jar" ]; then
    hub="robber-hub:$(printf '%s %s' "$node" "$(docker image inspect -f '{{.Id}}' "$proxy")" | hash)"
    if exists "$hub"; then
        log "$hub cached"
    else
        log "building $hub"
        context=$(mktemp -d)
        printf 'FROM %s AS toxiproxy\nFROM %s\nCOPY --from=toxiproxy /toxiproxy /usr/local/bin/toxiproxy-server\n' \
            "$proxy" "$node" >"$context/Dockerfile"
        docker build -q -t "$hub" "$context" >/dev/null
        rm -rf "$context"
    fi
    echo "robber-hub=$hub"
fi
