#!/usr/bin/env bash
# Runs the image that image/build.sh built, with Debian's podman and runc (no Docker engine), on the
# host's network, so a PostgreSQL listening on this machine's loopback is reachable as localhost.
#
#   image/run.sh [podman run options...]
#
# The options go to `podman run` before the image, e.g.
#   image/run.sh --rm -d --name dpbandit \
#     -e SPRING_DATASOURCE_URL=jdbc:postgresql://localhost:5432/dpbandit \
#     -e SPRING_DATASOURCE_USERNAME=dpbandit -e SPRING_DATASOURCE_PASSWORD=... \
#     -e DPBANDIT_RELEASE_KEYSECRET=... -e MANAGEMENT_SERVER_PORT=9090
# DPBANDIT_IMAGE names another image of the local storage (default localhost/dpbandit:latest; it is
# never pulled). Needs root.
set -euo pipefail

image="${DPBANDIT_IMAGE:-localhost/dpbandit:latest}"
if ! command -v podman >/dev/null 2>&1 || ! command -v runc >/dev/null 2>&1; then
  echo "Installing podman and runc from Debian's packages" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc >/dev/null
fi
# runc, not podman's default crun, which refuses hybrid cgroup hierarchies (this machine's). Limits
# no higher than the caller's: without CAP_SYS_RESOURCE (not granted here) a container may not raise
# them, and podman's defaults (1048576 open files) would; processes at most 32768 (buildah's default).
nofile=$(ulimit -Hn)
nproc=$(ulimit -Hu)
if [ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ]; then nproc=32768; fi
exec podman --runtime runc run --pull=never --network host \
  --ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc" \
  "$@" "$image"
