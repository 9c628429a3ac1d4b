#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a dpkg status file describing a minimal Debian system, for apt to simulate an
install on a fresh machine without a container:

    minimal_dpkg_status.py /var/lib/dpkg/status > minimal-status
    apt-get install --simulate -o Dir::State::status=minimal-status ./rope-explorer_*.deb

The minimal system is what debootstrap's minbase variant installs: every package of priority
"required" or marked Essential, plus what they depend on. It is taken from this machine's
installed packages (so their versions are the ones apt knows), each dependency satisfied by
the first installed alternative or by a package that provides it.
"""

import re
import sys


def field(stanza, name):
    match = re.search(rf"^{name}: (.*)$", stanza, re.MULTILINE)
    return match.group(1) if match else None


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: minimal_dpkg_status.py /var/lib/dpkg/status")
    with open(sys.argv[1], encoding="utf-8") as f:
        stanzas = [s.strip() for s in f.read().split("\n\n") if s.strip()]
    installed = {}  # name -> stanzas (one per architecture)
    providers = {}  # virtual package -> a real installed package providing it
    for stanza in stanzas:
        if field(stanza, "Status") != "install ok installed":
            continue
        name = field(stanza, "Package")
        installed.setdefault(name, []).append(stanza)
        for item in (field(stanza, "Provides") or "").split(","):
            if item.strip():
                providers.setdefault(item.split()[0], name)

    def base(stanzas_of_package):
        return any(field(s, "Priority") == "required" or field(s, "Essential") == "yes"
                   for s in stanzas_of_package)

    keep = {name for name, of_package in installed.items() if base(of_package)}
    if not keep:
        sys.exit("minimal_dpkg_status.py: no required or Essential package in " + sys.argv[1])
    todo = list(keep)
    while todo:
        for stanza in installed[todo.pop()]:
            relations = ",".join(filter(None, (field(stanza, "Pre-Depends"),
                                               field(stanza, "Depends"))))
            for group in filter(str.strip, relations.split(",")):
                for alternative in group.split("|"):
                    name = alternative.split()[0].split(":")[0]
                    found = name if name in installed else providers.get(name)
                    if found:
                        if found not in keep:
                            keep.add(found)
                            todo.append(found)
                        break
    sys.stdout.write("\n\n".join(s for name in sorted(keep) for s in installed[name]) + "\n\n")
    print(f"minimal_dpkg_status.py: {len(keep)} of {len(installed)} installed packages",
          file=sys.stderr)


if __name__ == "__main__":
    main()
