#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests of rope_cli_man.py's reading of QCommandLineParser help and of its roff output,
on help texts written out here by hand in Qt's layout (the expected values are these texts, not
the generator's own output). Run by CTest as install_man_generator."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rope_cli_man  # noqa: E402  (after the path tweak)

# A help text in QCommandLineParser's layout: description, then option names padded to one
# column; a wrapped description continues on lines indented to that column. The --preset line
# is cut inside a word (no space in 53 columns), as Qt does when a word is too long to wrap.
HELP = """Usage: rope-cli demo [options]
First line of the description.
Output: {"x":[…]}

Table (--method ID):
  default   θ_i = b^(-2i/d)
            flags: --factor

Options:
  --dim <D>                Head dimension d (even).
  --rotary-dim <R>         Rotated dimensions (even, <= dim); default: all
                           (partial rotary).
  --preset <ID>            Start from a built-in model:
                           llama-2-7b|llama-3.1-8b|qwen2.5-7b|mistral-7b|qwen2.5
                           -7b-yarn|gpt-neox-20b. Other flags override it.
  -m <M>                   Query position m.
  --no-truncate            YaRN: keep the range.
  -h, --help               Show this help.

Arguments:
  file                     A session to open.
"""

TOP = """Usage: rope-cli <command> [options]

Numbers as JSON.

Commands:
  freqs     inverse frequencies
  min-base  smallest base

Options:
  -h, --help     Show this help.
  -v, --version  Show the version.
"""


class ParseHelp(unittest.TestCase):
    def test_description_stops_before_options(self):
        description, _ = rope_cli_man.parse_help(HELP, "demo")
        self.assertEqual(description[0], "First line of the description.")
        self.assertEqual(description[-1], "            flags: --factor")

    def test_entries(self):
        _, sections = rope_cli_man.parse_help(HELP, "demo")
        self.assertEqual([name for name, _ in sections], ["Options", "Arguments"])
        options = sections[0][1]
        self.assertEqual(options[0], ("--dim", "<D>", "Head dimension d (even)."))
        self.assertEqual(options[3], ("-m", "<M>", "Query position m."))
        self.assertEqual(options[4], ("--no-truncate", None, "YaRN: keep the range."))
        self.assertEqual(options[5], ("-h, --help", None, "Show this help."))
        self.assertEqual(sections[1][1], [("file", None, "A session to open.")])

    def test_wrapped_at_a_space_joins_with_a_space(self):
        _, sections = rope_cli_man.parse_help(HELP, "demo")
        self.assertEqual(sections[0][1][1][2],
                         "Rotated dimensions (even, <= dim); default: all (partial rotary).")

    def test_cut_inside_a_word_joins_without_a_space(self):
        _, sections = rope_cli_man.parse_help(HELP, "demo")
        self.assertEqual(sections[0][1][2][2],
                         "Start from a built-in model: llama-2-7b|llama-3.1-8b|qwen2.5-7b|"
                         "mistral-7b|qwen2.5-7b-yarn|gpt-neox-20b. Other flags override it.")

    def test_no_options_section_is_an_error(self):
        with self.assertRaises(SystemExit):
            rope_cli_man.parse_help("Usage: rope-cli x\nJust text.\n", "x")

    def test_unparsable_line_is_an_error(self):
        with self.assertRaises(SystemExit):
            rope_cli_man.parse_help("Usage: x\n\nOptions:\nnot an option line\n", "x")

    def test_commands(self):
        self.assertEqual(rope_cli_man.parse_commands(TOP),
                         [("freqs", "inverse frequencies"), ("min-base", "smallest base")])

    def test_name_run_into_its_summary_is_an_error(self):
        with self.assertRaises(SystemExit):
            rope_cli_man.parse_commands("Commands:\n  positional1summary\n\n")


class Roff(unittest.TestCase):
    def test_escapes(self):
        self.assertEqual(rope_cli_man.roff("--dim"), "\\-\\-dim")
        self.assertEqual(rope_cli_man.roff("a\\b"), "a\\eb")
        self.assertEqual(rope_cli_man.roff("θ_i"), "\\[u03B8]_i")
        self.assertEqual(rope_cli_man.roff("a|b"), "a|\\:b")
        self.assertEqual(rope_cli_man.roff(".x"), "\\&.x")
        self.assertEqual(rope_cli_man.roff("'x"), "\\&'x")

    def test_option_entry(self):
        lines = rope_cli_man.entries_roff([("Options", [("-h, --help", None, "Help."),
                                                        ("--dim", "<D>", "Head dim.")])])
        self.assertEqual(lines, [".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "Help.",
                                 ".TP", "\\fB\\-\\-dim\\fR \\fI<D>\\fR", "Head dim."])

    def test_description_keeps_tables_unfilled(self):
        lines = rope_cli_man.description_roff(["Text.", "", "  a  b", "  c  d", "More."])
        self.assertEqual(lines, ["Text.", ".br", ".PP", ".nf", "  a  b", "  c  d", ".fi",
                                 "More.", ".br"])


if __name__ == "__main__":
    unittest.main()
