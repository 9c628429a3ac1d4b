// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Built-in presets: every table row has a compiled-in config.json and vice versa, each loads
// without errors, and the parameters match the models' published configs (numbers transcribed
// here from those configs, not from the resource files).
#include "io/params_check.h"
#include "io/presets.h"
#include "tests/test_support.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include <algorithm>
#include <cmath>

class TestPresets : public QObject {
    Q_OBJECT

private slots:
    void tableMatchesResources();
    void idsAreKebabCaseAndUnique();
    void presetLoadsPublishedValues_data();
    void presetLoadsPublishedValues();
    void presetLayers_data();
    void presetLayers();
    void multimodalPresetsCarryTheirSections();
    void phiPresetCarriesBothFactorLists();
    void unknownPresetNamesIt();
};

void TestPresets::tableMatchesResources() {
    QStringList files = QDir(QStringLiteral(":/presets")).entryList(QDir::Files);
    files.sort();
    QStringList ids;
    for (const rope::io::Preset& p : rope::io::allPresets()) {
        ids << p.id + QStringLiteral(".json");
    }
    ids.sort();
    QCOMPARE(files, ids);
}

void TestPresets::idsAreKebabCaseAndUnique() {
    const QRegularExpression kebab(QStringLiteral("^[a-z0-9]+(\\.[0-9]+)?(-[a-z0-9.]+)*$"));
    QSet<QString> seen;
    for (const rope::io::Preset& p : rope::io::allPresets()) {
        QVERIFY2(kebab.match(p.id).hasMatch(), qPrintable(p.id));
        QVERIFY2(!seen.contains(p.id), qPrintable(p.id));
        seen.insert(p.id);
        QVERIFY(!p.displayName.isEmpty());
        QVERIFY(!p.source.isEmpty());
        QCOMPARE(rope::io::findPreset(p.id), &p);
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
    QTest::addColumn<bool>("interleaved");

    // hidden/heads: 4096/32 = 128, 3584/28 = 128, 6144/64 = 96 (rotary 0.25·96 = 24).
    QTest::newRow("llama-2-7b") << "llama-2-7b" << 128 << 0 << 1e4 << 4096LL << "default" << 1.0
                                << 4096 << false;
    QTest::newRow("llama-3.1-8b") << "llama-3.1-8b" << 128 << 0 << 5e5 << 131072LL << "llama3"
                                  << 8.0 << 8192 << false;
    QTest::newRow("qwen2.5-7b") << "qwen2.5-7b" << 128 << 0 << 1e6 << 32768LL << "default" << 1.0
                                << 4096 << false;
    QTest::newRow("mistral-7b") << "mistral-7b" << 128 << 0 << 1e6 << 32768LL << "default" << 1.0
                                << 4096 << false;
    QTest::newRow("qwen2.5-7b-yarn")
        << "qwen2.5-7b-yarn" << 128 << 0 << 1e6 << 32768LL << "yarn" << 4.0 << 32768 << false;
    QTest::newRow("gpt-neox-20b") << "gpt-neox-20b" << 96 << 24 << 1e4 << 2048LL << "default" << 1.0
                                  << 4096 << false;
    // Published configs of issue #13 (numbers transcribed from those files):
    // Phi-3.5: 3072/32 = 96, longrope s = 131072/4096 = 32.
    QTest::newRow("phi-3.5-mini-instruct") << "phi-3.5-mini-instruct" << 96 << 0 << 1e4 << 131072LL
                                           << "longrope" << 32.0 << 4096 << false;
    // Qwen2-VL: 3584/28 = 128; type "mrope" reads as default.
    QTest::newRow("qwen2-vl-7b") << "qwen2-vl-7b" << 128 << 0 << 1e6 << 32768LL << "default" << 1.0
                                 << 4096 << false;
    QTest::newRow("qwen3-vl-8b") << "qwen3-vl-8b" << 128 << 0 << 5e6 << 262144LL << "default" << 1.0
                                 << 4096 << false;
    // Gemma 3 4B: the global layers' RoPE is the one shown (base 1e6, linear ×8).
    QTest::newRow("gemma-3-4b") << "gemma-3-4b" << 256 << 0 << 1e6 << 131072LL << "linear" << 8.0
                                << 4096 << false;
    QTest::newRow("command-r7b") << "command-r7b" << 128 << 0 << 5e4 << 8192LL << "default" << 1.0
                                 << 4096 << true;
    QTest::newRow("llama-4-scout")
        << "llama-4-scout" << 128 << 0 << 5e5 << 10485760LL << "llama3" << 16.0 << 8192 << true;
    // SmolLM3: 2048/16 = 128.
    QTest::newRow("smollm3-3b") << "smollm3-3b" << 128 << 0 << 5e6 << 65536LL << "default" << 1.0
                                << 4096 << false;
    QTest::newRow("deepseek-v3") << "deepseek-v3" << 64 << 0 << 1e4 << 163840LL << "yarn" << 40.0
                                 << 4096 << true;
    QTest::newRow("gpt-oss-20b") << "gpt-oss-20b" << 64 << 0 << 150000.0 << 131072LL << "yarn"
                                 << 32.0 << 4096 << false;
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
    QFETCH(bool, interleaved);
    const rope::io::ModelConfigResult r = rope::io::loadPreset(id);
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QStringLiteral(" | "))));
    QCOMPARE(r.params.headDim, headDim);
    QCOMPARE(r.params.rotaryDim, rotaryDim);
    QCOMPARE(r.params.base, base);
    QCOMPARE(r.params.context, context);
    QCOMPARE(rope::io::scalingIdText(r.params.scaling.method), method);
    QCOMPARE(r.params.scaling.factor, factor);
    QCOMPARE(r.params.scaling.originalContext, originalContext);
    QCOMPARE(r.params.layout, interleaved ? rope::Layout::Interleaved : rope::Layout::Half);
    if (id == QLatin1String("gpt-oss-20b")) {
        QCOMPARE(r.params.scaling.truncate, false);
    }
    if (id == QLatin1String("deepseek-v3")) {
        QCOMPARE(r.params.scaling.mscale, 1.0);
        QCOMPARE(r.params.scaling.mscaleAllDim, 1.0);
    }
    if (id == QLatin1String("llama-4-scout")) {
        QCOMPARE(r.params.scaling.lowFreqFactor, 1.0);
        QCOMPARE(r.params.scaling.highFreqFactor, 1.0);
    }
    if (id == QLatin1String("llama-3.1-8b")) {
        QCOMPARE(r.params.scaling.lowFreqFactor, 1.0);
        QCOMPARE(r.params.scaling.highFreqFactor, 4.0);
    }
    if (id == QLatin1String("llama-2-7b")) {
        // The published Llama-2-7b-hf config.json predates rope_theta: the base 10000 above is
        // transformers' default, and the importer says so instead of using it silently.
        QVERIFY2(std::any_of(r.warnings.begin(), r.warnings.end(),
                             [](const QString& w) {
                                 return w.startsWith(
                                     QLatin1String("rope_theta: missing; using 10000"));
                             }),
                 qPrintable(r.warnings.join(QStringLiteral(" | "))));
    }
}

