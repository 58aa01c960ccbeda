#!/usr/bin/env bash
# Builds the dpbandit image from the repository's Dockerfile without a Docker engine and without an
# image registry: Debian's buildah runs both stages of the Dockerfile on two Debian bookworm bases
# that Debian's mmdebstrap makes from Debian packages (a JDK 17 with Maven for the build stage, a
# JRE 17 for the runtime stage). The build stage downloads the project's dependencies from Maven
# Central, as it would under Docker. See docs/deployment.md ("Building the image without Docker").
#
#   image/build.sh [--tag NAME] [--oci-archive FILE] [--rebuild-bases]
#
#   --tag NAME          the image's name in the local containers storage (default localhost/dpbandit:latest),
#                       where podman sees it too
#   --oci-archive FILE  also write the image as an OCI archive (for skopeo copy, crane push, ctr import)
#   --rebuild-bases     make the two Debian bases again (they are kept and reused otherwise)
#
# Needs root and the Debian packages buildah, runc and mmdebstrap (installed here when missing). Run the
# image with podman (Debian's podman and runc), see image/run.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

tag=localhost/dpbandit:latest
archive=""
rebuild=false
while [ $# -gt 0 ]; do
  case "$1" in
    --tag) tag="$2"; shift 2 ;;
    --oci-archive) archive="$2"; shift 2 ;;
    --rebuild-bases) rebuild=true; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done

suite=bookworm
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
security_mirror="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
build_base=localhost/dpbandit-base/maven:jdk17-$suite
runtime_base=localhost/dpbandit-base/jre:17-$suite

if ! command -v buildah >/dev/null 2>&1 || ! command -v mmdebstrap >/dev/null 2>&1 \
    || ! command -v runc >/dev/null 2>&1; then
  echo "Installing buildah, runc and mmdebstrap from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq buildah runc mmdebstrap >/dev/null
fi

# A Debian root filesystem made by mmdebstrap, committed as an image (no registry involved).
# Documentation, manual pages and translations are left out (copyright files kept); the JDK's
# update-alternatives still needs /usr/share/man/man1 to exist.
make_base() {
  local name="$1" packages="$2"
  if ! $rebuild && buildah inspect --type image "$name" >/dev/null 2>&1; then
    echo "Base $name: present"
    return
  fi
  echo "Base $name: mmdebstrap $suite with $packages"
  local mnt
  ctr=$(buildah from scratch)
  trap 'buildah rm "$ctr" >/dev/null 2>&1 || true' EXIT
  mnt=$(buildah mount "$ctr")
  mmdebstrap --quiet --variant=minbase --include="$packages" \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --setup-hook='mkdir -p "$1/usr/share/man/man1"' \
    --format=tar "$suite" - \
    "deb $mirror $suite main" "deb $mirror $suite-updates main" "deb $security_mirror $suite-security main" \
    | tar -x -C "$mnt"
  buildah umount "$ctr" >/dev/null
  buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --env LANG=C.UTF-8 \
    --cmd /bin/bash "$ctr"
  buildah commit --quiet --rm "$ctr" "$name" >/dev/null
  trap - EXIT
}

make_base "$build_base" openjdk-17-jdk-headless,maven
make_base "$runtime_base" openjdk-17-jre-headless

# The build stage downloads from Maven Central over TLS. Behind a TLS-intercepting proxy the host
# trusts an extra CA, which Debian keeps in /usr/local/share/ca-certificates: the build stage's JDK
# is given the same ones, in a layer over the build base that is made again when they change (so the
# build stage's layers stay cached otherwise). The runtime image never carries them.
build_from="$build_base"
shopt -s nullglob
local_cas=(/usr/local/share/ca-certificates/*.crt)
if [ ${#local_cas[@]} -gt 0 ]; then
  build_from="$build_base-local-ca"
  ca_sum=$( { buildah inspect --type image --format '{{.FromImageID}}' "$build_base"; cat "${local_cas[@]}"; } \
    | sha256sum | cut -d' ' -f1)
  if [ "$(buildah inspect --type image --format '{{index .OCIv1.Config.Labels "dpbandit.local-ca"}}' \
          "$build_from" 2>/dev/null || true)" != "$ca_sum" ]; then
    echo "Build stage: $build_base trusting this machine's ${#local_cas[@]} local CA certificate(s)"
    ctr=$(buildah from --pull=never "$build_base")
    trap 'buildah rm "$ctr" >/dev/null 2>&1 || true' EXIT
    buildah copy --quiet "$ctr" "${local_cas[@]}" /usr/local/share/ca-certificates/ >/dev/null
    buildah run --runtime runc --network none "$ctr" update-ca-certificates >/dev/null 2>&1
    buildah config --label "dpbandit.local-ca=$ca_sum" "$ctr"
    buildah commit --quiet --rm "$ctr" "$build_from" >/dev/null
    trap - EXIT
  fi
fi

# Both stages of the Dockerfile, on the local bases. Runtime runc: crun refuses this machine's hybrid
# cgroups. The build stage's RUN needs the network for Maven Central; its ~/.m2 is buildah's cache mount.
echo "Building $tag from the Dockerfile"
buildah build --layers --pull=never --runtime runc --network host \
  --build-arg BUILD_IMAGE="$build_from" --build-arg RUNTIME_IMAGE="$runtime_base" \
  --tag "$tag" .

if [ -n "$archive" ]; then
  rm -f "$archive"
  buildah push --quiet "$tag" "oci-archive:$archive:$tag"
  echo "OCI archive: $archive ($(du -h "$archive" | cut -f1))"
fi
echo "Image $tag: $(buildah images --format '{{.Size}}' "$tag")"
