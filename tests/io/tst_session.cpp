// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Session files: exact round trip of every field, atomic writes (a failed save leaves the old
// file byte for byte), migration from the version-0 draft layout, newer versions naming the
// skipped keys, and errors naming the JSON key.
#include "io/session.h"
#include "tests/test_support.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#ifdef Q_OS_LINUX
#include <csignal>
#include <sys/resource.h>
#endif

using rope::io::Session;
using rope::io::SessionLoadResult;

namespace {

// Every field away from its default, with values that are easy to corrupt: 0.1 (not exact in
// binary), 2^40 (beyond int), a subnormal-adjacent tiny number, all 256 byte values.
Session sampleSession() {
    Session s;
    rope::RopeParams& p = s.params;
    p.headDim = 96;
    p.rotaryDim = 24;
    p.base = 12345.678901234567;
    p.m = 1099511627776LL; // 2^40, the largest position allowed
    p.n = -7;
    p.context = 65536;
    p.layout = rope::Layout::Half;
    p.scaling.method = rope::ScalingKind::Yarn;
    p.scaling.factor = 4.1;
    p.scaling.originalContext = 8192;
    p.scaling.seqLen = 12345;
    p.scaling.betaFast = 16.5;
    p.scaling.betaSlow = 0.1;
    p.scaling.mscale = 0.707;
    p.scaling.mscaleAllDim = 0.3;
    p.scaling.attentionFactor = 1e-7;
    p.scaling.truncate = false;
    p.scaling.lowFreqFactor = 1.5;
    p.scaling.highFreqFactor = 3.25;
    // LongRoPE lists round-trip too, even where the method does not read them.
    p.scaling.shortFactor = {1.0, 1.0199999809265137};
    p.scaling.longFactor = {1.0800000429153442, 64.83999633789062};
    s.activePanel = QStringLiteral("heatmap");
    s.panelOptions.insert(QStringLiteral("heatmap"),
                          QVariantMap{{QStringLiteral("colormap"), QStringLiteral("viridis")},
                                      {QStringLiteral("logScale"), true},
                                      {QStringLiteral("gamma"), 0.1}});
    s.panelOptions.insert(QStringLiteral("decay"),
                          QVariantMap{{QStringLiteral("positions"), QVariantList{1.0, 2.5, 1e9}}});
    QByteArray bytes;
    for (int i = 0; i < 256; ++i) {
        bytes.append(static_cast<char>(i));
    }
    s.windowGeometry = bytes;
    s.windowState = QByteArray("\x00\xff state", 8);
    return s;
}

void compareSessions(const Session& a, const Session& e) {
    QCOMPARE(a.params.headDim, e.params.headDim);
    QCOMPARE(a.params.rotaryDim, e.params.rotaryDim);
    QCOMPARE(a.params.base, e.params.base);
    QCOMPARE(a.params.m, e.params.m);
    QCOMPARE(a.params.n, e.params.n);
    QCOMPARE(a.params.context, e.params.context);
    QCOMPARE(a.params.layout, e.params.layout);
    const rope::ScalingParams& x = a.params.scaling;
    const rope::ScalingParams& y = e.params.scaling;
    QCOMPARE(x.method, y.method);
    QCOMPARE(x.factor, y.factor);
    QCOMPARE(x.originalContext, y.originalContext);
    QCOMPARE(x.seqLen, y.seqLen);
    QCOMPARE(x.betaFast, y.betaFast);
    QCOMPARE(x.betaSlow, y.betaSlow);
    QCOMPARE(x.mscale, y.mscale);
    QCOMPARE(x.mscaleAllDim, y.mscaleAllDim);
    QCOMPARE(x.attentionFactor, y.attentionFactor);
    QCOMPARE(x.truncate, y.truncate);
    QCOMPARE(x.lowFreqFactor, y.lowFreqFactor);
    QCOMPARE(x.highFreqFactor, y.highFreqFactor);
    QCOMPARE(x.shortFactor, y.shortFactor);
    QCOMPARE(x.longFactor, y.longFactor);
    QCOMPARE(a.activePanel, e.activePanel);
    QCOMPARE(a.panelOptions, e.panelOptions);
    QCOMPARE(a.windowGeometry, e.windowGeometry);
    QCOMPARE(a.windowState, e.windowState);
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& data) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

QString joined(const QStringList& l) {
    return l.join(QStringLiteral(" | "));
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT

private slots:
    void roundTripKeepsEveryField();
    void writesVersionOneLayout();
    void failedSaveIntoMissingDirectory();
    void failedSaveToProc();
    void failedWriteLeavesOldFileUntouched();
    void readOnlyDirectoryLeavesOldFileUntouched();
    void migratesVersionZero();
    void newerVersionNamesSkippedKeys();
    void errorsNameTheKey_data();
    void errorsNameTheKey();
    void refusesOversizedFile();
    void classifiesDroppedFiles();
};

void TestSession::roundTripKeepsEveryField() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("a.ropex"));
    const Session s = sampleSession();
    QString error;
    QVERIFY2(rope::io::saveSession(path, s, &error), qPrintable(error));
    const SessionLoadResult r = rope::io::loadSession(path);
    QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
    QVERIFY2(r.warnings.isEmpty(), qPrintable(joined(r.warnings)));
    QCOMPARE(r.fileVersion, 1);
    compareSessions(r.session, s);

    // Overwriting an existing file works too and replaces it completely.
    Session t;
    t.activePanel = QStringLiteral("spectrum");
    QVERIFY2(rope::io::saveSession(path, t, &error), qPrintable(error));
    compareSessions(rope::io::loadSession(path).session, t);
}