// Layer structure transcribed from each config: layer count, which layers have no RoPE, the
// bases of the two layer kinds, and the softmax multiplier DeepSeek's code applies.
void TestPresets::presetLayers_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("layers");
    QTest::addColumn<QList<int>>("nope");
    QTest::addColumn<QList<int>>("fullAttention");
    QTest::addColumn<double>("slidingBase");
    QTest::addColumn<double>("fullBase");
    QTest::addColumn<bool>("temperature");
    QTest::addColumn<double>("softmaxMultiplier");
    const QList<int> none;
    // Gemma 3 4B: 34 layers, pattern 6 → layers 5, 11, 17, 23, 29 global.
    QTest::newRow("gemma-3-4b") << "gemma-3-4b" << 34 << none << QList<int>{5, 11, 17, 23, 29}
                                << 1e4 << 1e6 << false << 1.0;
    // Command R7B: 32 layers, pattern 4 → 3, 7, …, 31 global and without RoPE.
    const QList<int> everyFourthOf32{3, 7, 11, 15, 19, 23, 27, 31};
    QTest::newRow("command-r7b") << "command-r7b" << 32 << everyFourthOf32 << everyFourthOf32 << 5e4
                                 << 5e4 << false << 1.0;
    // Llama 4 Scout: 48 layers, no_rope_layers 1, 1, 1, 0, … → 3, 7, …, 47 NoPE and
    // full_attention; the RoPE layers chunked_attention (Llama4TextConfig's layer_types default).
    QList<int> everyFourthOf48;
    for (int i = 3; i < 48; i += 4) {
        everyFourthOf48 << i;
    }
    QTest::newRow("llama-4-scout")
        << "llama-4-scout" << 48 << everyFourthOf48 << everyFourthOf48 << 5e5 << 5e5 << true << 1.0;
    // SmolLM3: 36 layers, the published no_rope_layers has 0 at 3, 7, …, 35.
    QList<int> nopeSmol;
    QList<int> all36;
    for (int i = 0; i < 36; ++i) {
        all36 << i;
        if (i % 4 == 3) {
            nopeSmol << i;
        }
    }
    QTest::newRow("smollm3-3b") << "smollm3-3b" << 36 << nopeSmol << all36 << 0.0 << 5e6 << false
                                << 1.0;
    // DeepSeek-V3: 61 layers, all RoPE; softmax × (0.1·1·ln 40 + 1)² = 1.8738542070926265.
    QList<int> all61;
    for (int i = 0; i < 61; ++i) {
        all61 << i;
    }
    QTest::newRow("deepseek-v3") << "deepseek-v3" << 61 << none << all61 << 0.0 << 1e4 << false
                                 << 1.8738542070926265;
    // gpt-oss-20b: 24 layers alternating sliding/full, one RoPE for both.
    QList<int> odd24;
    for (int i = 1; i < 24; i += 2) {
        odd24 << i;
    }
    QTest::newRow("gpt-oss-20b") << "gpt-oss-20b" << 24 << none << odd24 << 150000.0 << 150000.0
                                 << false << 1.0;
}

