// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/disk_cache.h"

#include "io/file_access.h"
#include "io/io_text.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include <utility>

namespace rope::io {

DiskCache::DiskCache(QString folder, qint64 maxBytes)
    : m_folder(std::move(folder)), m_maxBytes(maxBytes) {}

DiskCache DiskCache::standard() {
    return DiskCache(QStandardPaths::writableLocation(QStandardPaths::CacheLocation));
}

bool DiskCache::validKey(const QString& key) {
    // A plain file name in the folder: no separators, no "..", nothing a shell would quote.
    static const QRegularExpression allowed(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$"));
    return allowed.match(key).hasMatch();
}

QString DiskCache::path(const QString& key) const {
    return QDir(m_folder).filePath(key);
}

std::optional<QByteArray> DiskCache::read(const QString& key) const {
    if (!validKey(key) || m_folder.isEmpty()) {
        return std::nullopt;
    }
    QFile file(path(key));
    if (!file.open(QIODevice::ReadOnly)) {
        return std::nullopt;
    }
    return file.readAll();
}

QString DiskCache::write(const QString& key, const QByteArray& bytes) const {
    const auto failure = [&](const QString& cause) {
        return IoText::tr("cannot write the cache file %1: %2").arg(path(key), cause);
    };
    if (m_folder.isEmpty()) {
        return IoText::tr("cannot write the cache file %1: no cache folder on this system")
            .arg(key);
    }
    if (!validKey(key)) {
        return failure(IoText::tr("the key is not a plain file name (letters, digits, '.', '-', "
                                  "'_', at most 100)"));
    }
    if (bytes.size() > m_maxBytes) {
        return failure(IoText::tr("%1 bytes exceed the cache's bound of %2 bytes")
                           .arg(bytes.size())
                           .arg(m_maxBytes));
    }
    if (!QDir().mkpath(m_folder)) {
        return failure(IoText::tr("the folder %1 cannot be created").arg(m_folder));
    }
    const QString why = writeFileAtomically(path(key), bytes);
    if (!why.isEmpty()) {
        return failure(why);
    }
    trim(key);
    return {};
}

void DiskCache::trim(const QString& keep) const {
    // Newest first; the entry just written is never removed (it fits the bound by itself).
    const QFileInfoList files =
        QDir(m_folder).entryInfoList(QDir::Files | QDir::NoDotAndDotDot, QDir::Time);
    qint64 total = 0;
    for (const QFileInfo& f : files) {
        total += f.size();
    }
    for (auto it = files.crbegin(); it != files.crend() && total > m_maxBytes; ++it) {
        if (it->fileName() == keep) {
            continue;
        }
        if (QFile::remove(it->absoluteFilePath())) {
            total -= it->size();
        }
    }
}

} // namespace rope::io
