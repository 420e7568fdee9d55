#!/usr/bin/env bash
#! Cross-builds the Windows engine, pbrain-tengen.exe (x86-64, statically linked), on Debian/Ubuntu.
#!
#! rustup cannot fetch a Windows standard library here, so the script uses Debian's own Rust
#! (rustc-web, cargo-web), the standard library's source (rust-web-src, built with -Zbuild-std)
#! and the MinGW-w64 linker; it installs these packages (and wine64, which the tests use to run
#! the result) when they are missing. The build goes to its own target folder, target/windows,
#! so the host build in target/ is never touched. Prints the exe's path on its last line.
#!
#! Usage: scripts/build-windows.sh        (as root, or with the packages already installed)
set -euo pipefail
cd "$(dirname "$0")/.."

readonly TRIPLE=x86_64-pc-windows-gnu
readonly TARGET_DIR="$PWD/target/windows"
readonly EXE="$TARGET_DIR/$TRIPLE/release/pbrain-tengen.exe"
readonly OBJDUMP=x86_64-w64-mingw32-objdump

# Debian's packages and a file each one installs, to tell whether it is present.
packages=(rustc-web:/usr/bin/rustc cargo-web:/usr/bin/cargo
    rust-web-src:/usr/lib/rustlib/src/rust/library/Cargo.lock
    gcc-mingw-w64-x86-64:/usr/bin/x86_64-w64-mingw32-gcc
    binutils-mingw-w64-x86-64:/usr/bin/$OBJDUMP
    wine64:/usr/lib/wine/wine64)
missing=()
for entry in "${packages[@]}"; do
    [[ -e ${entry#*:} ]] || missing+=("${entry%%:*}")
done
if ((${#missing[@]})); then
    echo "build-windows: installing ${missing[*]}" >&2
    sudo=()
    ((EUID == 0)) || sudo=(sudo)
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# Debian's rustc and cargo, not rustup's proxies (which would pick rustup's toolchain).
export PATH="/usr/bin:$PATH"
export RUSTC=/usr/bin/rustc
unset RUSTUP_TOOLCHAIN
# -Zbuild-std is unstable; the bootstrap switch lets the stable system compiler use it.
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR="$TARGET_DIR"
export CARGO_TERM_PROGRESS_WHEN=never
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
# The linker wants the start/end objects rustup ships beside a prebuilt standard library
# (rsbegin.o, rsend.o; on x86-64 they are empty markers). Build them from the library's source.
rtstartup="$TARGET_DIR/rtstartup"
mkdir -p "$rtstartup"
for object in rsbegin rsend; do
    /usr/bin/rustc --target "$TRIPLE" --emit=obj -C panic=abort -O -o "$rtstartup/$object.o" \
        "/usr/lib/rustlib/src/rust/library/rtstartup/$object.rs"
done
# crt-static links the C runtime, libgcc and winpthreads into the exe: no DLL is needed beside it.
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUSTFLAGS="-C target-feature=+crt-static -L native=$rtstartup"

start=$SECONDS
# Debian's compiler can be older than what the newest versions in Cargo.lock need. The build uses
# its own copy of Cargo.lock in which only those packages go back to versions this compiler
# supports; the repository's Cargo.lock is left alone.
mkdir -p "$TARGET_DIR"
cp Cargo.lock "$TARGET_DIR/Cargo.lock"
lockfile=(-Zunstable-options --lockfile-path "$TARGET_DIR/Cargo.lock")
if ! CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback /usr/bin/cargo update "${lockfile[@]}" -q >&2; then
    # A newer Debian cargo (1.96) has no --lockfile-path; it is also new enough for every
    # version in the repository's Cargo.lock, which it then uses as it is (--locked: unchanged).
    echo "build-windows: this cargo has no --lockfile-path; using Cargo.lock as it is" >&2
    lockfile=()
fi
/usr/bin/cargo build "${lockfile[@]}" --locked --release -Zbuild-std=std,panic_unwind \
    --target "$TRIPLE" --bin pbrain-tengen >&2
echo "build-windows: built in $((SECONDS - start)) s, $(stat -c %s "$EXE") bytes" >&2

# Only DLLs that ship with every Windows may be imported.
imports=$("$OBJDUMP" -p "$EXE" | sed -n 's/^[[:space:]]*DLL Name: //p' | sort -u)
echo "build-windows: imports" $imports >&2
for dll in $imports; do
    case "${dll,,}" in
        kernel32.dll | ntdll.dll | advapi32.dll | bcrypt.dll | bcryptprimitives.dll | ws2_32.dll | \
            userenv.dll | msvcrt.dll | shell32.dll | user32.dll | api-ms-win-*.dll) ;;
        *)
            echo "build-windows: $EXE imports $dll, which is not a Windows system DLL" >&2
            exit 1
            ;;
    esac
done
echo "$EXE"
