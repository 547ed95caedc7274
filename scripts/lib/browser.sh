# Browser-test helpers: Chromium and its driver, the Python virtualenv. Source after common.sh; do not run.

BROWSER_VENV="$ROOT/.build/browser-venv"
BROWSER_TESTS="$ROOT/Tests/Browser"

is_ci() {
  case "${CI:-}" in
    true | TRUE | True | 1 | yes) return 0 ;;
    *) return 1 ;;
  esac
}

# browser_unavailable REASON: under CI a failure; elsewhere a loud skip (exit 0).
browser_unavailable() {
  if is_ci; then
    printf '\nerror: browser tests cannot run under CI: %s\n' "$1" >&2
    exit 1
  fi
  cat >&2 <<EOF

################################################################################
#  BROWSER TESTS SKIPPED: $1
#  (They are required under CI=true. Install chromium and chromium-driver, or
#  run as root / with sudo so that scripts/browser-test can install them.)
################################################################################

EOF
  exit 0
}

# ensure_browser JOB_DIR SOCKET_DIR: Debian's chromium and chromium-driver, installed when missing; then a
# smoke start, its profile in JOB_DIR and its temp files (the singleton socket) in the short SOCKET_DIR.
ensure_browser() {
  CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
  CHROMEDRIVER=${CHROMEDRIVER:-/usr/bin/chromedriver}
  if [ ! -x "$CHROMIUM" ] || [ ! -x "$CHROMEDRIVER" ]; then
    # ensure_apt_packages exits on failure: run it in a subshell so that the failure can be reported here.
    (ensure_apt_packages chromium chromium-driver) || browser_unavailable "could not install chromium and chromium-driver"
  fi
  [ -x "$CHROMIUM" ] || browser_unavailable "$CHROMIUM is missing"
  [ -x "$CHROMEDRIVER" ] || browser_unavailable "$CHROMEDRIVER is missing"
  local smoke="$1/smoke" smoke_temp="$2/smoke"
  mkdir -p "$smoke" "$smoke_temp"
  if ! TMPDIR="$smoke_temp" HOME="$smoke" timeout 60 "$CHROMIUM" --headless=new --no-sandbox --disable-dev-shm-usage \
    --disable-gpu --user-data-dir="$smoke/profile" --dump-dom about:blank >"$smoke/out.log" 2>&1; then
    tail -n 20 "$smoke/out.log" >&2
    browser_unavailable "$CHROMIUM does not start headless"
  fi
  timeout 30 "$CHROMEDRIVER" --version >/dev/null 2>&1 || browser_unavailable "$CHROMEDRIVER does not run"
  export CHROMIUM CHROMEDRIVER
}

# ensure_browser_venv: .build/browser-venv with the pinned requirements (reinstalled when they change).
ensure_browser_venv() {
  local python="$BROWSER_VENV/bin/python"
  if [ ! -x "$python" ]; then
    command -v python3 >/dev/null 2>&1 || (ensure_apt_packages python3) || browser_unavailable "python3 is missing"
    if ! python3 -m venv "$BROWSER_VENV" >/dev/null 2>&1; then
      rm -rf "$BROWSER_VENV"
      (ensure_apt_packages python3-venv) || browser_unavailable "could not install python3-venv"
      python3 -m venv "$BROWSER_VENV" || browser_unavailable "could not create $BROWSER_VENV"
    fi
  fi
  local stamp="$BROWSER_VENV/.requirements"
  local wanted
  wanted=$(cat "$BROWSER_TESTS/requirements.txt" "$BROWSER_TESTS/requirements-axe.txt" "$BROWSER_TESTS/requirements-htmx.txt"; "$python" --version 2>&1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
    say "installing the browser test requirements into ${BROWSER_VENV#"$ROOT"/}"
    rm -f "$stamp"
    "$python" -m pip install -q -r "$BROWSER_TESTS/requirements.txt" >&2 \
      || browser_unavailable "pip could not install $BROWSER_TESTS/requirements.txt"
    "$python" -m pip install -q --no-deps -r "$BROWSER_TESTS/requirements-axe.txt" >&2 \
      || browser_unavailable "pip could not install $BROWSER_TESTS/requirements-axe.txt"
    "$python" -m pip install -q --no-deps -r "$BROWSER_TESTS/requirements-htmx.txt" >&2 \
      || browser_unavailable "pip could not install $BROWSER_TESTS/requirements-htmx.txt"
    printf '%s' "$wanted" >"$stamp"
  fi
}
