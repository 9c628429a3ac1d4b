// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// File-system faults at the two places the explorer writes files (issue #18 item 5,
// docs/RELIABILITY.md): figure export (every format) and session save from the window. For a
// missing directory, a path that is a directory, a read-only directory and a full disk the write
// must fail with a message naming the path, and a file already at the path must stay
// byte-identical with no temporary file left beside it. The full disk is injected with
// RLIMIT_FSIZE (works as root, where directory permissions are not enforced); the config and
// session readers' faults are in tst_file_access / tst_session.

#include "figures/figure_registry.h"
#include "io/session.h"
#include "ui/explorer_state.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/render/figure_export.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <QProcess>

#include <csignal>
#include <dirent.h>
#include <string_view>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

using rope::ui::ExportError;
using rope::ui::FigurePanel;
using rope::ui::MainWindow;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Runs \p write with every file this process writes capped at \p bytes (writes past it fail
// with EFBIG, SIGXFSZ ignored): a disk that fills up during the write.
template <typename F> void withFileSizeLimit(rlim_t bytes, F&& write) {
    rlimit saved{};
    QVERIFY(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
    rlimit small = saved;
    small.rlim_cur = bytes;
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    QVERIFY(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    write();
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, oldHandler);
}

// The error box MainWindow::showError() opened, its text; the box is closed.
QString takeErrorBox(MainWindow& w) {
    auto* box = w.findChild<QMessageBox*>(QStringLiteral("error-box"));
    if (box == nullptr) {
        return {};
    }
    const QString text = box->text();
    box->close();
    delete box;
    return text;
}

// Makes \p dir refuse new files: its permissions for an ordinary user; for root (CI runs as
// root, where permissions are not enforced) the immutable attribute, which root's writes obey
// too. False, with a note, where neither works (a file system without chattr support).
bool makeReadOnly(const QString& dir) {
    QFile::setPermissions(dir, QFile::ReadOwner | QFile::ExeOwner);
    const QString probe = dir + QStringLiteral("/probe");
    if (!writeAll(probe, "x")) {
        return true;
    }
    QFile::remove(probe);
    if (QProcess::execute(QStringLiteral("chattr"), {QStringLiteral("+i"), dir}) == 0) {
        if (!writeAll(probe, "x")) {
            return true;
        }
        QFile::remove(probe);
        QProcess::execute(QStringLiteral("chattr"), {QStringLiteral("-i"), dir});
    }
    QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    qInfo("read-only folder not exercised: neither permissions nor chattr +i stop writes here");
    return false;
}

// Undoes makeReadOnly() (the temporary directory must be removable afterwards).
void makeWritable(const QString& dir) {
    QProcess::execute(QStringLiteral("chattr"), {QStringLiteral("-i"), dir});
    QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

// Creates a file whose name has the byte 0xFF (not UTF-8) in \p dir with \p bytes, and returns
// the name as Qt sees it (QFile::decodeName: U+FFFD in place of the byte), which is what a file
// dialog or a directory listing hands to the app.
QString makeNonUtf8File(const QString& dir, const QByteArray& bytes, const char* suffix) {
    const QByteArray raw = QFile::encodeName(dir) + QByteArray("/old\xff.") + suffix;
    const int fd = ::open(raw.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        return {};
    }
    const bool ok = ::write(fd, bytes.constData(), static_cast<size_t>(bytes.size())) ==
                    static_cast<ssize_t>(bytes.size());
    ::close(fd);
    return ok ? QFile::decodeName(raw) : QString();
}

// Entries of \p dir other than . and .., counted by the system (QDir skips names it cannot
// decode).
int rawEntryCount(const QString& dir) {
    int n = 0;
    if (DIR* d = ::opendir(QFile::encodeName(dir).constData())) {
        while (const dirent* e = ::readdir(d)) {
            const std::string_view name(e->d_name);
            n += name != "." && name != ".." ? 1 : 0;
        }
        ::closedir(d);
    }
    return n;
}

// The bytes of the file named by \p raw (a name Qt cannot spell).
QByteArray readRaw(const QByteArray& raw) {
    QByteArray out;
    const int fd = ::open(raw.constData(), O_RDONLY);
    if (fd < 0) {
        return out;
    }
    char buffer[4096];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) {
        out.append(buffer, n);
    }
    ::close(fd);
    return out;
}

} // namespace

class TestFileFaults : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void exportFaults_data() {
        QTest::addColumn<QString>("extension");
        for (const char* ext : {"png", "svg", "pdf", "csv"}) {
            QTest::newRow(ext) << QString::fromLatin1(ext);
        }
    }

    void exportFaults() {
        QFETCH(QString, extension);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        rope::ui::ExplorerState state;
        FigurePanel panel(*rope::figures::findFigure("heatmap"), state);
        panel.setMode(FigurePanel::Mode::Sync);
        panel.resize(900, 600);
        panel.show(); // a hidden panel does not compute
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.refresh();
        QVERIFY(!panel.data().series.empty() || panel.data().colourMap.has_value());

        // Missing directory: an error naming the path, nothing created.
        const QString missing = dir.filePath(QStringLiteral("no/such/dir/out.") + extension);
        QVERIFY_THROWS_EXCEPTION(ExportError, panel.exportTo(missing));
        try {
            panel.exportTo(missing);
        } catch (const ExportError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(missing), e.what());
        }
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("no"))));

        // The path is a directory: refused, the directory and its contents stay.
        const QString asDir = dir.filePath(QStringLiteral("folder.") + extension);
        QVERIFY(QDir().mkdir(asDir));
        QVERIFY(writeAll(asDir + QStringLiteral("/inside.txt"), "keep"));
        try {
            panel.exportTo(asDir);
            QFAIL("exporting onto a directory did not fail");
        } catch (const ExportError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(asDir), e.what());
        }
        QVERIFY(QFileInfo(asDir).isDir());
        QCOMPARE(readAll(asDir + QStringLiteral("/inside.txt")), QByteArray("keep"));

        // A full disk while overwriting an earlier export: the earlier file stays byte-identical
        // and no temporary file is left. 1 KiB is smaller than any of the four formats' output.
        const QString path = dir.filePath(QStringLiteral("old.") + extension);
        const QByteArray old("earlier export, must survive\n");
        QVERIFY(writeAll(path, old));
        QString message;
        withFileSizeLimit(1024, [&] {
            try {
                panel.exportTo(path);
            } catch (const ExportError& e) {
                message = QString::fromUtf8(e.what());
            }
        });
        QVERIFY2(!message.isEmpty(), "export with a full disk did not fail");
        QVERIFY2(message.contains(path), qPrintable(message));
        QCOMPARE(readAll(path), old);
        const QStringList left = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);
        QCOMPARE(left, QStringList{QStringLiteral("old.") + extension});

        // A read-only directory (only where permissions apply to this user).
        const QString ro = dir.filePath(QStringLiteral("ro"));
        QVERIFY(QDir().mkdir(ro));
        const QString roPath = ro + QStringLiteral("/old.") + extension;
        QVERIFY(writeAll(roPath, old));
        if (makeReadOnly(ro)) {
            QVERIFY_THROWS_EXCEPTION(ExportError, panel.exportTo(roPath));
            makeWritable(ro);
            QCOMPARE(readAll(roPath), old);
            QCOMPARE(QDir(ro).entryList(QDir::Files | QDir::Hidden),
                     QStringList{QStringLiteral("old.") + extension});
        }

        // A name that is not UTF-8: refused by name; the file stays byte-identical and no
        // second file (named with U+FFFD's UTF-8 bytes) appears.
        const QString odd = dir.filePath(QStringLiteral("odd"));
        QVERIFY(QDir().mkdir(odd));
        const QString oddPath = makeNonUtf8File(odd, old, qPrintable(extension));
        QVERIFY(!oddPath.isEmpty());
        QString oddMessage;
        try {
            panel.exportTo(oddPath);
        } catch (const ExportError& e) {
            oddMessage = QString::fromUtf8(e.what());
        }
        QVERIFY2(oddMessage.contains(QStringLiteral("not valid UTF-8")), qPrintable(oddMessage));
        QCOMPARE(readRaw(QFile::encodeName(odd) + QByteArray("/old\xff.") +
                         extension.toLatin1()),
                 old);
        QVERIFY(!QFileInfo::exists(oddPath)); // no file named with U+FFFD's UTF-8 bytes
        QCOMPARE(rawEntryCount(odd), 1);
    }

    void sessionSaveFaults() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow w(nullptr, false);

        // The path is a directory.
        const QString asDir = dir.filePath(QStringLiteral("folder.ropex"));
        QVERIFY(QDir().mkdir(asDir));
        QVERIFY(!w.saveSessionTo(asDir));
        const QString dirError = takeErrorBox(w);
        QVERIFY2(dirError.contains(asDir), qPrintable(dirError));
        QVERIFY(QFileInfo(asDir).isDir());
        QVERIFY(w.sessionPath().isEmpty());

        // A full disk while overwriting the session file: the old file stays byte-identical.
        const QString path = dir.filePath(QStringLiteral("old.ropex"));
        QVERIFY(w.saveSessionTo(path));
        const QByteArray old = readAll(path);
        QVERIFY(!old.isEmpty());
        rope::RopeParams p = w.state().params();
        p.base = 500000.0;
        w.state().setParams(p);
        bool saved = true;
        withFileSizeLimit(256, [&] { saved = w.saveSessionTo(path); });
        QVERIFY(!saved);
        const QString fullError = takeErrorBox(w);
        QVERIFY2(fullError.contains(path), qPrintable(fullError));
        QCOMPARE(readAll(path), old);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("old.ropex")});
        // The window still holds the unsaved change and can save it once there is room.
        QVERIFY(w.saveSessionTo(path));
        QVERIFY(rope::io::loadSession(path).session.params.base == 500000.0);

        // A read-only directory (only where permissions apply to this user).
        const QString ro = dir.filePath(QStringLiteral("ro"));
        QVERIFY(QDir().mkdir(ro));
        const QString roPath = ro + QStringLiteral("/s.ropex");
        QVERIFY(writeAll(roPath, old));
        if (makeReadOnly(ro)) {
            QVERIFY(!w.saveSessionTo(roPath));
            makeWritable(ro);
            QVERIFY(takeErrorBox(w).contains(roPath));
            QCOMPARE(readAll(roPath), old);
            QCOMPARE(QDir(ro).entryList(QDir::Files | QDir::Hidden),
                     QStringList{QStringLiteral("s.ropex")});
        }

        // A missing directory: refused by name, nothing created.
        const QString missing = dir.filePath(QStringLiteral("no/such/dir/s.ropex"));
        QVERIFY(!w.saveSessionTo(missing));
        QVERIFY(takeErrorBox(w).contains(missing));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("no"))));

        // A name that is not UTF-8: refused by name, the file stays byte-identical, no second
        // file appears.
        const QString odd = dir.filePath(QStringLiteral("odd"));
        QVERIFY(QDir().mkdir(odd));
        const QString oddPath = makeNonUtf8File(odd, old, "ropex");
        QVERIFY(!oddPath.isEmpty());
        QVERIFY(!w.saveSessionTo(oddPath));
        QVERIFY(takeErrorBox(w).contains(QStringLiteral("not valid UTF-8")));
        QCOMPARE(readRaw(QFile::encodeName(odd) + QByteArray("/old\xff.ropex")), old);
        QVERIFY(!QFileInfo::exists(oddPath)); // no file named with U+FFFD's UTF-8 bytes
        QCOMPARE(rawEntryCount(odd), 1);
    }
};

QTEST_MAIN(TestFileFaults)
#include "tst_file_faults.moc"
