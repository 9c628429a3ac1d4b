#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""CLI campaign (issue #18, docs/RELIABILITY.md): seeded random invocations of every rope-cli
subcommand with random, extreme and malformed values.

Every invocation must
  - exit 0 or 2 (1 is an internal failure, anything else a crash or a signal),
  - print a message on stderr when it exits 2,
  - finish within 10 s of CPU time and never stop computing for 60 s of wall time (a hang),
  - never print NaN or an infinity as a number on stdout.

Subcommands and their options are read from `rope-cli --help` and `rope-cli <cmd> --help`, the
panels from `rope-cli figure --list` and each panel's options (kind, range, choices) from
`rope-cli figure --panel ID --list-options`, so a new command, option, panel or panel option is
covered without editing this file: `--set KEY=VALUE` of figure and animate draws a key of the
panel named in the same invocation (or of a random one) and a value at its ends, just outside,
a choice, a toggle or garbage. The seed is printed first; a run
replays with --seed N, and each failure prints the exact command line to rerun by hand.

usage: cli_campaign.py ROPE_CLI [--seed N] [--count N] [--jobs N] [--data DIR]
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import resource
import shlex
import signal
import subprocess
import sys
import tempfile
import time

# CPU seconds per invocation: the 10 s for the plain build; the ASan build (2–3× slower
# per instruction) runs the campaign with ROPE_CLI_CAMPAIGN_CPU_S=30 (scripts/setup.sh sanitize).
TIMEOUT_S = float(os.environ.get("ROPE_CLI_CAMPAIGN_CPU_S", "10"))
WALL_LIMIT_S = 60.0  # a window without HANG_CPU_S of CPU in it is a hang
HANG_CPU_S = 0.5

EXTREMES = [
    "0", "-0", "1", "-1", "2", "3", "7", "8", "64", "128", "4096", "131072", "1000000",
    "2147483647", "2147483648", "-2147483649", "9223372036854775807", "18446744073709551616",
    "1e308", "-1e308", "1.7976931348623157e308", "1e309", "1e999", "-1e999", "1e-308",
    "4.9e-324", "1e-320", "nan", "NaN", "-nan", "inf", "-inf", "Infinity", "0x10", "010",
    "1,5", "1.5.5", "1e", "e5", "+3", " 4", "4 ", "", " ", "abc", "true", "null", "[]", "{}",
    "--", "-", "ü", "١٢٣", "😀", "%s%n", "a" * 300, "0.5", "0.999999", "1.0000001", "-0.5",
]

# Values that look like what a list option takes ("0,1,2", "1:2").
def list_value(rng):
    n = rng.choice([0, 1, 2, 3, 5, 17, 200])
    sep = rng.choice([",", ",", " ", ";", ":"])
    return sep.join(number(rng) for _ in range(n))


def number(rng, plausible=False):
    if plausible:  # values a user would type: small integers, powers of two, moderate reals
        return rng.choice([str(rng.randint(0, 64)), str(rng.choice([2, 4, 8, 16, 32, 64, 128])),
                           "%.3g" % (10 ** rng.uniform(-1, 4)), "10000", "500000"])
    r = rng.random()
    if r < 0.35:
        return rng.choice(EXTREMES)
    if r < 0.65:
        return str(rng.randint(-10, 5000))
    if r < 0.85:
        return repr(10 ** rng.uniform(-12, 12) * rng.choice([1, 1, 1, -1]))
    return str(rng.choice([2, 4, 8, 16, 32, 64, 96, 128, 256]))


def parse_commands(cli):
    out = subprocess.run([cli, "--help"], capture_output=True, text=True, timeout=30).stdout
    commands = []
    in_commands = False
    for line in out.splitlines():
        if line.startswith("Commands:"):
            in_commands = True
            continue
        if in_commands:
            m = re.match(r"^  ([a-z][a-z0-9-]*)\s", line)
            if m:
                commands.append(m.group(1))
            elif line.strip() == "" and commands:
                break
    return commands


def parse_options(cli, command):
    """[(flag, takes_value, value_name, description)] from `<command> --help`."""
    out = subprocess.run([cli, command, "--help"], capture_output=True, text=True,
                         timeout=30).stdout
    options = []
    current = None
    for line in out.splitlines():
        m = re.match(r"^\s+(?:-[A-Za-z], )?--([a-z0-9][a-z0-9-]*)(?: <([^>]+)>)?\s*(.*)$", line)
        if m:
            current = [m.group(1), m.group(2) is not None, m.group(2) or "", m.group(3)]
            if current[0] not in ("help", "version", "help-all"):
                options.append(current)
        elif current is not None and line.startswith("   "):
            current[3] += " " + line.strip()
    return [tuple(o) for o in options]