void TestSession::writesVersionOneLayout() {
    const QJsonObject o =
        QJsonDocument::fromJson(rope::io::sessionToJson(sampleSession())).object();
    QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("rope-explorer-session"));
    QCOMPARE(o.value(QStringLiteral("version")).toInt(), 1);
    const QJsonObject params = o.value(QStringLiteral("params")).toObject();
    QCOMPARE(params.size(), 21);
    QCOMPARE(params.value(QStringLiteral("dim")).toInt(), 96);
    QCOMPARE(params.value(QStringLiteral("layout")).toString(), QStringLiteral("half"));
    QCOMPARE(params.value(QStringLiteral("method")).toString(), QStringLiteral("yarn"));
    QCOMPARE(params.value(QStringLiteral("truncate")).toBool(true), false);
    QCOMPARE(o.value(QStringLiteral("activePanel")).toString(), QStringLiteral("heatmap"));
    QVERIFY(o.value(QStringLiteral("panelOptions")).toObject().contains(QStringLiteral("heatmap")));
    // base64 of bytes 00 ff 20 73 74 61 74 65 ("\0\xff state").
    QCOMPARE(o.value(QStringLiteral("window")).toObject().value(QStringLiteral("state")).toString(),
             QStringLiteral("AP8gc3RhdGU="));
}

void TestSession::failedSaveIntoMissingDirectory() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("missing/sub/a.ropex"));
    QString error;
    QVERIFY(!rope::io::saveSession(path, sampleSession(), &error));
    QVERIFY2(error.startsWith(QStringLiteral("cannot save ") + path), qPrintable(error));
    QVERIFY(!QFile::exists(path));
}

void TestSession::failedSaveToProc() {
    QString error;
    QVERIFY(!rope::io::saveSession(QStringLiteral("/proc/rope-explorer-test.ropex"),
                                   sampleSession(), &error));
    QVERIFY(!error.isEmpty());
}

void TestSession::failedWriteLeavesOldFileUntouched() {
#ifndef Q_OS_LINUX
    QSKIP("needs setrlimit(RLIMIT_FSIZE)");
#else
    // A write that fails part way: RLIMIT_FSIZE caps every file this process writes, so the
    // temporary file hits EFBIG (SIGXFSZ ignored) after 64 KiB of a ~1 MB session. Works even
    // as root, where a read-only directory would not stop the write.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("old.ropex"));
    const QByteArray old = rope::io::sessionToJson(Session{});
    QVERIFY(writeAll(path, old));

    Session big = sampleSession();
    big.panelOptions.insert(
        QStringLiteral("notes"),
        QVariantMap{{QStringLiteral("text"), QString(1 << 20, QLatin1Char('x'))}});

    rlimit saved{};
    QVERIFY(getrlimit(RLIMIT_FSIZE, &saved) == 0);
    rlimit small = saved;
    small.rlim_cur = 64 * 1024;
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    QVERIFY(setrlimit(RLIMIT_FSIZE, &small) == 0);
    QString error;
    const bool saved_ok = rope::io::saveSession(path, big, &error);
    setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, oldHandler);

    QVERIFY(!saved_ok);
    QVERIFY(!error.isEmpty());
    QCOMPARE(readAll(path), old);
    // No temporary file left behind.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("old.ropex")});
#endif
}

