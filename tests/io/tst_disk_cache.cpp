// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The one cache object (io/disk_cache.h): what is written is read back, the folder stays under
// its bound (oldest files go first), a failed write keeps the previous entry and says which
// file and why, and a key cannot leave the folder.
#include "io/disk_cache.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

using rope::io::DiskCache;

namespace {

// Sets a file's modification time, so the order of age does not depend on the clock's grain.
void age(const QString& path, int secondsAgo) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(-secondsAgo),
                             QFileDevice::FileModificationTime));
}

} // namespace

class TestDiskCache : public QObject {
    Q_OBJECT

private slots:
    void writesAndReadsBack() {
        QTemporaryDir dir;
        const DiskCache cache(dir.filePath(QStringLiteral("made/on/first/write")));
        QVERIFY(!cache.read(QStringLiteral("a.json")).has_value());
        QCOMPARE(cache.write(QStringLiteral("a.json"), "[1,2]"), QString());
        QCOMPARE(cache.read(QStringLiteral("a.json")).value_or("<none>"), QByteArray("[1,2]"));
        QCOMPARE(cache.write(QStringLiteral("a.json"), "[3]"), QString());
        QCOMPARE(cache.read(QStringLiteral("a.json")).value_or("<none>"), QByteArray("[3]"));
    }

    void theOldestFilesGoBeyondTheBound() {
        QTemporaryDir dir;
        const DiskCache cache(dir.path(), 250);
        QCOMPARE(cache.write(QStringLiteral("old"), QByteArray(100, 'o')), QString());
        QCOMPARE(cache.write(QStringLiteral("mid"), QByteArray(100, 'm')), QString());
        age(dir.filePath(QStringLiteral("old")), 200);
        age(dir.filePath(QStringLiteral("mid")), 100);
        // 300 bytes > 250: the oldest goes, the newest two stay (200 bytes).
        QCOMPARE(cache.write(QStringLiteral("new"), QByteArray(100, 'n')), QString());
        QVERIFY(!cache.read(QStringLiteral("old")).has_value());
        QVERIFY(cache.read(QStringLiteral("mid")).has_value());
        QVERIFY(cache.read(QStringLiteral("new")).has_value());
        // A value larger than the whole bound is refused by name, and nothing is removed.
        const QString why = cache.write(QStringLiteral("huge"), QByteArray(251, 'h'));
        QVERIFY2(why.contains(QStringLiteral("huge")) && why.contains(QStringLiteral("251")),
                 qPrintable(why));
        QVERIFY(cache.read(QStringLiteral("mid")).has_value());
    }

    void aKeyCannotLeaveTheFolder() {
        QTemporaryDir dir;
        const DiskCache cache(dir.filePath(QStringLiteral("inner")));
        for (const char* key : {"../escape", "a/b", "", ".hidden", "..", "a b"}) {
            const QString why = cache.write(QString::fromLatin1(key), "x");
            QVERIFY2(why.startsWith(QStringLiteral("cannot write the cache file")), key);
            QVERIFY(!cache.read(QString::fromLatin1(key)).has_value());
        }
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("escape"))));
    }

    void aFailedWriteKeepsTheEntryAndSaysWhy() {
        // A full disk injected without root, as in tst_file_access: RLIMIT_FSIZE makes a write
        // past the limit fail with EFBIG.
        QTemporaryDir dir;
        const DiskCache cache(dir.path());
        QCOMPARE(cache.write(QStringLiteral("curve.json"), "old"), QString());
        rlimit old{};
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &old), 0);
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit small = old;
        small.rlim_cur = 1024;
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
        const QString why = cache.write(QStringLiteral("curve.json"), QByteArray(4096, 'x'));
        ::setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, previousHandler);
        QVERIFY2(why.startsWith(QStringLiteral("cannot write the cache file ")) &&
                     why.contains(QStringLiteral("curve.json")) &&
                     why.contains(QStringLiteral("File too large")),
                 qPrintable(why));
        QCOMPARE(cache.read(QStringLiteral("curve.json")).value_or("<none>"), QByteArray("old"));
    }

    void aFolderThatCannotBeMadeIsNamed() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("plain-file"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const DiskCache cache(file + QStringLiteral("/sub"));
        const QString why = cache.write(QStringLiteral("a"), "x");
        QVERIFY2(why.contains(QStringLiteral("cannot be created")), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestDiskCache)
#include "tst_disk_cache.moc"
