#!/usr/bin/env bash
#! Builds the release archives in dist/ (VERSION from Cargo.toml):
#!   pbrain-tengen-VERSION-windows-x86_64.zip   a Gomocup-ready entry: pbrain-tengen64.exe at
#!                                              the top level, README.md, LICENSE
#!   pbrain-tengen-VERSION-linux-x86_64.tar.gz  pbrain-tengen-VERSION-linux-x86_64/ holding
#!                                              pbrain-tengen, README.md, LICENSE
#! The Windows exe comes from scripts/build-windows.sh (which installs what it needs), the Linux
#! binary from `cargo build --release`. tests/release_archives.rs checks the archives.
#!
#! Usage: scripts/package.sh
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[[ -n $version ]] || { echo "package: no version in Cargo.toml" >&2; exit 1; }
readonly zip_name="pbrain-tengen-$version-windows-x86_64.zip"
readonly linux_name="pbrain-tengen-$version-linux-x86_64"
# Gomocup's limit on an entry's zip.
readonly MAX_ZIP_BYTES=$((8 * 1000 * 1000))

if ! command -v zip >/dev/null; then
    sudo=()
    ((EUID == 0)) || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends zip >&2
fi

windows_exe=$(scripts/build-windows.sh | tail -n 1)
cargo build --release --locked --bin pbrain-tengen
linux_binary=target/release/pbrain-tengen

# The archives' files carry the last commit's time, so the same commit gives the same files.
epoch=$(git log -1 --format=%ct 2>/dev/null || date +%s)
stage=dist/stage
rm -rf "$stage" "dist/$zip_name" "dist/$linux_name.tar.gz"
mkdir -p "$stage/windows" "$stage/$linux_name"

# A 64-bit Gomocup exe must have "64" in its name.
cp "$windows_exe" "$stage/windows/pbrain-tengen64.exe"
cp README.md LICENSE "$stage/windows/"
touch -d "@$epoch" "$stage/windows/"*
(cd "$stage/windows" && zip -q -X -9 "../../$zip_name" pbrain-tengen64.exe README.md LICENSE)

cp "$linux_binary" README.md LICENSE "$stage/$linux_name/"
touch -d "@$epoch" "$stage/$linux_name" "$stage/$linux_name/"*
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -cf - "$linux_name" |
    gzip -9 -n >"dist/$linux_name.tar.gz"
rm -rf "$stage"

zip_bytes=$(stat -c %s "dist/$zip_name")
if ((zip_bytes > MAX_ZIP_BYTES)); then
    echo "package: dist/$zip_name is $zip_bytes bytes, over Gomocup's 8 MB" >&2
    exit 1
fi
ls -l "dist/$zip_name" "dist/$linux_name.tar.gz" >&2
