#!/bin/sh
# Build the Linux one-folder bundle dist/manatable/ (program: dist/manatable/manatable)
# and dist/manatable-<version>-linux-x86_64.tar.gz, from a clean checkout.
# Usage: sh packaging/build.sh            (uses ./.venv, creating it when missing)
#        PYTHON=/path/to/python sh packaging/build.sh   (use that interpreter's environment)
set -e
cd "$(dirname "$0")/.."

if [ -n "$PYTHON" ]; then
    py="$PYTHON"
else
    [ -x .venv/bin/python ] || python3 -m venv .venv
    py=.venv/bin/python
fi

"$py" -m pip install -q -e ".[package]"
"$py" -m app.forms
version=$("$py" -c "import engine; print(engine.__version__)")

rm -rf build/manatable dist/manatable
"$py" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build packaging/manatable.spec

# no test files in the bundle
if find dist/manatable -path '*/tests/*' -name 'test_*.py' | grep -q .; then
    echo "build.sh: test files found in dist/manatable" >&2
    exit 1
fi

# desktop integration: `sh manatable/install.sh` from the unpacked archive
mkdir -p dist/manatable/share/icons
cp packaging/install.sh dist/manatable/install.sh
cp packaging/manatable.desktop packaging/io.github.manatable.metainfo.xml dist/manatable/share/
cp packaging/icons/manatable.svg packaging/icons/manatable-*.png dist/manatable/share/icons/

arch=$(uname -m)
tarball="dist/manatable-$version-linux-$arch.tar.gz"
tar -C dist -czf "$tarball" manatable

dist/manatable/manatable --version
echo "folder:  dist/manatable  $(du -sh dist/manatable | cut -f1)"
echo "archive: $tarball  $(du -sh "$tarball" | cut -f1)"
