// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Atomic writes under file-system faults: the error names the cause, and the previous file
// stays byte-identical.
#include "io/file_access.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>
#include <unistd.h>

using rope::io::writeFileAtomically;

namespace {

QByteArray contents(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
}

} // namespace

class TestFileAccess : public QObject {
    Q_OBJECT

private slots:
    void writesAndReplaces() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.csv"));
        QCOMPARE(writeFileAtomically(path, "old\n"), QString());
        QCOMPARE(writeFileAtomically(path, "new\n"), QString());
        QCOMPARE(contents(path), QByteArray("new\n"));
    }

    void aDirectoryIsNamed() {
        QTemporaryDir dir;
        const QString why = writeFileAtomically(dir.path(), "x");
        QVERIFY2(why.contains(QStringLiteral("is a directory")), qPrintable(why));
    }

    void aMissingFolderIsAnError() {
        QTemporaryDir dir;
        const QString why = writeFileAtomically(dir.filePath(QStringLiteral("no/such/a.csv")), "x");
        QVERIFY(!why.isEmpty());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("no"))));
    }

    void aReadOnlyFolderKeepsTheOldFile() {
        if (::geteuid() == 0) {
            QSKIP("root writes into read-only folders; the full-disk case covers the rollback");
        }
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("keep.csv"));
        QCOMPARE(writeFileAtomically(path, "old\n"), QString());
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
        const QString why = writeFileAtomically(path, "new\n");
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(!why.isEmpty());
        QCOMPARE(contents(path), QByteArray("old\n"));
    }

    void aFullDiskKeepsTheOldFileAndSaysWhy() {
        // A full disk injected without root: RLIMIT_FSIZE makes every write past the limit fail
        // with EFBIG, as ENOSPC would (SIGXFSZ ignored so the process lives).
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("keep.png"));
        QCOMPARE(writeFileAtomically(path, "old\n"), QString());
        const QByteArray big(1 << 20, 'x');
        rlimit old{};
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &old), 0);
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit small = old;
        small.rlim_cur = 4096;
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
        const QString why = writeFileAtomically(path, big);
        ::setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, previousHandler);
        QVERIFY2(!why.isEmpty() && !why.contains(QStringLiteral("Unknown error")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("File too large")), qPrintable(why));
        QCOMPARE(contents(path), QByteArray("old\n"));
        // No temporary file is left beside it.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("keep.png")});
    }

    void aFullDiskDuringFlushKeepsTheOldFile() {
        // Found by tst_file_faults: a file smaller than QFileDevice's 16 KiB write buffer reaches
        // the disk only when it is flushed, and QSaveFile::commit() ignored that flush failing —
        // the old file was replaced by the first 1024 bytes of the new one.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("keep.ropex"));
        QCOMPARE(writeFileAtomically(path, "old\n"), QString());
        const QByteArray small(2000, 'x'); // over the limit below, under the buffer
        rlimit old{};
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &old), 0);
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limited = old;
        limited.rlim_cur = 1024;
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &limited), 0);
        const QString why = writeFileAtomically(path, small);
        ::setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, previousHandler);
        QVERIFY2(why.contains(QStringLiteral("File too large")), qPrintable(why));
        QCOMPARE(contents(path), QByteArray("old\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                 QStringList{QStringLiteral("keep.ropex")});
    }
};

QTEST_MAIN(TestFileAccess)
#include "tst_file_access.moc"
