# Shared by the scripts: find the toolchain, install what is missing. Source it; do not run it.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export ROOT

# The toolchain lives in /opt/swift on our machines; use it when swift is not on PATH.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# ensure_apt_packages PKG...: installs the Debian packages that are not installed yet.
ensure_apt_packages() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "need root (or sudo) to install: ${missing[*]}"
    sudo=(sudo)
  fi
  if ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/tmp/apt-install.log 2>&1; then
    "${sudo[@]}" apt-get update -q >/tmp/apt-update.log 2>&1 || true
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/tmp/apt-install.log 2>&1 \
      || { tail -n 20 /tmp/apt-install.log >&2; die "could not install ${missing[*]}"; }
  fi
}

ensure_build_dependencies() {
  command -v swift >/dev/null 2>&1 || die "the Swift toolchain is missing (expected swift on PATH or in /opt/swift)"
  # sqlite3 (the command line) is what the docs show and the tests use to read a --state database.
  ensure_apt_packages libmicrohttpd-dev libsqlite3-dev libpng-dev sqlite3 pkg-config curl
}

# build_release_server: builds preview-server in release mode (.build/release/preview-server) and prints the
# build's output without its progress lines. Dies when the build fails, so that no stale binary runs instead.
build_release_server() {
  local log status=0
  log=$(mktemp)
  (cd "$ROOT" && swift build -c release --product preview-server) >"$log" 2>&1 || status=$?
  grep -vE '^\[[0-9]+/[0-9]+\]' "$log" >&2 || true
  rm -f "$log"
  [ "$status" -eq 0 ] || die "the release build failed"
}
