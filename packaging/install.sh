#!/bin/sh
# Install a manatable bundle for the current user and put it in the desktop menu:
#   the bundle      -> ~/.local/lib/manatable/
#   a launcher      -> ~/.local/bin/manatable
#   manatable.desktop, icons (hicolor, SVG + PNG), AppStream metainfo
#                   -> ~/.local/share/{applications,icons/hicolor/...,metainfo}
# Usage: sh install.sh [BUNDLE_DIR]     (run from packaging/ of a checkout after build.sh,
#        sh install.sh --uninstall       or from the top of an unpacked manatable archive)
set -e
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
case "$data" in /*) ;; *) data=$HOME/.local/share ;; esac
libdir=$HOME/.local/lib/manatable
bindir=$HOME/.local/bin
sizes="16 24 32 48 64 128 256"

if [ "$1" = "--uninstall" ]; then
    rm -rf "$libdir"
    rm -f "$bindir/manatable" "$data/applications/manatable.desktop" \
          "$data/metainfo/io.github.manatable.metainfo.xml" \
          "$data/icons/hicolor/scalable/apps/manatable.svg"
    for n in $sizes; do rm -f "$data/icons/hicolor/${n}x${n}/apps/manatable.png"; done
    echo "manatable uninstalled (your card database and decks in $data/manatable are kept)"
    exit 0
fi

# where the desktop files are: next to this script (checkout) or in share/ (archive)
if [ -f "$here/manatable.desktop" ]; then src=$here; else src=$here/share; fi
# where the bundle is: the argument, this folder (archive), or ../dist/manatable (checkout)
if [ -n "$1" ]; then bundle=$1
elif [ -x "$here/manatable" ] && [ -d "$here/_internal" ]; then bundle=$here
else bundle=$here/../dist/manatable
fi
if [ ! -x "$bundle/manatable" ]; then
    echo "install.sh: no bundle at $bundle (run packaging/build.sh first)" >&2
    exit 1
fi
bundle=$(cd "$bundle" && pwd)

mkdir -p "$libdir" "$bindir" "$data/applications" "$data/metainfo" "$data/icons/hicolor/scalable/apps"
if [ "$bundle" != "$libdir" ]; then
    rm -rf "$libdir"
    cp -a "$bundle" "$libdir"
fi
cat > "$bindir/manatable" <<LAUNCHER
#!/bin/sh
exec "$libdir/manatable" "\$@"
LAUNCHER
chmod 755 "$bindir/manatable"

# the menu entry runs the launcher by its full path: ~/.local/bin may not be on PATH
sed -e "s|^Exec=manatable|Exec=$bindir/manatable|" -e "s|^TryExec=manatable|TryExec=$bindir/manatable|" \
    "$src/manatable.desktop" > "$data/applications/manatable.desktop"
cp "$src/io.github.manatable.metainfo.xml" "$data/metainfo/"
cp "$src/icons/manatable.svg" "$data/icons/hicolor/scalable/apps/manatable.svg"
for n in $sizes; do
    mkdir -p "$data/icons/hicolor/${n}x${n}/apps"
    cp "$src/icons/manatable-$n.png" "$data/icons/hicolor/${n}x${n}/apps/manatable.png"
done
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true

echo "manatable installed: $libdir, launcher $bindir/manatable, menu entry $data/applications/manatable.desktop"
