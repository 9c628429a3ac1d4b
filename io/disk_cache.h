// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

/// \file disk_cache.h
/// One folder of results that took long to compute (the base-bound panel's dense b*(L) curves
/// and published-table checks: minutes of CPU the first time), read back on the next start.
/// The one place that writes the cache folder: every file goes through writeFileAtomically()
/// (a failed write leaves the previous file intact), the folder is kept under a size bound by
/// removing the oldest files, and every failure comes back as a sentence naming the file and
/// the cause. A cache is never needed for a correct answer: a missing or unreadable file only
/// costs the time to compute it again.

namespace rope::io {

class DiskCache {
public:
    /// Bound of the folder's total size by default: the dense curves of every d take about
    /// 120 KiB each, the published checks 1 KiB.
    static constexpr qint64 kDefaultMaxBytes = 16 * 1024 * 1024;

    /// \brief The cache in \p folder (created on the first write), whose files together stay
    /// within \p maxBytes.
    explicit DiskCache(QString folder, qint64 maxBytes = kDefaultMaxBytes);

    /// \brief The application's cache: QStandardPaths::CacheLocation (its test-mode folder under
    /// QStandardPaths::setTestModeEnabled()).
    static DiskCache standard();

    const QString& folder() const noexcept { return m_folder; }
    qint64 maxBytes() const noexcept { return m_maxBytes; }

    /// \brief The bytes stored under \p key, or nullopt when there are none (never written,
    /// removed to keep the bound, unreadable, or an invalid key).
    std::optional<QByteArray> read(const QString& key) const;

    /// \brief Stores \p bytes under \p key atomically, then removes the oldest other files
    /// while the folder exceeds the bound.
    /// \param key a file name: letters, digits, '.', '-' and '_', 1 … 100 characters.
    /// \return empty on success, else a sentence: "cannot write the cache file <path>: <cause>"
    /// (an invalid key, a value larger than the whole bound, a folder that cannot be made, a
    /// full disk …).
    QString write(const QString& key, const QByteArray& bytes) const;

    /// \brief Whether \p key may name an entry (see write()).
    static bool validKey(const QString& key);

private:
    QString path(const QString& key) const;
    void trim(const QString& keep) const;

    QString m_folder;
    qint64 m_maxBytes;
};

} // namespace rope::io
