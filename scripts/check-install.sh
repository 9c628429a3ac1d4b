#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Checks that RoPE Explorer installs as a desktop application, without containers:
#   1. cmake --install into a temporary prefix; every expected file is there, named by one app id;
#   2. desktop-file-validate, appstreamcli validate (--no-net) and validate-tree, the session MIME
#      type (update-mime-database), PNG icon sizes;
#   3. the installed manual pages list every command and option the installed programs print,
#      and format without groff warnings;
#   4. the installed programs run from the prefix with a bare environment, away from the build
#      tree: version, a preset compiled in as a resource, a figure, the GUI's screenshot mode;
#   5. the Debian package (cpack -G DEB): control fields, Depends covers every library the
#      binaries load (checked against dpkg's own database), same files as step 1 (pages gzipped,
#      plus changelog.Debian.gz), lintian without errors when it is installed, apt can
#      resolve it here and on a fresh minimal Debian (apt-get --simulate with a minbase dpkg
#      status, packaging/debian/minimal_dpkg_status.py); with --install-deb (default when
#      CI=true and root) it is really installed with apt-get, run from /usr/bin, and purged.
#
# usage: scripts/check-install.sh [--build-dir DIR] [--no-build] [--no-deb] [--install-deb]
#   --build-dir DIR  configured build tree (default: build)
#   --no-build       do not build the programs, icons and pages first (CTest runs it so)
#   --no-deb         skip step 5
#   --install-deb    also install the .deb for real (needs root; changes the system)
# Needs: desktop-file-utils, appstream, groff-base, dpkg-dev, python3 (scripts/setup.sh).
# Exit status: 0 all checks passed, 1 a check failed, 2 bad usage or a missing tool.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$ROOT/build"
DO_BUILD=1
DO_DEB=1
INSTALL_DEB=0
if [ "${CI:-}" = "true" ] && [ "$(id -u)" -eq 0 ]; then
    INSTALL_DEB=1
fi
while [ $# -gt 0 ]; do
    case "$1" in
    --build-dir)
        [ $# -ge 2 ] || { echo "check-install: --build-dir needs a directory" >&2; exit 2; }
        BUILD="$(cd "$2" 2>/dev/null && pwd)" ||
            { echo "check-install: --build-dir '$2' is not a directory" >&2; exit 2; }
        shift 2
        ;;
    --no-build) DO_BUILD=0; shift ;;
    --no-deb) DO_DEB=0; shift ;;
    --install-deb) INSTALL_DEB=1; shift ;;
    *)
        echo "check-install: unknown option '$1' (see the comment at the top of $0)" >&2
        exit 2
        ;;
    esac
done

START=$SECONDS
FAILURES=0
fail() {
    echo "check-install: FAIL: $*" >&2
    FAILURES=$((FAILURES + 1))
}
ok() {
    echo "check-install: ok: $*"
}
need() { # need TOOL DEBIAN-PACKAGE
    if ! command -v "$1" >/dev/null 2>&1; then
        echo "check-install: $1 not found (Debian package $2; scripts/setup.sh installs it)" >&2
        exit 2
    fi
}
need cmake cmake
need desktop-file-validate desktop-file-utils
need appstreamcli appstream
need groff groff-base
need python3 python3
need readelf binutils
need update-mime-database shared-mime-info
if [ "$DO_DEB" -eq 1 ]; then
    need cpack cmake
    need dpkg-deb dpkg
    need dpkg-shlibdeps dpkg-dev
fi
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    echo "check-install: $BUILD is not a configured build tree (scripts/setup.sh build)" >&2
    exit 2
fi

TMP="$(mktemp -d "${TMPDIR:-/tmp}/rope-check-install.XXXXXX")"
DEB_INSTALLED=0
cleanup() {
    if [ "$DEB_INSTALLED" -eq 1 ]; then
        dpkg --purge rope-explorer >/dev/null 2>&1 || echo "check-install: could not purge rope-explorer" >&2
    fi
    rm -rf "$TMP"
}
trap cleanup EXIT

if [ "$DO_BUILD" -eq 1 ]; then
    cmake --build "$BUILD" -j "${ROPE_JOBS:-2}" --target rope-cli rope-explorer rope_packaging_files
fi

