#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes rope-cli(1) from the program's own help, so the page lists exactly the subcommands
and options the program defines (the option tables live in app/cli/cmd_*.cpp).

    rope_cli_man.py --cli build/bin/rope-cli --template packaging/man/rope-cli.1.in \
        --output build/packaging/rope-cli.1 --version 0.1.0 --date 2026-11-23

The subcommands come from the "Commands:" list of `rope-cli --help`; each one's description
and options from `rope-cli <command> --help` (QCommandLineParser's format). Anything this
script cannot parse is an error, never a silently shorter page.
"""

import argparse
import os
import re
import subprocess
import sys

# "  -h, --help", "  --dim <n>", "  -m <M>", "  --out <F.png|svg|pdf|csv>": the option names
# (single or double dash, comma separated) and an optional <value name>, then the description.
# Qt pads the names column with at least one space, so the split cannot rely on two spaces.
OPTION_LINE = re.compile(
    r"^  (?P<names>--?[A-Za-z0-9][\w-]*(?:, --?[A-Za-z0-9][\w-]*)*)"
    r"(?: (?P<value><[^>]*>))?(?: +(?P<text>.*))?$")
# QCommandLineParser (qcommandlineparser.cpp, wrapText) fills help lines to 79 columns plus the
# one it may overrun by when it has to cut a word.
WRAP_COLUMN = 79
# "  file    A session …": a positional argument in the "Arguments:" section.
ARGUMENT_LINE = re.compile(r"^  (?P<names>\S+)(?: +(?P<text>.*))?$")


def fail(message):
    sys.exit(f"rope_cli_man.py: {message}")


def run_help(cli, args):
    # Commands that draw figures create a QApplication even for --help; offscreen needs no display.
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    command = [cli, *args, "--help"]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120,
                            check=False)
    if result.returncode != 0:
        fail(f"'{' '.join(command)}' exited with status {result.returncode}: "
             f"{result.stderr.strip()}")
    return result.stdout


def roff(text):
    """Escapes plain text for roff: backslashes, every '-' (so options copy as ASCII hyphens),
    a break point after '|', non-ASCII characters as groff's \\[uXXXX] (the page stays ASCII,
    whatever the locale), and a leading control character."""
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\e")
        elif ch == "-":
            out.append("\\-")
        elif ch == "|":
            out.append("|\\:")  # a break point, so long choice lists a|b|c can wrap
        elif ord(ch) > 127:
            out.append(f"\\[u{ord(ch):04X}]")
        else:
            out.append(ch)
    escaped = "".join(out)
    if escaped.startswith((".", "'")):
        escaped = "\\&" + escaped
    return escaped


def parse_commands(top_help):
    """(name, summary) pairs from the "Commands:" block of `rope-cli --help`."""
    lines = top_help.splitlines()
    try:
        start = lines.index("Commands:") + 1
    except ValueError:
        fail("no 'Commands:' section in 'rope-cli --help'")
    commands = []
    for line in lines[start:]:
        if not line.strip():
            break
        match = re.match(r"^  ([a-z0-9][a-z0-9-]*) +(\S.*)$", line)
        if not match:
            fail(f"cannot parse the command line '{line}' of 'rope-cli --help'")
        commands.append((match.group(1), match.group(2)))
    if not commands:
        fail("'rope-cli --help' lists no commands")
    return commands


def parse_help(text, where):
    """Splits QCommandLineParser help into (description lines, [(section, entries)]), each
    entry a (names, value name or None, description) triple."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("Usage: "):
        fail(f"{where}: help does not start with 'Usage: '")
    first_section = next((k for k, line in enumerate(lines) if line in ("Options:", "Arguments:")),
                         None)
    if first_section is None:
        fail(f"{where}: help has no 'Options:' section")
    description = lines[1:first_section]
    while description and not description[-1].strip():
        description.pop()
    sections = []
    for line in lines[first_section:]:
        if line in ("Options:", "Arguments:"):
            sections.append((line[:-1], []))
            continue
        if not line.strip():
            continue
        entries = sections[-1][1]
        pattern = OPTION_LINE if sections[-1][0] == "Options" else ARGUMENT_LINE
        match = pattern.match(line)
        if match:
            text = match.group("text") or ""
            entries.append([match.group("names"), match.groupdict().get("value"), text])
            previous = (line, text)
        elif line.startswith("   ") and entries:
            # Qt wraps long descriptions onto lines indented to the description column, at a
            # space (dropped), or, when a word has none, in the middle of it at the last column.
            # A full-width segment without spaces is such a cut and joins without a space.
            hard_cut = len(previous[0]) >= WRAP_COLUMN and " " not in previous[1]
            entries[-1][2] += ("" if hard_cut else " ") + line.strip()
            entries[-1][2] = entries[-1][2].strip()
            previous = (line, line.strip())
        else:
            fail(f"{where}: cannot parse help line '{line}'")
    for name, entries in sections:
        if not entries:
            fail(f"{where}: empty '{name}:' section")
    return description, [(name, [tuple(e) for e in entries]) for name, entries in sections]


