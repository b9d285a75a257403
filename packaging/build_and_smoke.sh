#!/usr/bin/env bash
# Build the frozen app and check that it starts: `ragedeck --smoke-test <demo deck> --db <tmp>` must print a JSON
# line and exit 0, headless (offscreen) and, when xvfb-run is present, on a real X server through the xcb plugin.
# Usage: packaging/build_and_smoke.sh [--no-build] [--clean]     Env: PYTHON (default: the active/project venv).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [[ -z "${PYTHON:-}" ]]; then
    if [[ -n "${VIRTUAL_ENV:-}" ]]; then PYTHON="$VIRTUAL_ENV/bin/python"
    elif [[ -x "$ROOT/../venv/bin/python" ]]; then PYTHON="$ROOT/../venv/bin/python"
    else PYTHON="python3"; fi
fi

BUILD=1
BUILD_ARGS=()
for arg in "$@"; do
    case "$arg" in
        --no-build) BUILD=0 ;;
        --clean) BUILD_ARGS+=(--clean) ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

if [[ $BUILD -eq 1 ]]; then
    start=$(date +%s)
    "$PYTHON" packaging/build.py ${BUILD_ARGS[@]+"${BUILD_ARGS[@]}"}
    echo "build_and_smoke: PyInstaller build took $(( $(date +%s) - start )) s"
fi

APP="$ROOT/dist/ragedeck/ragedeck"
[[ -x "$APP" ]] || { echo "build_and_smoke: no app at $APP" >&2; exit 1; }
DEMO_DECK="$ROOT/carddb/data/demo/demo-deck.json"
[[ -f "$DEMO_DECK" ]] || { echo "build_and_smoke: no demo deck at $DEMO_DECK" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
# A clean user: no settings, data folder or database from the machine that runs the check.
export HOME="$TMP/home" XDG_CONFIG_HOME="$TMP/home/.config" XDG_DATA_HOME="$TMP/home/.local/share"
export RAGEDECK_DATA_DIR="$TMP/data"
mkdir -p "$HOME"

smoke() {  # smoke <label> <command prefix...>: run the smoke test, require exit 0 and a JSON line on stdout
    local label="$1"; shift
    local out="$TMP/$label.out" err="$TMP/$label.err" db="$TMP/$label.sqlite"
    local start end
    start=$(date +%s%N)
    if ! "$@" "$APP" --smoke-test "$DEMO_DECK" --db "$db" >"$out" 2>"$err"; then
        echo "build_and_smoke: $label smoke test FAILED" >&2
        cat "$out" "$err" >&2
        return 1
    fi
    end=$(date +%s%N)
    if ! "$PYTHON" -c '
import json, sys
lines = [l for l in open(sys.argv[1], encoding="utf-8").read().splitlines() if l.strip().startswith("{")]
assert lines, "no JSON line on stdout"
line = json.loads(lines[-1])
# The export preview renders a PDF page with PDFium: a bundle that lost it fails here.
assert line.get("proxy_preview", {}).get("pages", 0) >= 1, "no proxy preview"
' "$out"; then
        echo "build_and_smoke: $label smoke test printed no JSON line" >&2
        cat "$out" "$err" >&2
        return 1
    fi
    echo "build_and_smoke: $label OK in $(( (end - start) / 1000000 )) ms: $(grep '^{' "$out" | tail -n 1)"
}

smoke offscreen env QT_QPA_PLATFORM=offscreen
XCB_PLUGIN="$ROOT/dist/ragedeck/_internal/PySide6/Qt/plugins/platforms/libqxcb.so"
MISSING_LIBS="$(LD_LIBRARY_PATH="$ROOT/dist/ragedeck/_internal:$ROOT/dist/ragedeck/_internal/PySide6/Qt/lib" \
    ldd "$XCB_PLUGIN" 2>/dev/null | awk '/not found/ {print $1}' | sort -u | tr '\n' ' ')"
if ! command -v xvfb-run >/dev/null 2>&1; then
    echo "build_and_smoke: xvfb-run not found, xcb check skipped"
elif [[ -n "$MISSING_LIBS" ]]; then
    # The build machine lacked these, so the bundle does too (Debian: libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0).
    echo "build_and_smoke: WARNING xcb check skipped, the xcb plugin needs system libraries: $MISSING_LIBS"
else
    smoke xcb xvfb-run -a env QT_QPA_PLATFORM=xcb
fi
echo "build_and_smoke: PASS"
