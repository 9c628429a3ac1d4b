// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// transformers against llama.cpp (io/engine_compare.h). Every expected number comes from
// tests/io/reference/engines_reference.py, which writes both engines' formulas out in NumPy from
// their source (transformers' modeling_rope_utils.py; ggml's ggml_rope_yarn_corr_dims and
// rope_yarn; llama.cpp's get_rope_factors), independently of the explorer's scaling code; the
// layer patterns are llama.cpp's set_swa_pattern rule written out here.
#include "io/engine_compare.h"
#include "io/gguf.h"
#include "io/model_config.h"
#include "io/presets.h"

#include "core/rope_params.h"
#include "reference/engines_reference.h"

#include <QtTest>

#include <cmath>

using rope::io::EngineComparison;
using rope::io::ModelConfigResult;

namespace {

// θ in double against the reference's double: only rounding order differs.
constexpr double kThetaTolerance = 1e-12;

template <std::size_t N> void requireTheta(const Eigen::ArrayXd& got, const double (&expected)[N]) {
    QCOMPARE(static_cast<std::size_t>(got.size()), N);
    for (std::size_t i = 0; i < N; ++i) {
        const double e = expected[i];
        if (std::abs(got[static_cast<Eigen::Index>(i)] - e) > kThetaTolerance * e) {
            QFAIL(qPrintable(QStringLiteral("pair %1: got %2, reference %3")
                                 .arg(i)
                                 .arg(got[static_cast<Eigen::Index>(i)], 0, 'g', 17)
                                 .arg(e, 0, 'g', 17)));
        }
    }
}

ModelConfigResult preset(const char* id) {
    const ModelConfigResult m = rope::io::loadPreset(QString::fromLatin1(id));
    if (!m.ok()) {
        qWarning() << m.errors;
    }
    return m;
}

} // namespace

class TstEngineCompare : public QObject {
    Q_OBJECT

private slots:
    // gpt-oss-20b: transformers keeps the YaRN correction range [8.09, 17.40] (truncate false),
    // ggml rounds it to [8, 18]: 9 of 32 pairs differ on every layer, the magnitude agrees.
    void gptOssCorrectionRange() {
        const ModelConfigResult m = preset("gpt-oss-20b");
        QVERIFY(m.ok());
        const EngineComparison c = rope::io::compareEngines(m, false, 131072);
        QCOMPARE(c.layers.size(), std::size_t{24});
        for (const rope::io::EngineLayerComparison& l : c.layers) {
            // set_swa_pattern(2): il mod 2 < 1 slides, as the config's layer_types say.
            const bool sliding = l.index % 2 == 0;
            QCOMPARE(l.hf.window, sliding ? 128LL : 0LL);
            QCOMPARE(l.llama.window, sliding ? 128LL : 0LL);
            QVERIFY(l.hf.rope && l.llama.rope);
            requireTheta(l.hf.theta, engines_reference::kGptOssHfTheta);
            requireTheta(l.llama.theta, engines_reference::kGptOssLlamaTheta);
            QCOMPARE(l.hf.attention, engines_reference::kGptOssAttention);
            QCOMPARE(l.llama.attention, engines_reference::kGptOssLlamaAttention);
            QCOMPARE(l.maxPair, engines_reference::kGptOssMaxPair);
            QVERIFY(std::abs(l.maxRelThetaDiff - engines_reference::kGptOssMaxRel) < 1e-12);
            QCOMPARE(l.divergesAt, sliding ? engines_reference::kGptOssSlidingDiverges
                                           : engines_reference::kGptOssFullDiverges);
        }
        int differing = 0;
        for (Eigen::Index i = 0; i < c.layers[0].hf.theta.size(); ++i) {
            differing += c.layers[0].hf.theta[i] != c.layers[0].llama.theta[i] ? 1 : 0;
        }
        QCOMPARE(differing, engines_reference::kGptOssPairsDiffering);
        QCOMPARE(c.divergesAt, engines_reference::kGptOssFullDiverges);
        QVERIFY(c.differences.join(QLatin1Char('\n')).contains(QStringLiteral("truncate")));
        QVERIFY(c.fixes.join(QLatin1Char('\n')).contains(QStringLiteral("truncate: none")));
        QVERIFY(c.fixes.join(QLatin1Char('\n')).contains(QStringLiteral("sliding layers")));
    }

    // Phi-3.5-mini: at context 131072 llama.cpp takes long_factor for every position, while
    // transformers takes short_factor for sequences of at most 4096 tokens; at --context 4096
    // both take the short factors.
    void phiLongRopeFactorChoice() {
        const ModelConfigResult m = preset("phi-3.5-mini-instruct");
        QVERIFY(m.ok());
        const EngineComparison c = rope::io::compareEngines(m, false, 131072);
        QCOMPARE(c.layers.size(), std::size_t{32});
        for (const rope::io::EngineLayerComparison& l : c.layers) {
            // PR 13676: llama.cpp turns Phi's SWA off; the config's 262144 window covers the
            // whole context, so both are full attention.
            QCOMPARE(l.hf.window, 0LL);
            QCOMPARE(l.llama.window, 0LL);
            requireTheta(l.hf.theta, engines_reference::kPhiShortTheta);
            requireTheta(l.hfThetaLong, engines_reference::kPhiLongTheta);
            requireTheta(l.llama.theta, engines_reference::kPhiLongTheta);
            QVERIFY(std::abs(l.hf.attention - engines_reference::kPhiAttention) < 1e-15);
            QVERIFY(std::abs(l.llama.attention - engines_reference::kPhiAttention) < 1e-15);
            QCOMPARE(l.maxPair, engines_reference::kPhiMaxPair);
            QVERIFY(std::abs(l.maxRelThetaDiff - engines_reference::kPhiMaxRel) < 1e-12);
            QCOMPARE(l.divergesAt, engines_reference::kPhiDiverges);
        }
        const EngineComparison shortContext = rope::io::compareEngines(m, false, 4096);
        QCOMPARE(shortContext.divergesAt, engines_reference::kPhiDivergesAt4096);
        QCOMPARE(shortContext.maxRelThetaDiff, 0.0);
        requireTheta(shortContext.layers[0].llama.theta, engines_reference::kPhiShortTheta);
    }

