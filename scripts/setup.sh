#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One entry point for a fresh Debian 12 machine (as root) or a developer's tree:
#   scripts/setup.sh run       install what is missing, build, start the explorer
#   scripts/setup.sh test      install what is missing, build, run every test (but the long
#                              seeded GUI monkey and CLI campaign: `reliability`)
#   scripts/setup.sh build     install what is missing, build only
#   scripts/setup.sh bench     build, then run the benchmarks (label "benchmark") one at a time
#   scripts/setup.sh sanitize  the whole app and every test under ASan+UBSan (-O1) in build-asan/,
#                              the monkey and the CLI campaign shorter (docs/RELIABILITY.md)
#   scripts/setup.sh nosimd    core + its tests with ROPE_ENABLE_SIMD=OFF in build-nosimd/ (Simd = Reference)
#   scripts/setup.sh fuzz      libFuzzer targets (clang-14, ASan+UBSan) in build-fuzz/, each fuzzed
#                              ROPE_FUZZ_SECONDS (default 60) s; docs/RELIABILITY.md
#   scripts/setup.sh reliability  build/ as in `test`, then only the monkey, CLI campaign,
#                              file-fault and fuzz-replay tests (docs/RELIABILITY.md)
# Re-running is cheap: packages are only installed when missing, builds are incremental.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
JOBS="${ROPE_JOBS:-2}"
# ccache keys on paths relative to the checkout, so a fresh clone elsewhere (CI) reuses what an
# earlier build of the same sources compiled.
export CCACHE_BASEDIR="$ROOT"
export CCACHE_NOHASHDIR=1
# The precompiled headers (ROPE_PCH): ccache caches a unit that uses one only with these.
export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"

PACKAGES=(cmake ninja-build g++ pkg-config qt6-base-dev qt6-svg-dev qt6-tools-dev
          qt6-l10n-tools qt6-qpa-plugins libqcustomplot-dev libeigen3-dev xvfb xauth python3-numpy
          fonts-dejavu-core fonts-noto-cjk ccache desktop-file-utils appstream librsvg2-bin groff-base dpkg-dev
          clang-14 libclang-rt-14-dev libgif-dev
          libsleef-dev libmpfr-dev
          poppler-utils)
# ffmpeg is optional: with it, animations export as MP4/WebM too (their tests skip without it).

install_missing() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return
    fi
    echo "setup: installing ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        sudo="sudo"
    fi
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "${missing[@]}"
}

# configure DIR [cmake args…]: configure once; later runs reuse the cache (incremental).
configure() {
    local dir="$1"
    shift
    if [ ! -f "$dir/build.ninja" ]; then
        # ccache makes a rebuild of unchanged sources (a fresh clone, another build type's
        # tree) a cache hit instead of a compile: Eigen-heavy units take tens of seconds each.
        local launcher=()
        if command -v ccache >/dev/null 2>&1; then
            launcher+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
        fi
        cmake -S . -B "$dir" -G Ninja "${launcher[@]}" "$@"
    fi
}

build_main() {
    local extra=()
    if [ "${CI:-}" = "true" ]; then
        extra+=(-DROPE_WERROR=ON)
    fi
    # -g1 (line tables and function names: enough for a stack trace, a sanitizer report or the
    # monkey's stall sampler) instead of CMake's -g: full debug info made every compile 25–35 %
    # slower (tst_figures.cpp 15.5 s → 11.9 s, base_bound.cpp 12.3 s → 8.3 s of CPU) and CI
    # builds this tree from nothing. A developer who wants full -g configures build/ by hand.
    configure build -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" \
        "${extra[@]}"
    cmake --build build -j "$JOBS"
}

cmd="${1:-}"
case "$cmd" in
run)
    install_missing
    build_main
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
        cat >&2 <<'MSG'
setup: built build/bin/rope-explorer, but there is no display (DISPLAY and WAYLAND_DISPLAY are unset).
  To see the window on a virtual display:   xvfb-run -a build/bin/rope-explorer
  To render figures without any display:    build/bin/rope-cli figure --all --out-dir figures
MSG
        exit 1
    fi
    exec build/bin/rope-explorer
    ;;
test)
    install_missing
    build_main
    # Every test but the two long seeded reliability runs (GUI monkey, CLI campaign: minutes
    # each, `reliability` below runs them); docs/RELIABILITY.md says what they cover.
    ctest --test-dir build --output-on-failure -j "$JOBS" -LE 'monkey|campaign|benchmark'
    ;;
bench)
    install_missing
    build_main
    # The benchmarks (label "benchmark"): figures for docs/PERFORMANCE.md, one at a time so they
    # do not time each other.
    ctest --test-dir build --output-on-failure -j 1 -L benchmark -V
    ;;
build)
    install_missing
    build_main
    ;;