void TestPresets::presetLayers() {
    QFETCH(QString, id);
    QFETCH(int, layers);
    QFETCH(QList<int>, nope);
    QFETCH(QList<int>, fullAttention);
    QFETCH(double, slidingBase);
    QFETCH(double, fullBase);
    QFETCH(bool, temperature);
    QFETCH(double, softmaxMultiplier);
    const rope::io::ModelConfigResult r = rope::io::loadPreset(id);
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QStringLiteral(" | "))));
    QCOMPARE(static_cast<int>(r.layers.size()), layers);
    for (int i = 0; i < layers; ++i) {
        const rope::LayerRope& l = r.layers[static_cast<std::size_t>(i)];
        QCOMPARE(l.rope, !nope.contains(i));
        const bool full = fullAttention.contains(i);
        // Llama4TextConfig: layers that rotate are chunked_attention, NoPE layers full.
        const QString local = id == QLatin1String("llama-4-scout")
                                  ? QStringLiteral("chunked_attention")
                                  : QStringLiteral("sliding_attention");
        QCOMPARE(QString::fromStdString(l.type), full ? QStringLiteral("full_attention") : local);
        if (l.rope) {
            QCOMPARE(l.params.base, full ? fullBase : slidingBase);
        }
        QCOMPARE(l.queryTemperatureOn, temperature && !l.rope);
        QVERIFY2(std::abs(l.softmaxScaleMultiplier - softmaxMultiplier) <= 1e-15,
                 qPrintable(QString::number(l.softmaxScaleMultiplier, 'g', 17)));
    }
    if (id == QLatin1String("gemma-3-4b")) {
        // The published text_config omits these; each default is announced, naming the field.
        for (const char* field : {"text_config.head_dim: missing; using 256",
                                  "text_config.rope_theta: missing; using 1000000",
                                  "text_config.rope_local_base_freq: missing; using 10000",
                                  "text_config.sliding_window_pattern: missing; using 6"}) {
            QVERIFY2(
                std::any_of(r.warnings.begin(), r.warnings.end(),
                            [&](const QString& w) { return w.startsWith(QLatin1String(field)); }),
                qPrintable(r.warnings.join(QStringLiteral(" | "))));
        }
        QCOMPARE(r.layers[0].params.scaling.method, rope::ScalingKind::Default);
        QCOMPARE(r.layers[5].params.scaling.method, rope::ScalingKind::Linear);
        QCOMPARE(r.layers[5].params.scaling.factor, 8.0);
    }
    if (id == QLatin1String("llama-4-scout")) {
        QCOMPARE(r.layers[3].queryTemperature.floorScale, 8192.0);
        QCOMPARE(r.layers[3].queryTemperature.attnScale, 0.1);
    }
}

void TestPresets::multimodalPresetsCarryTheirSections() {
    const rope::io::ModelConfigResult q2 = rope::io::loadPreset(QStringLiteral("qwen2-vl-7b"));
    QVERIFY2(q2.ok(), qPrintable(q2.errors.join(QStringLiteral(" | "))));
    QCOMPARE(q2.mropeSection, (std::vector<int>{16, 24, 24}));
    QVERIFY(!q2.mropeInterleaved);
    const rope::io::ModelConfigResult q3 = rope::io::loadPreset(QStringLiteral("qwen3-vl-8b"));
    QVERIFY2(q3.ok(), qPrintable(q3.errors.join(QStringLiteral(" | "))));
    QCOMPARE(q3.mropeSection, (std::vector<int>{24, 20, 20}));
    QVERIFY(q3.mropeInterleaved);
    QCOMPARE(q3.modelType, QStringLiteral("qwen3_vl_text"));
    QCOMPARE(static_cast<int>(q3.layers.size()), 36);
}

void TestPresets::phiPresetCarriesBothFactorLists() {
    const rope::io::ModelConfigResult r =
        rope::io::loadPreset(QStringLiteral("phi-3.5-mini-instruct"));
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QStringLiteral(" | "))));
    // First and last entries as published (float32 values written with 17 digits).
    QCOMPARE(r.params.scaling.shortFactor.size(), std::size_t{48});
    QCOMPARE(r.params.scaling.longFactor.size(), std::size_t{48});
    QCOMPARE(r.params.scaling.shortFactor.front(), 1.0);
    QCOMPARE(r.params.scaling.shortFactor.back(), 2.8399994373321533);
    QCOMPARE(r.params.scaling.longFactor.front(), 1.0800000429153442);
    QCOMPARE(r.params.scaling.longFactor.back(), 64.83999633789062);
}

void TestPresets::unknownPresetNamesIt() {
    const rope::io::ModelConfigResult r = rope::io::loadPreset(QStringLiteral("gpt-5"));
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.first().startsWith(
                 QStringLiteral("preset: unknown preset 'gpt-5' (known: llama-2-7b")),
             qPrintable(r.errors.first()));
    QCOMPARE(rope::io::findPreset(QStringLiteral("gpt-5")), nullptr);
}

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
