// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

/// \file file_access.h
/// Writing files so that nothing is lost: sessions, figure exports and animations all go
/// through writeFileAtomically().

namespace rope::io {

/// \brief Writes \p bytes to \p path through QSaveFile: a temporary file beside the target,
/// flushed and renamed over it only when complete, so a failure (full disk, read-only folder,
/// a path that is a directory) leaves the previous file byte-identical.
/// \return empty on success, else a sentence naming the cause (e.g. "No space left on device").
QString writeFileAtomically(const QString& path, const QByteArray& bytes);

} // namespace rope::io
