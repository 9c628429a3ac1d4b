#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Regenerates every screenshot of the documentation from the built tree (build/bin), offscreen:
#   docs/screenshots/<panel>.png, course.png   English, light, 1280x800 (every panel, the course
#                                              pane on its fifth step, answered)
#   docs/screenshots/dark-attention.png        the attention panel in the dark theme, 1280x800
#   docs/screenshots/presenter.png             presenter mode at 1920x1080 on course step 5
#   docs/screenshots/base-bound-landscape.png  the feasibility landscape (rope-cli figure, 1280x800)
#   docs/screenshots/training-lab-race.png     the training lab's default race, trained (rope-cli)
#   docs/zh_CN/1280x800/, docs/zh_CN/1920x1080/ 简体中文, every panel and the course pane
# Deterministic: the explorer starts in its fixed showcase state (32k context, YaRN s = 8 over
# 4096) with empty settings (a private XDG_CONFIG_HOME) and the same fonts; only the batch
# panel's measured GB/s differ between runs (they are timings). The explorer writes 8-bit
# palette PNGs (ROPE_EXPLORER_SCREENSHOT_PALETTE=1: Qt's own 256-colour conversion, about a
# quarter of the RGB size); with pngquant and optipng installed they are recompressed further.
#
# Usage: scripts/screenshots.sh [BUILD_DIR]   (default: build)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
EXPLORER="$BUILD/bin/rope-explorer"
CLI="$BUILD/bin/rope-cli"
for tool in "$EXPLORER" "$CLI"; do
    if [ ! -x "$tool" ]; then
        echo "screenshots: $tool not found; build first (scripts/setup.sh build)" >&2
        exit 2
    fi
done

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export QT_QPA_PLATFORM=offscreen
export XDG_CONFIG_HOME="$WORK/config"
export ROPE_EXPLORER_SCREENSHOT_MAX_BYTES=0
export ROPE_EXPLORER_SCREENSHOT_PALETTE=1
unset QT_SCALE_FACTOR

# shoot DIR SIZE THEME [extra env…] -- [explorer args…]
shoot() {
    local dir="$1" size="$2" theme="$3"
    shift 3
    mkdir -p "$dir"
    env ROPE_EXPLORER_SCREENSHOT="$dir" ROPE_EXPLORER_SCREENSHOT_SIZE="$size" \
        ROPE_EXPLORER_SCREENSHOT_THEME="$theme" "$@"
}

shrink() {
    local png="$1"
    if command -v pngquant >/dev/null 2>&1; then
        pngquant --force --skip-if-larger --output "$png" -- "$png" || true
    fi
    if command -v optipng >/dev/null 2>&1; then
        optipng -quiet -o2 "$png" || true
    fi
}

echo "screenshots: English, light, 1280x800"
shoot "$WORK/en" 1280x800 light ROPE_EXPLORER_SCREENSHOT_COURSE=1 "$EXPLORER" --lang en
echo "screenshots: English, dark, 1280x800"
shoot "$WORK/dark" 1280x800 dark "$EXPLORER" --lang en
echo "screenshots: presenter mode, 1920x1080"
shoot "$WORK/presenter" 1920x1080 light ROPE_EXPLORER_SCREENSHOT_COURSE=1 \
    ROPE_EXPLORER_SCREENSHOT_PRESENTER=1 "$EXPLORER" --lang en
for size in 1280x800 1920x1080; do
    echo "screenshots: 简体中文, light, $size"
    shoot "$WORK/zh_CN/$size" "$size" light ROPE_EXPLORER_SCREENSHOT_COURSE=1 "$EXPLORER" \
        --lang zh_CN
done

mkdir -p "$ROOT/docs/screenshots"
cp "$WORK"/en/*.png "$ROOT/docs/screenshots/"
cp "$WORK/dark/attention.png" "$ROOT/docs/screenshots/dark-attention.png"
cp "$WORK/presenter/presenter.png" "$ROOT/docs/screenshots/presenter.png"
"$CLI" figure --panel base-bound --set view=landscape --width 1280 --height 800 \
    --out "$ROOT/docs/screenshots/base-bound-landscape.png" >/dev/null
# The training lab's default race, trained (the panel itself trains only on Train: its
# screenshot above shows the note); about 20 s of CPU.
"$CLI" figure --panel training-lab --set run=true --width 1280 --height 800 \
    --out "$ROOT/docs/screenshots/training-lab-race.png" >/dev/null
for size in 1280x800 1920x1080; do
    mkdir -p "$ROOT/docs/zh_CN/$size"
    cp "$WORK/zh_CN/$size"/*.png "$ROOT/docs/zh_CN/$size/"
done
for png in "$ROOT"/docs/screenshots/*.png "$ROOT"/docs/zh_CN/*/*.png; do
    shrink "$png"
done
echo "screenshots: written to docs/screenshots and docs/zh_CN"