def parse_panel_options(cli, panels):
    """{panel: [option, …]} from `figure --panel ID --list-options` (its JSON option table)."""
    table = {}
    for panel in panels:
        r = subprocess.run([cli, "figure", "--panel", panel, "--list-options"],
                           capture_output=True, text=True)
        try:
            table[panel] = json.loads(r.stdout)["options"]
        except (ValueError, KeyError, TypeError):
            table[panel] = []
        # training-lab's run=true trains the race (minutes of CPU at the other options' far
        # ends, beside which a campaign line must stay within seconds); tst_training_lab_figure
        # trains small races instead. Every other option of the panel is drawn as usual.
        if panel == "training-lab":
            table[panel] = [o for o in table[panel] if o.get("id") != "run"]
    return table


def option_value(rng, option, plausible):
    """A value for one panel option: its ends, its default, a point inside, just outside, each
    choice, a toggle; garbage one time in five unless plausible."""
    kind = option.get("kind")
    if not plausible and rng.random() < 0.2:
        return rng.choice(EXTREMES[:40] + ["maybe", "nope"])
    if kind == "toggle":
        return rng.choice(["true", "false"])
    if kind == "choice":
        return rng.choice(list(option.get("choices") or ["nope"]))
    lo, hi = option.get("min"), option.get("max")
    if lo is None or hi is None:
        return number(rng, plausible)
    inside = lo + (hi - lo) * rng.random()
    if option.get("default") is not None and isinstance(option["default"], (int, float)):
        default = option["default"]
    else:
        default = inside
    candidates = [lo, hi, default, inside, lo + (hi - lo) * rng.random() ** 4]
    if not plausible:
        span = max(abs(hi - lo), 1.0)
        candidates += [lo - 1 if kind == "integer" else lo - 1e-3 * span,
                       hi + 1 if kind == "integer" else hi + 1e-3 * span]
    v = rng.choice(candidates)
    if kind == "integer":
        return str(int(round(v)))
    return repr(float(v))


