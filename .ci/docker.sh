# Docker for the container tests (DockerFaultIT), sourced by .ci/run. As root: installs docker.io,
# docker-compose and debootstrap when missing, starts dockerd on 198.18.0.0/15 unless one answers,
# builds the JRE image (cached by the hash of its inputs; the tests add the node image) and sets
# Testcontainers up to work without a registry. On exit it removes the containers and networks the
# tests left (by label) and stops the dockerd it started, by pid. Without root or Docker the tests
# skip themselves, saying so.
ci_dockerd_pid=
ci_docker_cleanup() {
    docker ps -aq --filter label=io.robber.emulation 2>/dev/null | xargs -r docker rm -f >/dev/null || true
    docker ps -aq --filter label=org.testcontainers=true 2>/dev/null | xargs -r docker rm -f >/dev/null || true
    docker network ls -q --filter label=io.robber.emulation 2>/dev/null | xargs -r docker network rm >/dev/null || true
    if [ -n "$ci_dockerd_pid" ]; then
        kill "$ci_dockerd_pid" && wait "$ci_dockerd_pid" || true
    fi
}
if [ "$(id -u)" -ne 0 ]; then
    echo "ci: not root: the Docker container tests will be skipped"
else
    if ! command -v dockerd >/dev/null || ! command -v docker-compose >/dev/null || ! command -v debootstrap >/dev/null; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io docker-compose debootstrap \
            >/dev/null || echo "ci: could not install Docker: the Docker container tests will be skipped"
    fi
    if command -v dockerd >/dev/null && ! docker info >/dev/null 2>&1; then
        dockerd --bip 198.19.0.1/24 --default-address-pool base=198.18.0.0/16,size=24 >/tmp/ci-dockerd.log 2>&1 &
        ci_dockerd_pid=$!
        for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
    fi
    trap ci_docker_cleanup EXIT
    if docker info >/dev/null 2>&1; then
        time bash emulation/src/main/resources/docker/build-images.sh --no-toxiproxy
    fi
fi
export TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_HOST_OVERRIDE=localhost TESTCONTAINERS_CHECKS_DISABLE=true