# ---- 1. install tree --------------------------------------------------------------------------
PREFIX="$TMP/prefix"
cmake --install "$BUILD" --prefix "$PREFIX" >"$TMP/install.log"
desktops=("$PREFIX"/share/applications/*.desktop)
if [ ${#desktops[@]} -ne 1 ] || [ ! -f "${desktops[0]}" ]; then
    echo "check-install: expected exactly one .desktop file in share/applications" >&2
    exit 1
fi
APP_ID="$(basename "${desktops[0]}" .desktop)"
ICON_SIZES=(16 24 32 48 64 128 256 512)
expected=(
    bin/rope-explorer
    bin/rope-cli
    "share/applications/$APP_ID.desktop"
    "share/metainfo/$APP_ID.metainfo.xml"
    "share/mime/packages/$APP_ID.xml"
    "share/icons/hicolor/scalable/apps/$APP_ID.svg"
    share/man/man1/rope-cli.1
    share/man/man1/rope-explorer.1
    share/doc/rope-explorer/README.md
    share/doc/rope-explorer/copyright
)
for size in "${ICON_SIZES[@]}"; do
    expected+=("share/icons/hicolor/${size}x${size}/apps/$APP_ID.png")
done
missing=0
for f in "${expected[@]}"; do
    if [ ! -s "$PREFIX/$f" ]; then
        fail "not installed: $f"
        missing=1
    fi
done
[ "$missing" -eq 0 ] && ok "cmake --install: ${#expected[@]} expected files, app id $APP_ID"
for exe in rope-explorer rope-cli; do
    [ -x "$PREFIX/bin/$exe" ] || fail "bin/$exe is not executable"
    # An RPATH into the build tree would make the install work only next to it.
    if readelf -d "$PREFIX/bin/$exe" | grep -E '\((RPATH|RUNPATH)\)' >/dev/null; then
        fail "bin/$exe has an RPATH/RUNPATH: $(readelf -d "$PREFIX/bin/$exe" | grep -E 'R(UN)?PATH')"
    fi
done

# ---- 2. desktop entry, metainfo, icons --------------------------------------------------------
out="$(desktop-file-validate "$PREFIX/share/applications/$APP_ID.desktop" 2>&1)" || true
if [ -n "$out" ]; then
    fail "desktop-file-validate (hints count too):"$'\n'"$out"
else
    ok "desktop-file-validate: clean"
fi
grep -qx "Icon=$APP_ID" "$PREFIX/share/applications/$APP_ID.desktop" ||
    fail "the .desktop file's Icon= is not $APP_ID"
grep -q "<id>$APP_ID</id>" "$PREFIX/share/metainfo/$APP_ID.metainfo.xml" ||
    fail "the metainfo <id> is not $APP_ID"
grep -q "<launchable type=\"desktop-id\">$APP_ID.desktop</launchable>" \
    "$PREFIX/share/metainfo/$APP_ID.metainfo.xml" || fail "the metainfo <launchable> is not $APP_ID.desktop"
# Errors and warnings fail; "info" and "pedantic" notes are printed but pass.
if out="$(appstreamcli validate --no-net "$PREFIX/share/metainfo/$APP_ID.metainfo.xml" 2>&1)"; then
    ok "appstreamcli validate --no-net: $(echo "$out" | tail -n 1)"
else
    fail "appstreamcli validate --no-net:"$'\n'"$out"
fi
# validate-tree also checks that the launchable .desktop file and the icon exist in the tree.
if out="$(appstreamcli validate-tree --no-net "$PREFIX" 2>&1)"; then
    ok "appstreamcli validate-tree --no-net: $(echo "$out" | tail -n 1)"
else
    fail "appstreamcli validate-tree --no-net:"$'\n'"$out"
fi
# The session type: update-mime-database (in a copy; the prefix must stay as installed) must
# accept the package file and register *.ropex under the type the .desktop file names.
mime_type="$(sed -n 's/^MimeType=\([^;]*\);$/\1/p' "$PREFIX/share/applications/$APP_ID.desktop")"
cp -r "$PREFIX/share/mime" "$TMP/mime"
# (It notes any directory outside XDG_DATA_DIRS; here that is intended, so say it is inside.)
if out="$(XDG_DATA_DIRS="$TMP" XDG_DATA_HOME="$TMP" update-mime-database "$TMP/mime" 2>&1)" &&
    [ -z "$out" ] && [ -n "$mime_type" ] &&
    grep -q "^$mime_type:\*\.ropex\$" "$TMP/mime/globs"; then
    ok "shared-mime-info: *.ropex is $mime_type"
else
    fail "shared-mime-info: MimeType '$mime_type', update-mime-database said: $out"
fi
if out="$(python3 - "$PREFIX/share/icons/hicolor" "$APP_ID" "${ICON_SIZES[@]}" <<'PY'
import struct, sys
root, app_id, sizes = sys.argv[1], sys.argv[2], sys.argv[3:]
bad = []
for s in sizes:
    path = f"{root}/{s}x{s}/apps/{app_id}.png"
    with open(path, "rb") as f:
        head = f.read(24)
    # PNG signature, then the IHDR chunk: width and height as big-endian 32-bit integers.
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        bad.append(f"{path}: not a PNG")
        continue
    w, h = struct.unpack(">II", head[16:24])
    if (w, h) != (int(s), int(s)):
        bad.append(f"{path}: {w}x{h}")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
)"; then
    ok "PNG icons: ${ICON_SIZES[*]} px, each its directory's size"
else
    fail "PNG icons:"$'\n'"$out"
fi

# ---- 3. manual pages --------------------------------------------------------------------------
if out="$(QT_QPA_PLATFORM=offscreen python3 "$ROOT/packaging/man/check_man_pages.py" \
    --cli "$PREFIX/bin/rope-cli" --cli-page "$PREFIX/share/man/man1/rope-cli.1" \
    --gui "$PREFIX/bin/rope-explorer" --gui-page "$PREFIX/share/man/man1/rope-explorer.1" 2>&1)"; then
    ok "man pages: $(echo "$out" | tr '\n' ';' | sed 's/;$//')"
else
    fail "man pages:"$'\n'"$out"
fi

# ---- 4. the installed programs, with no build tree around -------------------------------------
# A bare environment and a working directory outside the sources: resources must come from the
# binaries themselves.
mkdir -p "$TMP/home" "$TMP/run" "$TMP/shots"
chmod 0700 "$TMP/run"
bare() {
    (cd "$TMP" && env -i PATH=/usr/bin:/bin HOME="$TMP/home" XDG_RUNTIME_DIR="$TMP/run" \
        QT_QPA_PLATFORM=offscreen "$@")
}
VERSION="$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$BUILD/CMakeCache.txt")"
check_run() { # check_run DESCRIPTION EXPECTED-REGEX COMMAND…
    local what="$1" regex="$2"
    shift 2
    local output
    if output="$(bare timeout 120 "$@" 2>&1)" && grep -Eq -e "$regex" <<<"$output"; then
        ok "$what"
    else
        fail "$what: '$*' printed:"$'\n'"$(head -c 2000 <<<"$output")"
    fi
}
check_run "rope-cli --version" "^rope-cli $VERSION\$" "$PREFIX/bin/rope-cli" --version
check_run "rope-explorer --version" "^rope-explorer $VERSION\$" "$PREFIX/bin/rope-explorer" --version
check_run "rope-cli freqs --preset (resource compiled in)" '^\{"inv_freq":\[' \
    "$PREFIX/bin/rope-cli" freqs --preset llama-2-7b
check_run "rope-cli figure renders a PNG" '' \
    "$PREFIX/bin/rope-cli" figure --panel heatmap --out "$TMP/heatmap.png"
[ "$(head -c 4 "$TMP/heatmap.png" 2>/dev/null | od -An -c | tr -d ' ')" = "211PNG" ] ||
    fail "rope-cli figure wrote no PNG"
check_run "rope-explorer starts and draws its panels (screenshot mode)" '' \
    env ROPE_EXPLORER_SCREENSHOT="$TMP/shots" "$PREFIX/bin/rope-explorer"
shots=$(find "$TMP/shots" -name '*.png' | wc -l)
panels=$(bare "$PREFIX/bin/rope-cli" figure --list | grep -o '"id"' | wc -l)
if [ "$shots" -ge 1 ] && [ "$shots" -eq "$panels" ]; then
    ok "rope-explorer: $shots panel screenshots, one per panel of rope-cli figure --list"
else
    fail "rope-explorer wrote $shots screenshots for $panels panels"
fi
check_run "rope-explorer rejects an unknown option with status 2" '' \
    sh -c '"$0" --bogus 2>&1 | grep -q "bogus"; "$0" --bogus >/dev/null 2>&1; test $? -eq 2' \
    "$PREFIX/bin/rope-explorer"

# ---- 5. Debian package ------------------------------------------------------------------------
if [ "$DO_DEB" -eq 1 ]; then
    cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$TMP/deb" >"$TMP/cpack.log" 2>&1 || {
        cat "$TMP/cpack.log" >&2
        fail "cpack -G DEB"
        exit 1
    }
    debs=("$TMP"/deb/rope-explorer_*.deb)
    if [ ${#debs[@]} -ne 1 ] || [ ! -f "${debs[0]}" ]; then
        echo "check-install: cpack made no rope-explorer_*.deb" >&2
        exit 1
    fi
    DEB="${debs[0]}"
    ok "cpack: $(basename "$DEB"), $(du -k "$DEB" | cut -f1) KiB"
    field() { dpkg-deb -f "$DEB" "$1"; }
    [ "$(field Package)" = rope-explorer ] || fail "Package: $(field Package)"
    [ "$(field Version)" = "$VERSION-1" ] || fail "Version: $(field Version), expected $VERSION-1"
    [ "$(field Architecture)" = "$(dpkg --print-architecture)" ] || fail "Architecture: $(field Architecture)"
    DEPENDS="$(field Depends)"
    [ -n "$DEPENDS" ] || fail "no Depends"
    echo "check-install: Depends: $DEPENDS"

    # Every library the binaries load directly must belong to a package named in Depends;
    # the owner comes from dpkg's database, independently of dpkg-shlibdeps.
    dpkg-deb -x "$DEB" "$TMP/extracted"
    LDCONFIG="$(command -v ldconfig || echo /sbin/ldconfig)"
    # The package owning a library file: dpkg records the path it shipped, which on a merged-/usr
    # system may be the /lib or the /usr/lib spelling, of the symlink or of its target.
    owner_of() {
        local candidates=("$1" "$(readlink -f "$1")") c
        for c in "${candidates[@]}"; do
            candidates+=("${c#/usr}" "/usr${c}")
        done
        for c in "${candidates[@]}"; do
            if dpkg -S "$c" >/dev/null 2>&1; then
                # sed reads to the end (no early exit): under pipefail a reader that quits
                # first would kill the writer with SIGPIPE and fail the script (status 141).
                dpkg -S "$c" | sed -n '1s/:.*//p'
                return
            fi
        done
    }
    declared=" $(tr ',|' '\n\n' <<<"$DEPENDS" | sed 's/(.*//; s/^ *//; s/ *$//' | tr '\n' ' ') "
    for exe in "$TMP"/extracted/usr/bin/*; do
        for lib in $(readelf -d "$exe" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
            path="$("$LDCONFIG" -p | awk -v l="$lib" '$1 == l && !found { print $NF; found = 1 }')"
            if [ -z "$path" ]; then
                fail "$(basename "$exe") needs $lib, which is not installed here"
                continue
            fi
            owner="$(owner_of "$path")"
            if [ -z "$owner" ]; then
                fail "$(basename "$exe"): no package owns $path ($lib)"
            elif [[ "$declared" != *" $owner "* ]]; then
                fail "$(basename "$exe") needs $lib from $owner, which Depends does not name"
            fi
        done
    done
    ok "Depends names the package of every library rope-explorer and rope-cli load"

    # Same files as the plain install (the .deb is that install under /usr, stripped, with the
    # manual pages gzipped and a changelog.Debian.gz added: packaging/debian/finish-deb.cmake).
    (cd "$PREFIX" && find . -type f | sed 's|^\./||; s|^\(share/man/man1/.*\.1\)$|\1.gz|' &&
        echo share/doc/rope-explorer/changelog.Debian.gz) | sort >"$TMP/files-install"
    dpkg-deb -c "$DEB" | awk '$1 !~ /^d/ { print $NF }' | sed 's|^\./usr/||' | sort >"$TMP/files-deb"
    if diff -u "$TMP/files-install" "$TMP/files-deb" >"$TMP/files.diff"; then
        ok "dpkg-deb -c: the same $(wc -l <"$TMP/files-deb") files as cmake --install"
    else
        fail "the .deb and cmake --install differ:"$'\n'"$(cat "$TMP/files.diff")"
    fi
    check_run "rope-cli from the extracted .deb" "^rope-cli $VERSION\$" \
        "$TMP/extracted/usr/bin/rope-cli" --version
    for page in rope-cli.1 rope-explorer.1; do
        gzip -dc "$TMP/extracted/usr/share/man/man1/$page.gz" | cmp -s - "$PREFIX/share/man/man1/$page" ||
            fail "the .deb's $page.gz differs from the installed $page"
    done
    # lintian is optional (large; not in scripts/setup.sh): errors fail, warnings are shown.
    # Expected warning: initial-upload-closes-no-bugs (only meaningful for Debian archive uploads).
    if command -v lintian >/dev/null 2>&1; then
        if out="$(lintian --fail-on error "$DEB" 2>&1)"; then
            ok "lintian: no errors$(grep -E '^[WE]:' <<<"$out" | sed 's/^/; /' | tr -d '\n')"
        else
            fail "lintian:"$'\n'"$out"
        fi
    else
        echo "check-install: skipped: lintian (not installed; Debian package lintian)"
    fi

    # apt resolves Depends against the configured archive (Debian 12): once with what is
    # installed here, once as on a fresh minimal system (a dpkg status file holding only
    # debootstrap minbase's packages), which must pull every library from the archive.
    if out="$(apt-get install --simulate --no-install-recommends "$DEB" 2>&1)"; then
        ok "apt-get install --simulate: $(grep -E '^[0-9]+ upgraded' <<<"$out" || true)"
    else
        fail "apt-get install --simulate $DEB:"$'\n'"$out"
    fi
    python3 "$ROOT/packaging/debian/minimal_dpkg_status.py" /var/lib/dpkg/status \
        >"$TMP/minimal-status" 2>"$TMP/minimal-status.log"
    if out="$(apt-get install --simulate --no-install-recommends \
        -o Dir::State::status="$TMP/minimal-status" "$DEB" 2>&1)"; then
        ok "apt-get install --simulate on a minimal Debian ($(sed 's/^.*: //' "$TMP/minimal-status.log")): $(grep -c '^Inst ' <<<"$out") packages to install, rope-explorer included"
    else
        fail "apt-get install --simulate on a minimal Debian (are the package lists current? apt-get update):"$'\n'"$(tail -n 20 <<<"$out")"
    fi

    if [ "$INSTALL_DEB" -eq 1 ]; then
        if [ "$(id -u)" -ne 0 ]; then
            fail "--install-deb needs root"
        elif dpkg-query -W -f='${Status}' rope-explorer 2>/dev/null | grep -q "install ok installed"; then
            fail "rope-explorer is already installed here; not replacing it (dpkg --purge rope-explorer first)"
        else
            DEB_INSTALLED=1
            if DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$DEB" \
                >"$TMP/apt.log" 2>&1; then
                ok "apt-get install $(basename "$DEB")"
                check_run "/usr/bin/rope-cli (installed package)" "^rope-cli $VERSION\$" /usr/bin/rope-cli --version
                check_run "/usr/bin/rope-explorer (installed package)" "^rope-explorer $VERSION\$" \
                    /usr/bin/rope-explorer --version
                [ -f "/usr/share/applications/$APP_ID.desktop" ] || fail "no /usr/share/applications/$APP_ID.desktop"
                [ -f "/usr/share/man/man1/rope-cli.1.gz" ] || fail "no /usr/share/man/man1/rope-cli.1.gz"
            else
                fail "apt-get install $DEB:"$'\n'"$(tail -n 30 "$TMP/apt.log")"
            fi
        fi
    fi
fi

if [ "$FAILURES" -gt 0 ]; then
    echo "check-install: $FAILURES check(s) failed ($((SECONDS - START)) s)" >&2
    exit 1
fi
echo "check-install: all checks passed ($((SECONDS - START)) s)"
