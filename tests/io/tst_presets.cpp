// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Built-in presets: every table row has a compiled-in config.json and vice versa, each loads
// without errors, and the parameters match the models' published configs (numbers transcribed
// here from those configs, not from the resource files).
#include "io/presets.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

class TestPresets : public QObject {
    Q_OBJECT

private slots:
    void tableMatchesResources();
    void idsAreKebabCaseAndUnique();
    void presetLoadsPublishedValues_data();
    void presetLoadsPublishedValues();
    void unknownPresetNamesIt();
};

void TestPresets::tableMatchesResources() {
    QStringList files = QDir(QStringLiteral(":/presets")).entryList(QDir::Files);
    files.sort();
    QStringList ids;
    for (const rope::ui::Preset& p : rope::ui::allPresets()) {
        ids << p.id + QStringLiteral(".json");
    }
    ids.sort();
    QCOMPARE(files, ids);
}

void TestPresets::idsAreKebabCaseAndUnique() {
    const QRegularExpression kebab(QStringLiteral("^[a-z0-9]+(\\.[0-9]+)?(-[a-z0-9.]+)*$"));
    QSet<QString> seen;
    for (const rope::ui::Preset& p : rope::ui::allPresets()) {
        QVERIFY2(kebab.match(p.id).hasMatch(), qPrintable(p.id));
        QVERIFY2(!seen.contains(p.id), qPrintable(p.id));
        seen.insert(p.id);
        QVERIFY(!p.displayName.isEmpty());
        QVERIFY(!p.source.isEmpty());
        QCOMPARE(rope::ui::findPreset(p.id), &p);
    }
    QVERIFY(seen.size() >= 6);
}

void TestPresets::presetLoadsPublishedValues_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("headDim");
    QTest::addColumn<int>("rotaryDim");
    QTest::addColumn<double>("base");
    QTest::addColumn<qlonglong>("context");
    QTest::addColumn<QString>("method");
    QTest::addColumn<double>("factor");
    QTest::addColumn<int>("originalContext");

    // hidden/heads: 4096/32 = 128, 3584/28 = 128, 6144/64 = 96 (rotary 0.25·96 = 24).
    QTest::newRow("llama-2-7b") << "llama-2-7b" << 128 << 0 << 1e4 << 4096LL << "default" << 1.0
                                << 4096;
    QTest::newRow("llama-3.1-8b") << "llama-3.1-8b" << 128 << 0 << 5e5 << 131072LL << "llama3"
                                  << 8.0 << 8192;
    QTest::newRow("qwen2.5-7b") << "qwen2.5-7b" << 128 << 0 << 1e6 << 32768LL << "default" << 1.0
                                << 4096;
    QTest::newRow("mistral-7b") << "mistral-7b" << 128 << 0 << 1e6 << 32768LL << "default" << 1.0
                                << 4096;
    QTest::newRow("qwen2.5-7b-yarn")
        << "qwen2.5-7b-yarn" << 128 << 0 << 1e6 << 32768LL << "yarn" << 4.0 << 32768;
    QTest::newRow("gpt-neox-20b") << "gpt-neox-20b" << 96 << 24 << 1e4 << 2048LL << "default" << 1.0
                                  << 4096;
}

void TestPresets::presetLoadsPublishedValues() {
    QFETCH(QString, id);
    QFETCH(int, headDim);
    QFETCH(int, rotaryDim);
    QFETCH(double, base);
    QFETCH(qlonglong, context);
    QFETCH(QString, method);
    QFETCH(double, factor);
    QFETCH(int, originalContext);
    const rope::ui::ModelConfigResult r = rope::ui::loadPreset(id);
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QStringLiteral(" | "))));
    QCOMPARE(r.params.headDim, headDim);
    QCOMPARE(r.params.rotaryDim, rotaryDim);
    QCOMPARE(r.params.base, base);
    QCOMPARE(r.params.context, context);
    QCOMPARE(QString::fromStdString(r.params.scaling.method), method);
    QCOMPARE(r.params.scaling.factor, factor);
    QCOMPARE(r.params.scaling.originalContext, originalContext);
    QCOMPARE(r.params.layout, rope::Layout::Half);
    if (id == QLatin1String("llama-3.1-8b")) {
        QCOMPARE(r.params.scaling.lowFreqFactor, 1.0);
        QCOMPARE(r.params.scaling.highFreqFactor, 4.0);
    }
}

void TestPresets::unknownPresetNamesIt() {
    const rope::ui::ModelConfigResult r = rope::ui::loadPreset(QStringLiteral("gpt-5"));
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.first().startsWith(
                 QStringLiteral("preset: unknown preset 'gpt-5' (known: llama-2-7b")),
             qPrintable(r.errors.first()));
    QCOMPARE(rope::ui::findPreset(QStringLiteral("gpt-5")), nullptr);
}

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