sanitize)
    install_missing
    # The whole app (core, io, figures, ui, rope-cli, rope-explorer) and every test under ASan +
    # UBSan. -O1: ASan's own advice for usable speed (the certified base search is too slow at
    # -O0); -g1 keeps the line tables a report needs and builds faster than full -g. ccache
    # reuses these objects between runs (its keys include the flags, so not those of build/).
    configure build-asan -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" \
        -DROPE_SANITIZE=ON -DROPE_BUILD_UI="${ROPE_ASAN_UI:-ON}" -DROPE_WERROR=ON
    cmake --build build-asan -j "$JOBS"
    # Leaks are reported (detect_leaks=1) except the proven third-party ones listed, with the
    # reason for each, in tests/sanitizers/lsan.supp. Every ctest runs offscreen.
    # intercept_tls_get_addr=0: LeakSanitizer's tracer otherwise reads a stale dynamic-TLS
    # range of a module loaded and unloaded again (a Qt plugin) and crashes at exit ("Tracer
    # caught signal 11", its log shows "DTLS … at 0x2d44-0x800003e46"): rope-cli slides --panels
    # rotation,heatmap,decay did so every time, with no ASan or UBSan report and none with
    # leaks off.
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:intercept_tls_get_addr=0
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    export LSAN_OPTIONS="suppressions=$ROOT/tests/sanitizers/lsan.supp:print_suppressions=0"
    export QT_QPA_PLATFORM=offscreen
    # Everything but the "heavy" tests (code other tests run here too, repeated thousands of
    # times: tests/CMakeLists.txt), the two long seeded runs, the benchmarks and the deck pages (minutes even
    # unsanitized); then both seeded runs, shorter (ASan makes each
    # action and invocation several times slower; the full 5000 actions and 2000 invocations
    # run in the plain build: `reliability`).
    ctest --test-dir build-asan --output-on-failure -j "$JOBS" -LE 'monkey|campaign|benchmark|pages|heavy'
    # ROPE_ASAN_MONKEY_ACTIONS=N sets its length (0 skips it). One seed runs here
    # (ROPE_MONKEY_SEED_ASAN, set by .ci/run, else 20261123): the regression rows replay
    # stalls, which `reliability` checks on the plain build.
    # Without the UI (ROPE_ASAN_UI=OFF, as CI runs it) there is no monkey and no rope-cli.
    if [ "${ROPE_ASAN_UI:-ON}" = "OFF" ]; then
        echo "setup: sanitize without the UI (ROPE_ASAN_UI=OFF): no GUI tests, monkey or campaign"
        exit 0
    fi
    if [ "${ROPE_ASAN_MONKEY_ACTIONS:-500}" -gt 0 ]; then
        ROPE_MONKEY_SEED="${ROPE_MONKEY_SEED:-${ROPE_MONKEY_SEED_ASAN:-20261123}}" \
        ROPE_MONKEY_ACTIONS="${ROPE_ASAN_MONKEY_ACTIONS:-500}" \
            ctest --test-dir build-asan --output-on-failure -R tst_gui_monkey
    fi
    # ASan costs 2–3× per instruction: the campaign's 10 s CPU limit per invocation becomes 30 s
    # here (the 10 s contract is checked on the plain build in `reliability`).
    # ROPE_ASAN_CAMPAIGN_COUNT=N sets its length (0 skips it).
    if [ "${ROPE_ASAN_CAMPAIGN_COUNT:-300}" -gt 0 ]; then
        ROPE_CLI_CAMPAIGN_CPU_S=30 python3 tests/cli/cli_campaign.py build-asan/bin/rope-cli \
            --count "${ROPE_ASAN_CAMPAIGN_COUNT:-300}" --jobs "$JOBS" --data tests/data
    fi
    ;;
nosimd)
    install_missing
    configure build-nosimd -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" \
        -DROPE_ENABLE_SIMD=OFF \
        -DROPE_BUILD_UI=OFF -DROPE_WERROR=ON
    # Only the core changes when its SIMD kernels are compiled out, so only the core's tests
    # (label core, not the benchmarks) are built and run here; io, figures and the CLI above it
    # are the same code as in build/ (they were 5 of this stage's 8 minutes on a cold tree).
    mapfile -t core_tests < <(ctest --test-dir build-nosimd -N -L core -LE benchmark |
        sed -n 's/^ *Test *#[0-9]*: \(tst_[A-Za-z0-9_]*\)$/\1/p')
    cmake --build build-nosimd -j "$JOBS" --target "${core_tests[@]}"
    ctest --test-dir build-nosimd --output-on-failure -j "$JOBS" -L core -LE benchmark
    ;;
fuzz)
    install_missing
    # -O1 with line tables only: Eigen-heavy units build several times faster than at -O2 -g
    # under ASan, and the loaders' speed does not need more; stack traces keep file:line.
    configure build-fuzz -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only" \
        -DCMAKE_CXX_COMPILER=clang++-14 -DROPE_BUILD_UI=OFF -DROPE_FUZZ=ON -DROPE_WERROR=ON
    cmake -DROPE_FUZZ_SECONDS="${ROPE_FUZZ_SECONDS:-60}" build-fuzz >/dev/null
    cmake --build build-fuzz -j "$JOBS" --target fuzz_model_config fuzz_session fuzz_lessons fuzz_gguf \
        fuzz_safetensors \
        fuzz_replay_model_config fuzz_replay_session fuzz_replay_lessons fuzz_replay_gguf \
        fuzz_replay_safetensors
    # Each libFuzzer process uses one core: two targets fuzz at once with the default JOBS=2.
    ctest --test-dir build-fuzz --output-on-failure -L fuzz -j "$JOBS"
    ;;
reliability)
    install_missing
    build_main
    # The monkey runs its fixed regression rows, then one new seed (ROPE_MONKEY_NEW_SEED, set
    # and printed by .ci/run; else from the clock, printed by the test), stall limit 1 s of
    # GUI-thread CPU (docs/RELIABILITY.md).
    ctest --test-dir build --output-on-failure -j "$JOBS" -R 'monkey|campaign|faults|fuzz_replay'
    ;;
*)
    echo "usage: scripts/setup.sh run|test|build|sanitize|nosimd|fuzz|reliability" >&2
    exit 2
    ;;
esac
