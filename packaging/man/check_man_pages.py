#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that the manual pages list what the programs accept.

    check_man_pages.py --cli BIN/rope-cli --cli-page rope-cli.1 \
        [--gui BIN/rope-explorer --gui-page rope-explorer.1]

rope-cli(1): every command of `rope-cli --help` has its own .SS section, and every option of
`rope-cli <command> --help` appears in that section; the top-level options appear in OPTIONS.
rope-explorer(1): every option of `rope-explorer --help` appears in the page.
Both pages must format with no groff warning.

This is deliberately a second, simpler reading of the help text than the generator's
(rope_cli_man.py): option names are picked out with one regular expression and looked up in
the page's plain text, so a generator that drops or mangles an entry fails here.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

# The comma-separated option names that start a help line ("  -h, --help  Show…").
NAMES = re.compile(r"^  (--?[A-Za-z0-9][\w-]*(?:, --?[A-Za-z0-9][\w-]*)*)")


def help_text(program, args):
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    result = subprocess.run([program, *args, "--help"], capture_output=True, text=True, env=env,
                            timeout=120, check=False)
    if result.returncode != 0:
        sys.exit(f"check_man_pages.py: {program} {' '.join(args)} --help exited with status "
                 f"{result.returncode}: {result.stderr.strip()}")
    return result.stdout


def option_names(text):
    """Names in the "Options:" section of QCommandLineParser help."""
    lines = text.splitlines()
    if "Options:" not in lines:
        sys.exit("check_man_pages.py: help has no 'Options:' section:\n" + text)
    names = []
    for line in lines[lines.index("Options:") + 1:]:
        if line and not line.startswith(" "):
            break  # next section ("Arguments:")
        match = NAMES.match(line)
        if match:
            names += match.group(1).split(", ")
    return names


def plain(page):
    """The page's text without roff escapes for fonts, hyphens, break points and zero-width
    marks."""
    text = re.sub(r"\\f(?:\[[A-Z]*\]|[BIRP])", "", page)
    text = text.replace("\\-", "-").replace("\\:", "").replace("\\&", "")
    text = text.replace("\\e", "\\")
    return text


def contains(text, name):
    return re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text) is not None


def sections(page):
    """{.SS title: text until the next .SS or .SH}."""
    result = {}
    title = None
    for line in page.splitlines():
        if line.startswith((".SS", ".SH")):
            title = line.split(None, 1)[1].strip().strip('"') if line.startswith(".SS") else None
            if title is not None:
                result[title] = ""
        elif title is not None:
            result[title] += line + "\n"
    return result


def groff_warnings(path):
    groff = shutil.which("groff")
    if groff is None:
        sys.exit("check_man_pages.py: groff not found (Debian: groff-base)")
    result = subprocess.run([groff, "-man", "-ww", "-z", "-Tutf8", path], capture_output=True,
                            text=True, check=False)
    return result.stderr.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--cli-page", required=True)
    parser.add_argument("--gui")
    parser.add_argument("--gui-page")
    args = parser.parse_args()
    problems = []

    with open(args.cli_page, encoding="utf-8") as f:
        page = plain(f.read())
    by_section = sections(page)
    top = help_text(args.cli, [])
    commands = re.findall(r"^  ([a-z0-9][a-z0-9-]*) ", top.split("\nCommands:\n", 1)[-1].split(
        "\n\n", 1)[0], re.MULTILINE)
    if not commands:
        problems.append("rope-cli --help lists no commands")
    options_section = page.split(".SH OPTIONS", 1)[-1].split(".SH COMMANDS", 1)[0]
    checked = 0
    for name in option_names(top):
        checked += 1
        if not contains(options_section, name):
            problems.append(f"{args.cli_page}: top-level option {name} missing from OPTIONS")
    for command in commands:
        if command not in by_section:
            problems.append(f"{args.cli_page}: no section for command '{command}'")
            continue
        for name in option_names(help_text(args.cli, [command])):
            checked += 1
            if not contains(by_section[command], name):
                problems.append(f"{args.cli_page}: '{command}' option {name} missing")
    warnings = groff_warnings(args.cli_page)
    if warnings:
        problems.append(f"{args.cli_page}: groff warnings:\n{warnings}")
    print(f"{args.cli_page}: {len(commands)} commands, {checked} options checked")

    if args.gui:
        with open(args.gui_page, encoding="utf-8") as f:
            gui_page = plain(f.read())
        names = option_names(help_text(args.gui, []))
        for name in names:
            if not contains(gui_page, name):
                problems.append(f"{args.gui_page}: option {name} missing")
        warnings = groff_warnings(args.gui_page)
        if warnings:
            problems.append(f"{args.gui_page}: groff warnings:\n{warnings}")
        print(f"{args.gui_page}: {len(names)} options checked")

    for p in problems:
        print("FAIL: " + p, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