void TestSession::readOnlyDirectoryLeavesOldFileUntouched() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString sub = dir.filePath(QStringLiteral("ro"));
    QVERIFY(QDir().mkdir(sub));
    const QString path = sub + QStringLiteral("/old.ropex");
    const QByteArray old = rope::io::sessionToJson(Session{});
    QVERIFY(writeAll(path, old));
    QVERIFY(QFile::setPermissions(sub, QFile::ReadOwner | QFile::ExeOwner));
    // root ignores directory permissions; the RLIMIT_FSIZE test covers that case.
    const QString probe = sub + QStringLiteral("/probe");
    if (writeAll(probe, "x")) {
        QFile::remove(probe);
        QFile::setPermissions(sub, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QSKIP("directory permissions are not enforced for this user (root)");
    }
    QString error;
    const bool ok = rope::io::saveSession(path, sampleSession(), &error);
    QFile::setPermissions(sub, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QVERIFY(!ok);
    QCOMPARE(readAll(path), old);
}

void TestSession::migratesVersionZero() {
    // The draft layout: no version, camelCase, HF-named scaling dict, "panel".
    const QByteArray v0 = R"({
        "headDim": 64, "rotaryDim": 32, "base": 500000, "positions": [5, 17], "context": 8192,
        "interleaved": false, "panel": "spectrum",
        "scaling": {"rope_type": "llama3", "factor": 8, "original_max_position_embeddings": 2048,
                    "low_freq_factor": 2, "high_freq_factor": 6, "legacy_flag": 1},
        "theme": "dark"
    })";
    const SessionLoadResult r = rope::io::sessionFromJson(v0);
    QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
    QCOMPARE(r.fileVersion, 0);
    const rope::RopeParams& p = r.session.params;
    QCOMPARE(p.headDim, 64);
    QCOMPARE(p.rotaryDim, 32);
    QCOMPARE(p.base, 500000.0);
    QCOMPARE(p.m, 5LL);
    QCOMPARE(p.n, 17LL);
    QCOMPARE(p.context, 8192LL);
    QCOMPARE(p.layout, rope::Layout::Half);
    QCOMPARE(p.scaling.method, rope::ScalingKind::Llama3);
    QCOMPARE(p.scaling.factor, 8.0);
    QCOMPARE(p.scaling.originalContext, 2048);
    QCOMPARE(p.scaling.lowFreqFactor, 2.0);
    QCOMPARE(p.scaling.highFreqFactor, 6.0);
    QCOMPARE(r.session.activePanel, QStringLiteral("spectrum"));
    QVERIFY(r.session.panelOptions.isEmpty());
    QVERIFY2(r.warnings.filter(QStringLiteral("version 0 (draft layout) migrated")).size() == 1,
             qPrintable(joined(r.warnings)));
    QVERIFY2(r.warnings
                     .filter(QStringLiteral("skipped keys this version (1) does not know: "
                                            "scaling.legacy_flag, theme"))
                     .size() == 1,
             qPrintable(joined(r.warnings)));

    // An explicit "version": 0 is the same layout.
    const SessionLoadResult explicitZero =
        rope::io::sessionFromJson(R"({"version": 0, "headDim": 32, "interleaved": true})");
    QVERIFY2(explicitZero.ok(), qPrintable(joined(explicitZero.errors)));
    QCOMPARE(explicitZero.session.params.headDim, 32);
    QCOMPARE(explicitZero.session.params.layout, rope::Layout::Interleaved);
}

void TestSession::newerVersionNamesSkippedKeys() {
    QJsonObject o = QJsonDocument::fromJson(rope::io::sessionToJson(sampleSession())).object();
    o.insert(QStringLiteral("version"), 2);
    o.insert(QStringLiteral("annotations"), QJsonArray{1, 2});
    QJsonObject params = o.value(QStringLiteral("params")).toObject();
    params.insert(QStringLiteral("rope-dropout"), 0.5);
    o.insert(QStringLiteral("params"), params);
    QJsonObject window = o.value(QStringLiteral("window")).toObject();
    window.insert(QStringLiteral("screen"), QStringLiteral("DP-1"));
    o.insert(QStringLiteral("window"), window);

    const SessionLoadResult r = rope::io::sessionFromJson(QJsonDocument(o).toJson());
    QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
    QCOMPARE(r.fileVersion, 2);
    compareSessions(r.session, sampleSession());
    QVERIFY2(r.warnings.filter(QStringLiteral("file version 2 is newer")).size() == 1,
             qPrintable(joined(r.warnings)));
    QVERIFY2(r.warnings.contains(QStringLiteral("(file): skipped keys this version (1) does not "
                                                "know: annotations, params.rope-dropout, "
                                                "window.screen")),
             qPrintable(joined(r.warnings)));
}

