#!/usr/bin/env bash
# Installs what the netns backend's WAN proxies need, once: the Toxiproxy server (a static Go binary,
# built from source with the Go toolchain, since no image registry or release download is assumed),
# and iptables and socat from the distribution when missing. Idempotent: a second run only checks.
# Prints the server's path on its last line; the Java side finds it there (see
# io.robber.emulation.toxi.ToxiproxyServer), or through -Drobber.toxiproxy / ROBBER_TOXIPROXY.
set -euo pipefail
VERSION=2.12.0
TARGET="${ROBBER_TOXIPROXY:-$HOME/go/bin/toxiproxy-server}"

missing=()
command -v iptables >/dev/null 2>&1 || missing+=(iptables)
command -v socat >/dev/null 2>&1 || missing+=(socat)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing ${missing[*]}" >&2
    apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 \
      || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q "${missing[@]}" >/dev/null; }
  else
    echo "missing ${missing[*]} (not root or no apt-get): the netns fault tests will be skipped" >&2
  fi
fi

if [ -x "$TARGET" ] && "$TARGET" -version 2>&1 | grep -q "$VERSION"; then
  echo "$TARGET"
  exit 0
fi
GO="$(command -v go || echo /usr/local/go/bin/go)"
if [ ! -x "$GO" ]; then
  echo "no Go toolchain (looked on PATH and at /usr/local/go/bin/go): Toxiproxy not installed" >&2
  exit 1
fi
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
echo "building toxiproxy-server $VERSION with $("$GO" version)" >&2
GOBIN="$build" CGO_ENABLED=0 "$GO" install -ldflags "-s -w -X github.com/Shopify/toxiproxy/v2.Version=$VERSION" "github.com/Shopify/toxiproxy/v2/cmd/server@v$VERSION"
mkdir -p "$(dirname "$TARGET")"
mv "$build/server" "$TARGET"
echo "$TARGET"