class Generator:
    def __init__(self, rng, data_dir, work_dir, presets, methods, panels, panel_options=None):
        self.rng = rng
        self.data_dir = data_dir
        self.work = work_dir
        self.presets = presets
        self.methods = methods
        self.panels = panels
        self.panel_options = panel_options or {}

    def panel_set(self, panel, plausible):
        """--set KEY=VALUE for \p panel's option table (a random panel's when None)."""
        rng = self.rng
        if panel not in self.panel_options:
            panel = rng.choice(sorted(self.panel_options)) if self.panel_options else None
        options = self.panel_options.get(panel) or []
        if not options or (not plausible and rng.random() < 0.1):
            key = rng.choice(["zzz", "", "a=b", "view"])
            return "%s=%s" % (key, rng.choice([number(rng), "abc", "true", ""]))
        option = rng.choice(options)
        return "%s=%s" % (option["id"], option_value(rng, option, plausible))

    def path_value(self, flag):
        rng = self.rng
        configs = os.path.join(self.data_dir, "configs")
        sessions = os.path.join(self.data_dir, "sessions")
        choices = [
            "/nonexistent/x.json", self.work, "/dev/null", "", "relative/missing.json",
            os.path.join(self.work, "new-%d" % rng.randint(0, 99)),
        ]
        if os.path.isdir(configs):
            choices += [os.path.join(configs, f) for f in sorted(os.listdir(configs))]
        if os.path.isdir(sessions):
            choices += [os.path.join(sessions, f) for f in sorted(os.listdir(sessions))]
        if flag in ("out", "out-dir", "output"):
            ext = rng.choice(["png", "svg", "pdf", "csv", "csv", "txt", "", "PNG", "gif"])
            name = "out-%d.%s" % (rng.randint(0, 1 << 30), ext) if ext else "out-noext"
            choices = [os.path.join(self.work, name)] * 6 + [
                "/nonexistent/dir/x.png", self.work, "/proc/version.png", ""]
        return rng.choice(choices)

    def value(self, flag, value_name, description, plausible=False):
        rng = self.rng
        lowered = (value_name + " " + description).lower()
        if not plausible and rng.random() < 0.15:
            return rng.choice(EXTREMES)
        if flag == "preset" and self.presets:
            return rng.choice(self.presets + ["nope", ""])
        if flag == "method" and self.methods:
            return rng.choice(self.methods + ["nope", "NTK", ""])
        if flag == "panel" and self.panels:
            return rng.choice(self.panels + ["nope"])
        if flag in ("config", "session", "out", "out-dir", "output") or "file" in value_name.lower():
            return self.path_value(flag)
        if flag == "set":
            return self.panel_set(None, plausible)
        if flag in ("layout",):
            return rng.choice(["half", "interleaved", "nope", ""])
        if flag in ("format",):
            return rng.choice(["json", "csv", "table", "nope", ""])
        if "list" in lowered or "," in description or value_name.endswith("s"):
            if not plausible and rng.random() < 0.6:
                return list_value(rng)
        return number(rng, plausible)

    def invocation(self, command, options):
        rng = self.rng
        args = [command]
        # Two in five invocations use plausible values only and no malformed extras, so the
        # commands' success paths (and the numbers they print) are exercised too.
        plausible = rng.random() < 0.4
        k = rng.choice([0, 1, 2, 3, 3, 4, 5, 8])
        for _ in range(k):
            if not options:
                break
            flag, takes_value, value_name, description = rng.choice(options)
            args.append("--" + flag)
            if takes_value:
                args.append(self.value(flag, value_name, description, plausible))
        flags = {o[0] for o in options}
        if "set" in flags and "panel" in flags and self.panel_options and rng.random() < 0.5:
            # A panel and one to three of its own options, so option values (not only keys)
            # are exercised: the panel named earlier in the line, else a random one.
            panel = None
            for i in range(1, len(args) - 1):
                if args[i] == "--panel":
                    panel = args[i + 1]
            if panel not in self.panel_options:
                panel = rng.choice(sorted(self.panel_options))
                args += ["--panel", panel]
            for _ in range(rng.choice([1, 1, 2, 3])):
                args += ["--set", self.panel_set(panel, plausible)]
        if plausible:
            return args
        r = rng.random()
        if r < 0.04:
            args.append("--no-such-option")
        elif r < 0.07:
            args.append("stray-positional")
        elif r < 0.10 and options:
            valued = [o for o in options if o[1]]
            if valued:
                args.append("--" + rng.choice(valued)[0])  # value missing at the end
        elif r < 0.12:
            args.insert(1, "--help")
        return args


# `min-base` certifies b* over every m < L for d/2 frequencies: its work grows with d × L.
# It caps itself (a work limit of 4e8 cosine-equivalents, and it gives up where rounding hides
# the sign of f; docs/base-bound.md), but the cap admits every published row, and the hardest of
# them, b*(2^19, 128), legitimately needs about 10 s of CPU (b*(2^20, 128) about 8 s). So the
# campaign keeps numeric --context values to d × L <= MIN_BASE_WORK (d = 128, L = 131072 needs
# 1.6 s) and a --range to N × d × LMAX <= 2 × MIN_BASE_WORK; malformed and out-of-range values
# still go through unchanged, and every d from 2 up is drawn, the pathological small ones too.
MIN_BASE_WORK = 1 << 24
# `min-base --all-above` scans every m at every step of its downward sweep (work ~ L²·d/2), and
# stops at its own work cap, which at L·d/2 = 2^20 is 4.2e8 units, about 5 s of CPU: its numeric
# --context is kept to d × L <= ALL_ABOVE_WORK, where the cap, not the published rows, bounds it.
ALL_ABOVE_WORK = 1 << 21

# Invocations that once failed, run in every campaign whatever the seed.
REGRESSIONS = [
    # Seed 20261123: 100 s of CPU; the scan cost model left out the sincos tables, which
    # dominate wide heads at short contexts, so the up-front refusal never fired (now exit 2
    # at once with the estimate).
    ["min-base", "--all-above", "--context", "2564", "--dim", "4148"],
]


def as_number(text):
    try:
        v = float(text)
    except ValueError:
        return None
    return v if v == v and abs(v) != float("inf") else None