    // Qwen2.5-7B with YaRN (truncate default true): the engines agree.
    void qwenYarnAgrees() {
        const ModelConfigResult m = preset("qwen2.5-7b-yarn");
        QVERIFY(m.ok());
        const EngineComparison c = rope::io::compareEngines(m, false, 131072);
        QCOMPARE(c.layers.size(), std::size_t{28});
        for (const rope::io::EngineLayerComparison& l : c.layers) {
            requireTheta(l.hf.theta, engines_reference::kQwenTheta);
            requireTheta(l.llama.theta, engines_reference::kQwenTheta);
            QVERIFY(std::abs(l.hf.attention - engines_reference::kQwenAttention) < 1e-15);
            QCOMPARE(l.divergesAt, -1LL);
        }
        QCOMPARE(engines_reference::kQwenMaxRel, 0.0);
        QCOMPARE(engines_reference::kQwenAttentionGap, 0.0);
        QCOMPARE(c.maxRelThetaDiff, 0.0);
        QCOMPARE(c.divergesAt, -1LL);
        QVERIFY(c.differences.isEmpty());
    }

    // The GGUF the converter writes for gpt-oss drops truncate; transformers still reads the
    // published false, so the comparison from the GGUF finds the same gap.
    void gptOssFromGguf() {
        const ModelConfigResult m =
            rope::io::loadGguf(qEnvironmentVariable("ROPE_SOURCE_DIR") +
                               QStringLiteral("/tests/data/gguf/gpt-oss-20b.gguf"));
        QVERIFY2(m.ok(), qPrintable(m.errors.join(QLatin1Char('\n'))));
        const EngineComparison c = rope::io::compareEngines(m, true, 131072);
        requireTheta(c.layers[1].hf.theta, engines_reference::kGptOssHfTheta);
        requireTheta(c.layers[1].llama.theta, engines_reference::kGptOssLlamaTheta);
        QCOMPARE(c.divergesAt, engines_reference::kGptOssFullDiverges);
    }

    // Gemma 3n: transformers' Gemma3nTextConfig makes layer i full iff (i + 1) mod 5 = 0 and
    // llama.cpp's set_swa_pattern(5) slides il mod 5 < 4: the same layers, written out here as
    // the rule, with the window 512 on the sliding ones. Bases: 10⁶ full, 10⁴ sliding (the
    // published rope_local_base_freq; llama.cpp's hard-coded swa base), θ₁ = b^(−2/256).
    void gemma3nAgrees_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("layer_types written") << QStringLiteral("gemma-3n-e4b.json");
        QTest::newRow("layer_types derived") << QStringLiteral("gemma-3n-e4b-no-layer-types.json");
    }
    void gemma3nAgrees() {
        QFETCH(QString, file);
        const ModelConfigResult m =
            rope::io::loadModelConfig(qEnvironmentVariable("ROPE_SOURCE_DIR") +
                                      QStringLiteral("/tests/data/configs/") + file);
        QVERIFY2(m.ok(), qPrintable(m.errors.join(QLatin1Char('\n'))));
        const EngineComparison c = rope::io::compareEngines(m, false, 32768);
        QCOMPARE(c.family, QStringLiteral("gemma-3n"));
        QCOMPARE(c.layers.size(), std::size_t{35});
        for (const rope::io::EngineLayerComparison& l : c.layers) {
            const bool sliding = l.index % 5 < 4;
            const long long window = sliding ? 512 : 0;
            QCOMPARE(l.hf.window, window);
            QCOMPARE(l.llama.window, window);
            QVERIFY(l.hf.rope && l.llama.rope);
            const double theta1 = std::pow(sliding ? 1e4 : 1e6, -2.0 / 256.0);
            QVERIFY(std::abs(l.hf.theta[1] - theta1) <= kThetaTolerance * theta1);
            QVERIFY(std::abs(l.llama.theta[1] - theta1) <= kThetaTolerance * theta1);
        }
        QCOMPARE(c.maxRelThetaDiff, 0.0);
        QVERIFY2(c.differences.isEmpty(), qPrintable(c.differences.join(QLatin1Char('\n'))));
    }

    void refusesWhatItCannotCompare() {
        const ModelConfigResult m = preset("qwen2.5-7b-yarn");
        for (long long bad : {0LL, -5LL, 1048577LL}) {
            try {
                rope::io::compareEngines(m, false, bad);
                QFAIL("expected InvalidParameter(context)");
            } catch (const rope::InvalidParameter& e) {
                QCOMPARE(e.parameter(), std::string("context"));
            }
        }
        ModelConfigResult unknown = m;
        unknown.modelType = QStringLiteral("not_a_model");
        try {
            rope::io::compareEngines(unknown, false, 4096);
            QFAIL("expected InvalidParameter(model_type)");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(e.parameter(), std::string("model_type"));
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("not_a_model")));
        }
        ModelConfigResult dynamic = m;
        dynamic.layers[0].params.scaling.method = rope::ScalingKind::Dynamic;
        try {
            rope::io::compareEngines(dynamic, false, 4096);
            QFAIL("expected InvalidParameter(method)");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(e.parameter(), std::string("method"));
        }
    }
};

QTEST_GUILESS_MAIN(TstEngineCompare)
#include "tst_engine_compare.moc"
