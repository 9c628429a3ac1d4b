// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/file_access.h"
#include "io/io_text.h"

#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstring>

namespace rope::io {

namespace {

// QSaveFile reports a failed flush on a full disk as "Unknown error"; the system's errno from
// the failed write (ENOSPC, EDQUOT, EFBIG) still names the cause.
QString reason(const QFileDevice& file, int savedErrno) {
    const bool vague = file.error() == QFileDevice::NoError ||
                       file.errorString() == QLatin1String("Unknown error");
    if (vague && savedErrno != 0) {
        return QString::fromLocal8Bit(std::strerror(savedErrno));
    }
    return file.errorString();
}

} // namespace

QString writeFileAtomically(const QString& path, const QByteArray& bytes) {
    // Qt decodes file-name bytes that are not UTF-8 (e.g. Latin-1 0xFF) to U+FFFD, and encoding
    // that back gives EF BF BD: the write would create a second, differently named file and
    // leave the one the user chose unchanged while reporting success. Refused by name instead
    // (rope-cli refuses such names already when it reads its arguments).
    if (path.contains(QChar(QChar::ReplacementCharacter))) {
        return QStringLiteral("the file name %1 is not valid UTF-8 (file names must be UTF-8 "
                              "here)")
            .arg(path);
    }
    if (QFileInfo(path).isDir()) {
        return IoText::tr("%1 is a directory").arg(path);
    }
    QSaveFile file(path);
    // No direct-write fallback (Qt's default in some cases): writing in place could leave half
    // a file.
    file.setDirectWriteFallback(false);
    if (!file.open(QIODevice::WriteOnly)) {
        return file.errorString();
    }
    errno = 0;
    const qint64 written = file.write(bytes);
    if (written != bytes.size()) {
        const int saved = errno;
        const QString why = written < 0 ? reason(file, saved)
                                        : IoText::tr("only %1 of %2 bytes written (%3)")
                                              .arg(written)
                                              .arg(bytes.size())
                                              .arg(reason(file, saved));
        file.cancelWriting();
        return why;
    }
    // Flush here and check it: QSaveFile::commit() ignores a failed flush of its write buffer
    // (Qt 6.4), so a file under the 16 KiB buffer on a full disk was committed truncated over
    // the old one (tst_file_access::aFullDiskDuringFlushKeepsTheOldFile).
    errno = 0;
    if (!file.flush()) {
        const QString why = reason(file, errno);
        file.cancelWriting();
        return why;
    }
    // commit() fsyncs and renames over the target; only then is the old file gone.
    errno = 0;
    if (!file.commit()) {
        return reason(file, errno);
    }
    return {};
}

} // namespace rope::io