def bound_min_base(args):
    # `bench-min-base` times b*(2^20, 128), the dense curve and the tables view with two
    # evaluators, minutes of CPU whatever its options: the campaign checks its argument
    # handling only: --help goes first, so a valid invocation prints its help and an unknown
    # option still fails.
    # `train` and `lab` are bounded by their work cap, not by the campaign's 10 s of CPU (the
    # default runs take minutes), and `bench-train` times 20 steps at 1 and 2 threads: likewise
    # only their argument handling is checked.
    if args and args[0] in ("bench-min-base", "train", "lab", "bench-train"):
        return [args[0], "--help"] + args[1:]
    if not args or args[0] != "min-base":
        return args
    args = list(args)
    dim = 128.0
    for k in range(1, len(args) - 1):
        if args[k] == "--dim":
            v = as_number(args[k + 1])
            if v is not None and v >= 2:
                dim = v
    work = ALL_ABOVE_WORK if "--all-above" in args else MIN_BASE_WORK
    for k in range(1, len(args) - 1):
        if args[k] == "--context":
            v = as_number(args[k + 1])
            if v is not None and v * dim > work:
                args[k + 1] = str(max(1, int(work // dim)))
        elif args[k] == "--range":
            parts = args[k + 1].split(":")
            if len(parts) == 3:
                hi, n = as_number(parts[1]), as_number(parts[2])
                if hi is not None and n is not None and hi * dim * max(n, 1) > 2 * MIN_BASE_WORK:
                    n = max(1.0, min(n, 8.0)) if n >= 1 else n
                    parts[1] = str(max(1, int(2 * MIN_BASE_WORK // (dim * max(n, 1)))))
                    parts[2] = str(int(n)) if n >= 1 else parts[2]
                    args[k + 1] = ":".join(parts)
    return args


# A NaN or infinity where a JSON number stands (outside strings).
BAD_TOKEN = re.compile(r"(?<![A-Za-z0-9_\"'-])[-+]?(nan|inf|infinity)(?![A-Za-z0-9_\"'])",
                       re.IGNORECASE)


def non_finite_in(stdout):
    text = stdout.strip()
    if not text:
        return None
    if text[0] in "[{":
        found = []

        def constant(name):
            found.append(name)
            return 0.0

        try:
            json.loads(text, parse_constant=constant)
        except ValueError:
            pass
        else:
            return found[0] if found else None
    # Not JSON (CSV, a table, --help): drop quoted strings, then look for bare tokens.
    unquoted = re.sub(r"\"[^\"\n]*\"", "\"\"", text)
    m = BAD_TOKEN.search(unquoted)
    return m.group(0) if m else None


def limit_cpu():
    # The 10 s limit is CPU time (SIGXCPU past it), so a loaded machine that preempts the
    # process does not turn a 3 s command into a "hang"; WALL_LIMIT_S catches a process that
    # waits without computing.
    resource.setrlimit(resource.RLIMIT_CPU, (int(TIMEOUT_S), int(TIMEOUT_S) + 1))


def cpu_seconds(pid):
    """utime + stime of a running child from /proc (0 if it is gone)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def run_one(cli, args, env):
    # A hang is a process that stops computing (a FIFO read, a lock): it is declared when a
    # window of WALL_LIMIT_S wall seconds passes with under HANG_CPU_S of CPU used. A process
    # that keeps computing on a loaded machine is not a hang; RLIMIT_CPU (10 s) still bounds
    # it. A plain 60 s wall limit failed two commands needing a few seconds of CPU under a
    # load average of 17 (seed 20261123).
    start = time.monotonic()
    p = subprocess.Popen([cli] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         preexec_fn=limit_cpu)
    used = 0.0
    while True:
        try:
            out, err = p.communicate(timeout=WALL_LIMIT_S)
            return args, p.returncode, out, err, time.monotonic() - start
        except subprocess.TimeoutExpired:
            now = cpu_seconds(p.pid)
            if now - used < HANG_CPU_S:
                p.kill()
                p.communicate()
                return args, None, b"", b"", time.monotonic() - start
            used = now


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cli")
    parser.add_argument("--seed", type=int,
                        default=int(os.environ.get("ROPE_CLI_CAMPAIGN_SEED", "0")) or None)
    parser.add_argument("--count", type=int,
                        default=int(os.environ.get("ROPE_CLI_CAMPAIGN_COUNT", "2000")))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--data", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "data"))
    a = parser.parse_args()
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(1, 1 << 31)
    print("cli_campaign: seed %d, %d invocations (replay: cli_campaign.py %s --seed %d)"
          % (seed, a.count, a.cli, seed), flush=True)
    rng = random.Random(seed)

    commands = parse_commands(a.cli)
    if not commands:
        print("cli_campaign: no commands found in '%s --help'" % a.cli)
        return 1
    options = {c: parse_options(a.cli, c) for c in commands}
    # Valid ids, to get past the first check often enough: from the built-in help texts.
    presets = sorted(f[:-5] for f in os.listdir(os.path.join(a.data, "..", "..", "resources",
                                                              "presets")) if f.endswith(".json"))
    freqs_help = subprocess.run([a.cli, "freqs", "--help"], capture_output=True,
                                text=True).stdout
    methods = sorted(set(re.findall(r"\b(default|linear|ntk|dynamic|yarn|llama3|longrope|"
                                    r"proportional)\b", freqs_help))) or ["default"]
    try:
        listed = json.loads(subprocess.run([a.cli, "figure", "--list"], capture_output=True,
                                           text=True).stdout)
        panels = sorted(p["id"] for p in listed)
    except (ValueError, KeyError, TypeError):
        panels = []
    panels = panels or ["heatmap"]
    panel_options = parse_panel_options(a.cli, panels)
    print("cli_campaign: %d panels, %d panel options from --list-options"
          % (len(panels), sum(len(v) for v in panel_options.values())), flush=True)

    work = tempfile.mkdtemp(prefix="rope-cli-campaign-")
    gen = Generator(rng, a.data, work, presets, methods, panels, panel_options)
    plan = []
    for k in range(a.count):
        command = commands[k % len(commands)] if k < len(commands) * 3 else rng.choice(commands)
        plan.append(bound_min_base(gen.invocation(command, options[command])))
    # A few malformed top-level invocations, and the invocations that once failed (fixed rows).
    plan[:0] = [[], ["--bogus"], ["nope"], [""], ["-h"], ["--version"]] + REGRESSIONS

    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    failures = []
    counts = {0: 0, 2: 0}
    per_command = {}
    slowest = (0.0, [])
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for args, code, out, err, seconds in pool.map(lambda x: run_one(a.cli, x, env), plan):
            cmdline = shlex.join([a.cli] + args)
            name = args[0] if args else "(none)"
            per_command[name] = per_command.get(name, 0) + 1
            if seconds > slowest[0]:
                slowest = (seconds, args)
            stdout = out.decode("utf-8", "replace")
            stderr = err.decode("utf-8", "replace")
            if code is None:
                failures.append("hung (under %.1f s of CPU in %.0f s of wall time): %s"
                                % (HANG_CPU_S, WALL_LIMIT_S, cmdline))
                continue
            if code == -signal.SIGXCPU:
                failures.append("over %.0f s of CPU: %s" % (TIMEOUT_S, cmdline))
                continue
            # doctor's documented exit 1: an error-level check fired (and says so on stdout).
            doctor_found = (args and args[0] == "doctor" and code == 1
                            and ('"severity":"error"' in stdout or stdout.startswith("error [")))
            if code not in (0, 2) and not doctor_found:
                failures.append("exit %d: %s\n    stderr: %s" % (code, cmdline, stderr.strip()[:500]))
                continue
            counts[code] = counts.get(code, 0) + 1
            if code == 2 and not stderr.strip():
                failures.append("exit 2 without a message: %s" % cmdline)
            bad = non_finite_in(stdout)
            if bad:
                failures.append("non-finite number '%s' on stdout: %s" % (bad, cmdline))
            for f in os.listdir(work):
                path = os.path.join(work, f)
                if os.path.isfile(path):
                    os.remove(path)
    elapsed = time.monotonic() - start
    total = len(plan)
    print("cli_campaign: %d invocations in %.1f s: %d exit 0, %d exit 2, %d failures; slowest "
          "%.2f s: %s" % (total, elapsed, counts[0], counts[2], len(failures), slowest[0],
                          shlex.join(slowest[1])))
    print("cli_campaign: per command: " + ", ".join("%s %d" % kv for kv in sorted(per_command.items())))
    for f in failures[:50]:
        print("FAIL " + f)
    if failures:
        print("cli_campaign: seed %d failed; rerun a single line above, or the whole campaign "
              "with --seed %d" % (seed, seed))
    try:
        os.rmdir(work)
    except OSError:
        pass
    passed = total - len(failures)
    print("%d passed, %d failed" % (passed, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