def description_roff(lines):
    """The author's line breaks are kept (.br), indented lines (tables such as the list of
    scaling methods) are set without filling, blank lines start a new paragraph."""
    out = []
    in_table = False
    for line in lines:
        indented = line.startswith(" ")
        if not line.strip():
            if in_table:
                out.append(".fi")
                in_table = False
            out.append(".PP")
            continue
        if indented and not in_table:
            out.append(".nf")
            in_table = True
        elif not indented and in_table:
            out.append(".fi")
            in_table = False
        out.append(roff(line))
        if not in_table:
            out.append(".br")
    if in_table:
        out.append(".fi")
    return out


def entries_roff(sections):
    out = []
    for name, entries in sections:
        if len(sections) > 1 or name != "Options":
            out += [".PP", f"{name}:"]
        for names, value, text in entries:
            label = ", ".join(f"\\fB{roff(n)}\\fR" for n in names.split(", "))
            if value:
                label += f" \\fI{roff(value)}\\fR"
            out += [".TP", label, roff(text)]
    return out


def generate(cli, template, version, date):
    top_help = run_help(cli, [])
    # Its description part holds the "Commands:" list, read by parse_commands() below.
    _, top_sections = parse_help(top_help, "rope-cli --help")
    options = entries_roff(top_sections)
    commands = []
    for name, summary in parse_commands(top_help):
        where = f"rope-cli {name} --help"
        description, sections = parse_help(run_help(cli, [name]), where)
        commands += [f'.SS "{roff(name)}"', roff(summary[:1].upper() + summary[1:] + "."), ".PP",
                     f"\\fBrope\\-cli {roff(name)}\\fR [\\fIoptions\\fR]", ".PP"]
        commands += description_roff(description)
        commands += entries_roff(sections)
    page = template
    for key, value in (("@OPTIONS@", "\n".join(options)), ("@COMMANDS@", "\n".join(commands)),
                       ("@PROJECT_VERSION@", version), ("@ROPE_MAN_DATE@", date)):
        if key not in page:
            fail(f"template has no {key}")
        page = page.replace(key, value)
    return page


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True, help="the built rope-cli")
    parser.add_argument("--template", required=True, help="packaging/man/rope-cli.1.in")
    parser.add_argument("--output", required=True, help="the page to write")
    parser.add_argument("--version", required=True)
    parser.add_argument("--date", required=True, help="date shown in the page footer")
    args = parser.parse_args()
    with open(args.template, encoding="utf-8") as f:
        template = f.read()
    page = generate(args.cli, template, args.version, args.date)
    # Written whole or not at all, so a failed run never leaves a page that looks current.
    partial = args.output + ".part"
    with open(partial, "w", encoding="ascii") as f:
        f.write(page)
    os.replace(partial, args.output)


if __name__ == "__main__":
    main()
