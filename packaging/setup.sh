#!/bin/sh
# Set up manatable in ./.venv: the Debian libraries Qt needs (when missing), a virtual
# environment, the package with its test extra, and the compiled Designer forms.
# Usage: sh packaging/setup.sh [--window]   (--window adds the libraries of a real X window)
set -e
cd "$(dirname "$0")/.."

libs="libgl1 libegl1 libxkbcommon0 libglib2.0-0 libfreetype6 libfontconfig1 libdbus-1-3 fonts-dejavu-core"
if [ "$1" = "--window" ]; then
    libs="$libs libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-randr0 libxcb-render-util0 libxcb-image0 libxcb-xkb1"
fi
if command -v dpkg-query >/dev/null 2>&1; then
    missing=""
    for p in $libs; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
    done
    if [ -n "$missing" ]; then
        echo "manatable setup: installing Debian packages:$missing"
        sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
    fi
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[test]"
.venv/bin/python -m app.forms
