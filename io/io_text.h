// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>

/// \file io_text.h
/// IoText::tr("…") translates the loaders' messages (context "Io") that the window shows and
/// rope-cli prints. Field names and the "(file): " prefix the window matches stay untranslated:
/// only the explanation after them is text for people.

namespace rope::io {

class IoText {
    Q_DECLARE_TR_FUNCTIONS(Io)
};

} // namespace rope::io