void TestSession::errorsNameTheKey_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("text");
    const QByteArray h = R"("format": "rope-explorer-session", "version": 1, )";
    QTest::newRow("string base") << QByteArray("{" + h + R"("params": {"base": "1e4"}})")
                                 << "params.base"
                                 << "expected a number, got the string \"1e4\"";
    QTest::newRow("odd dim") << QByteArray("{" + h + R"("params": {"dim": 7}})") << "params.dim"
                             << "even integer";
    QTest::newRow("bad layout") << QByteArray("{" + h + R"("params": {"layout": "diagonal"}})")
                                << "params.layout"
                                << "\"diagonal\"";
    QTest::newRow("unknown method")
        << QByteArray("{" + h + R"("params": {"method": "rerope"}})") << "params.method"
        << "unknown method 'rerope'";
    QTest::newRow("factor below one")
        << QByteArray("{" + h + R"("params": {"method": "linear", "factor": 0.25}})")
        << "params.factor"
        << "got 0.25";
    QTest::newRow("fractional position")
        << QByteArray("{" + h + R"("params": {"m": 1.5}})") << "params.m"
        << "expected an integer";
    QTest::newRow("truncate as string")
        << QByteArray("{" + h + R"("params": {"truncate": "no"}})") << "params.truncate"
        << "expected true or false";
    QTest::newRow("params not object") << QByteArray("{" + h + R"("params": []})") << "params"
                                       << "expected an object";
    QTest::newRow("bad base64") << QByteArray("{" + h + R"("window": {"geometry": "@@@"}})")
                                << "window.geometry"
                                << "not valid base64";
    QTest::newRow("panel options not object")
        << QByteArray("{" + h + R"("panelOptions": {"heatmap": 3}})") << "panelOptions.heatmap"
        << "expected an object of options";
    QTest::newRow("wrong format") << QByteArray(R"({"format": "notebook", "version": 1})")
                                  << "format"
                                  << "got \"notebook\"";
    QTest::newRow("version as string")
        << QByteArray(R"({"format": "rope-explorer-session", "version": "1"})") << "version"
        << "expected a number";
    QTest::newRow("negative version")
        << QByteArray(R"({"format": "rope-explorer-session", "version": -1})") << "version"
        << "must be 0 or more";
    QTest::newRow("not a session") << QByteArray(R"({"hidden_size": 4096})") << "version"
                                   << "not a RoPE Explorer session";
    QTest::newRow("malformed") << QByteArray("{\n\"version\": 1,\n}") << "(file)"
                               << "malformed JSON at line 3";
    QTest::newRow("array") << QByteArray("[]") << "(file)"
                           << "JSON object";
}

void TestSession::errorsNameTheKey() {
    QFETCH(QByteArray, json);
    QFETCH(QString, key);
    QFETCH(QString, text);
    const SessionLoadResult r = rope::io::sessionFromJson(json);
    QVERIFY(!r.ok());
    const QStringList hits = r.errors.filter(QRegularExpression(
        QStringLiteral("^") + QRegularExpression::escape(key) + QStringLiteral(": ")));
    QVERIFY2(!hits.isEmpty(), qPrintable(joined(r.errors)));
    QVERIFY2(hits.first().contains(text), qPrintable(hits.first()));
    rope::validate(r.session.params);
}

void TestSession::refusesOversizedFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.ropex"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(rope::io::kMaxSessionBytes + 1));
    f.close();
    const SessionLoadResult r = rope::io::loadSession(path);
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.first().contains(QStringLiteral("16 MiB")), qPrintable(r.errors.first()));
}

void TestSession::classifiesDroppedFiles() {
    using rope::io::FileKind;
    QCOMPARE(rope::io::fileKindOf(QStringLiteral("/a/b/explore.ropex")), FileKind::Session);
    QCOMPARE(rope::io::fileKindOf(QStringLiteral("EXPLORE.ROPEX")), FileKind::Session);
    QCOMPARE(rope::io::fileKindOf(QStringLiteral("/models/config.json")), FileKind::ModelConfig);
    QCOMPARE(rope::io::fileKindOf(QStringLiteral("ropex")), FileKind::ModelConfig);
}

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
