#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""rope-cli layers for every preset: every layer names its attention kind, window, max distance
and the window-aware verdict, consistent with each other (issue #24, "done when").

Usage: check_layer_spans.py ROPE_CLI PRESET_DIR
"""
import json
import pathlib
import subprocess
import sys

KINDS = {"full", "sliding", "chunked", "linear"}
VERDICTS = {"ok", "negative", "no_rope", "unbounded"}
STATUSES = {"computed", "no_rope", "unbounded", "work_cap", "not_found", "failed"}


def check(cli, preset):
    run = subprocess.run([cli, "layers", "--preset", preset], capture_output=True, text=True,
                         timeout=60)
    if run.returncode != 0:
        if "no num_hidden_layers" in run.stderr:
            return 0  # the file has no layer list
        raise AssertionError(f"{preset}: exit {run.returncode}: {run.stderr}")
    layers = json.loads(run.stdout)["layers"]
    for layer in layers:
        where = f"{preset} layer {layer['index']}"
        assert layer["attention"] in KINDS, where
        assert layer["verdict"] in VERDICTS, where
        assert layer["min_base_status"] in STATUSES, where
        window, distance = layer["window"], layer["max_distance"]
        if layer["attention"] in ("sliding", "chunked"):
            assert isinstance(window, int) and window >= 1, where
            assert isinstance(distance, int) and 0 <= distance <= window - 1, where
        else:
            assert window is None, where
        if layer["attention"] == "linear":
            assert distance is None and not layer["rope"], where
        if not layer["rope"]:
            assert layer["verdict"] == "no_rope" and layer["first_negative_sum_cos"] is None, where
        elif distance is not None:
            first = layer["first_negative_sum_cos"]
            assert layer["verdict"] == ("negative" if first is not None else "ok"), where
            assert first is None or 0 <= first <= distance, where
        if layer["min_base_status"] == "computed":
            assert layer["min_base"] > 1, where
        else:
            assert layer["min_base"] is None, where
    return len(layers)


def main():
    cli, directory = sys.argv[1], pathlib.Path(sys.argv[2])
    presets = sorted(p.stem for p in directory.glob("*.json"))
    assert presets, "no presets found"
    for preset in presets:
        print(f"{preset}: {check(cli, preset)} layers")


if __name__ == "__main__":
    main()
