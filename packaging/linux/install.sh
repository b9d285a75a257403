#!/usr/bin/env bash
# Install the built app folder for the current user: the app under ~/.local/opt/ragedeck, the `ragedeck` command in
# ~/.local/bin, the icons and the desktop entry. Usage: packaging/linux/install.sh [APP_DIR]   (default: dist/ragedeck)
# Remove with: rm -rf ~/.local/opt/ragedeck ~/.local/bin/ragedeck ~/.local/share/applications/ragedeck.desktop \
#              ~/.local/share/icons/hicolor/*/apps/ragedeck.png
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
APP_DIR="${1:-$ROOT/dist/ragedeck}"
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}"
OPT="$HOME/.local/opt/ragedeck"
BIN="$HOME/.local/bin"

[[ -x "$APP_DIR/ragedeck" ]] || { echo "no built app at $APP_DIR (run python packaging/build.py first)" >&2; exit 1; }

mkdir -p "$(dirname "$OPT")" "$BIN" "$PREFIX/applications"
# Copy next to the old install and swap, so a failed copy never leaves half an app behind.
rm -rf "$OPT.new"
cp -a "$APP_DIR" "$OPT.new"
rm -rf "$OPT"
mv "$OPT.new" "$OPT"
ln -sfn "$OPT/ragedeck" "$BIN/ragedeck"

for size in 16 32 48 64 128 256; do
    icon="$ROOT/images/ragedeck-$size.png"
    [[ -f "$icon" ]] || icon="$OPT/_internal/images/ragedeck-$size.png"
    install -D -m 644 "$icon" "$PREFIX/icons/hicolor/${size}x${size}/apps/ragedeck.png"
done
sed "s|^Exec=.*|Exec=$OPT/ragedeck|; s|^TryExec=.*|TryExec=$OPT/ragedeck|" \
    "$ROOT/packaging/linux/ragedeck.desktop" > "$PREFIX/applications/ragedeck.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$PREFIX/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q "$PREFIX/icons/hicolor" 2>/dev/null || true
echo "installed $OPT; run 'ragedeck' (make sure $BIN is on your PATH) or use the desktop menu"
