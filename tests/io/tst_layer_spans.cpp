// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Attention span per layer and the window-aware base check (issue #24). Expected spans come from
// the published configs and the masks of transformers' masking_utils.py (window W → distances
// 0 … W − 1, chunk C → 0 … C − 1, full → max_position_embeddings − 1); the first negative Σcos
// is recomputed here by a plain long-double scan of every distance, independent of the block
// scan of core/base_bound.cpp.
#include "core/base_bound.h"
#include "core/model_layers.h"
#include "io/model_config.h"
#include "io/presets.h"

#include <QtTest>

#include <cmath>
#include <optional>

using rope::AttentionKind;
using rope::LayerBaseCheck;
using rope::LayerRope;
using rope::MinBaseStatus;

namespace {

// First m in [0, limit) with Σ_i cos(m·θ_i) < 0, in long double, one cosl per term.
std::optional<long long> longDoubleFirstNegative(const Eigen::ArrayXd& theta, long long limit) {
    for (long long m = 0; m < limit; ++m) {
        long double sum = 0.0L;
        for (Eigen::Index i = 0; i < theta.size(); ++i) {
            sum += std::cos(static_cast<long double>(m) * static_cast<long double>(theta[i]));
        }
        if (sum < 0.0L) {
            return m;
        }
    }
    return std::nullopt;
}

// min over m < limit of Σ_i cos(m·b^(−2i/d)), long double.
long double longDoubleMinimum(int dim, double base, long long limit) {
    long double lowest = static_cast<long double>(dim / 2);
    for (long long m = 0; m < limit; ++m) {
        long double sum = 0.0L;
        for (int i = 0; i < dim / 2; ++i) {
            const long double theta =
                std::pow(static_cast<long double>(base), -2.0L * i / static_cast<long double>(dim));
            sum += std::cos(static_cast<long double>(m) * theta);
        }
        lowest = std::min(lowest, sum);
    }
    return lowest;
}

rope::io::ModelConfigResult preset(const QString& id) {
    rope::io::ModelConfigResult r = rope::io::loadPreset(id);
    if (!r.ok()) {
        qWarning() << r.errors;
    }
    return r;
}

} // namespace

class TestLayerSpans : public QObject {
    Q_OBJECT

private slots:
    void maxDistanceClosedForms();
    void presetSpans_data();
    void presetSpans();
    void everyPresetHasSpansAndChecks();
    void firstNegativeMatchesLongDoubleScan_data();
    void firstNegativeMatchesLongDoubleScan();
    void minBaseIsFeasibleAndCached();
    void workCapIsReported();
    void gemma4GlobalLayersUseGlobalHeadDim();
    void mistralQueryScaleClosedForm();
    void unknownLayerTypeIsNamed();
    void slidingLayerWithoutWindowIsNamed();
    void minimaxAttnTypeListMarksLinearLayers();
    void gemma4DefaultsWithoutLayerTypes();
};

void TestLayerSpans::maxDistanceClosedForms() {
    QCOMPARE(rope::layerMaxDistance(AttentionKind::Sliding, 1024, 131072), 1023LL);
    QCOMPARE(rope::layerMaxDistance(AttentionKind::Chunked, 8192, 10485760), 8191LL);
    QCOMPARE(rope::layerMaxDistance(AttentionKind::Full, 0, 131072), 131071LL);
    QCOMPARE(rope::layerMaxDistance(AttentionKind::Linear, 0, 131072), -1LL);
    // A window wider than the context cannot see past it (Phi-3.5: window 262143, 131072).
    QCOMPARE(rope::layerMaxDistance(AttentionKind::Sliding, 262143, 131072), 131071LL);
    QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter,
                             rope::layerMaxDistance(AttentionKind::Sliding, 0, 4096));
}

void TestLayerSpans::presetSpans_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("layer");
    QTest::addColumn<QString>("type");
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("rope");
    QTest::addColumn<qlonglong>("window");
    QTest::addColumn<qlonglong>("maxDistance");
    QTest::addColumn<int>("rotaryDim");

    const auto row = [](const char* name, const char* id, int layer, const char* type,
                        AttentionKind kind, bool rope, long long window, long long maxDistance,
                        int rotaryDim) {
        QTest::newRow(name) << QString::fromLatin1(id) << layer << QString::fromLatin1(type)
                            << static_cast<int>(kind) << rope << qlonglong(window)
                            << qlonglong(maxDistance) << rotaryDim;
    };
    // Gemma 3 4B: sliding_window 1024 → 1023; layer 5 global: 131072 − 1 (class default).
    row("gemma-3 local", "gemma-3-4b", 0, "sliding_attention", AttentionKind::Sliding, true, 1024,
        1023, 256);
    row("gemma-3 global", "gemma-3-4b", 5, "full_attention", AttentionKind::Full, true, 0, 131071,
        256);
    // Llama 4 Scout: RoPE layers chunked_attention with attention_chunk_size 8192 → 8191; NoPE
    // layers full over 10485760 positions.
    row("llama-4 chunked", "llama-4-scout", 0, "chunked_attention", AttentionKind::Chunked, true,
        8192, 8191, 128);
    row("llama-4 nope", "llama-4-scout", 3, "full_attention", AttentionKind::Full, false, 0,
        10485759, 0);
    // gpt-oss-20b: sliding_window 128 → 127 on even layers; odd layers full over 131072.
    row("gpt-oss sliding", "gpt-oss-20b", 0, "sliding_attention", AttentionKind::Sliding, true, 128,
        127, 64);
    row("gpt-oss full", "gpt-oss-20b", 1, "full_attention", AttentionKind::Full, true, 0, 131071,
        64);
    // Command R7B: sliding_window 4096 → 4095; global layer 3 has no RoPE.
    row("command-r7b sliding", "command-r7b", 0, "sliding_attention", AttentionKind::Sliding, true,
        4096, 4095, 128);
    // Qwen3-Next: layer 3 full (int(256·0.25) = 64 rotary dims, 262144 − 1), layer 0 linear.
    row("qwen3-next linear", "qwen3-next-80b-a3b", 0, "linear_attention", AttentionKind::Linear,
        false, 0, -1, 0);
    row("qwen3-next full", "qwen3-next-80b-a3b", 3, "full_attention", AttentionKind::Full, true, 0,
        262143, 64);
    // GLM-4.5: int(128·0.5) = 64 rotary dims, 131072 − 1.
    row("glm-4.5", "glm-4.5", 0, "full_attention", AttentionKind::Full, true, 0, 131071, 64);
    // MiniMax-M2: rotary_dim 64 of 128, 196608 − 1.
    row("minimax-m2", "minimax-m2", 0, "full_attention", AttentionKind::Full, true, 0, 196607, 64);
    // EXAONE 4.0 32B: sliding layers rotate (window 4096 → 4095); the global layer 3 does not.
    row("exaone-4 sliding", "exaone-4.0-32b", 0, "sliding_attention", AttentionKind::Sliding, true,
        4096, 4095, 128);
    row("exaone-4 global", "exaone-4.0-32b", 3, "full_attention", AttentionKind::Full, false, 0,
        131071, 0);
    // Gemma 4 26B-A4B: sliding layers head 256 (all rotate), window 1024; layer 5 global:
    // p-RoPE 2·int(0.25·512 // 2) = 128 of global_head_dim 512, 262144 − 1.
    row("gemma-4 sliding", "gemma-4-26b-a4b", 0, "sliding_attention", AttentionKind::Sliding, true,
        1024, 1023, 256);
    row("gemma-4 global", "gemma-4-26b-a4b", 5, "full_attention", AttentionKind::Full, true, 0,
        262143, 128);
}

void TestLayerSpans::presetSpans() {
    QFETCH(QString, id);
    QFETCH(int, layer);
    QFETCH(QString, type);
    QFETCH(int, kind);
    QFETCH(bool, rope);
    QFETCH(qlonglong, window);
    QFETCH(qlonglong, maxDistance);
    QFETCH(int, rotaryDim);
    const rope::io::ModelConfigResult r = preset(id);
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    QVERIFY(layer < static_cast<int>(r.layers.size()));
    const LayerRope& l = r.layers[static_cast<std::size_t>(layer)];
    QCOMPARE(QString::fromStdString(l.type), type);
    QCOMPARE(static_cast<int>(l.attention), kind);
    QCOMPARE(l.rope, rope);
    QCOMPARE(static_cast<qlonglong>(l.window), window);
    QCOMPARE(static_cast<qlonglong>(l.maxDistance), maxDistance);
    if (rope) {
        QCOMPARE(l.params.effectiveRotaryDim(), rotaryDim);
    }
}

// The "done when" of issue #24: every preset gives every layer a kind, a max distance and a
// verdict (the check runs without throwing; min_base stays under the default work cap).
void TestLayerSpans::everyPresetHasSpansAndChecks() {
    for (const rope::io::Preset& p : rope::io::allPresets()) {
        const rope::io::ModelConfigResult r = preset(p.id);
        QVERIFY2(r.ok(), qPrintable(p.id));
        if (r.layers.empty()) {
            continue; // no num_hidden_layers in the file
        }
        const auto f = rope::layerFrequencies(r.layers);
        const auto checks = rope::layerBaseChecks(r.layers, f);
        QCOMPARE(checks.size(), r.layers.size());
        for (std::size_t i = 0; i < checks.size(); ++i) {
            const LayerRope& l = r.layers[i];
            if (l.attention == AttentionKind::Sliding || l.attention == AttentionKind::Chunked) {
                QVERIFY2(l.window > 0 && l.maxDistance == std::min(l.window, l.params.context) - 1,
                         qPrintable(p.id));
            }
            QCOMPARE(checks[i].checked, l.rope && l.maxDistance >= 0);
            if (checks[i].checked) {
                QVERIFY(checks[i].minBaseStatus != MinBaseStatus::NoRope);
            }
        }
    }
}

void TestLayerSpans::firstNegativeMatchesLongDoubleScan_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("layer");
    QTest::newRow("gemma-3 local 1024") << "gemma-3-4b" << 0;
    QTest::newRow("gpt-oss sliding 128 (YaRN)") << "gpt-oss-20b" << 0;
    QTest::newRow("command-r7b sliding 4096") << "command-r7b" << 0;
    QTest::newRow("llama-4 chunk 8192 (llama3 ×16)") << "llama-4-scout" << 0;
    QTest::newRow("exaone-4 sliding 4096 (llama3 ×16)") << "exaone-4.0-32b" << 0;
    QTest::newRow("gemma-4 sliding 1024") << "gemma-4-26b-a4b" << 0;
}

void TestLayerSpans::firstNegativeMatchesLongDoubleScan() {
    QFETCH(QString, id);
    QFETCH(int, layer);
    const rope::io::ModelConfigResult r = preset(id);
    QVERIFY(r.ok());
    const auto f = rope::layerFrequencies(r.layers);
    const auto checks = rope::layerBaseChecks(r.layers, f);
    const std::size_t i = static_cast<std::size_t>(layer);
    QVERIFY(checks[i].checked);
    const std::optional<long long> expected =
        longDoubleFirstNegative(f[i].invFreq, r.layers[i].maxDistance + 1);
    QCOMPARE(checks[i].firstNegativeSumCos.has_value(), expected.has_value());
    if (expected) {
        QCOMPARE(*checks[i].firstNegativeSumCos, *expected);
    }
}

void TestLayerSpans::minBaseIsFeasibleAndCached() {
    // gpt-oss-20b sliding layers: L = 128, d = 64. The reported b* must keep Σcos ≥ 0 for every
    // m < 128 (long-double scan), and its lower bracket must not be above it.
    const rope::io::ModelConfigResult r = preset(QStringLiteral("gpt-oss-20b"));
    const auto f = rope::layerFrequencies(r.layers);
    const auto checks = rope::layerBaseChecks(r.layers, f);
    const LayerBaseCheck& c = checks[0];
    QCOMPARE(c.minBaseStatus, MinBaseStatus::Computed);
    QCOMPARE(c.context, 128LL);
    QCOMPARE(c.dim, 64);
    QVERIFY(c.minBaseLower <= c.minBase);
    QVERIFY(longDoubleMinimum(64, c.minBase, 128) >= -1e-9L);
    // The same (L, d) on another sliding layer gives the same numbers (one sweep per pair).
    QCOMPARE(checks[2].minBase, c.minBase);
    // Base 150000 is far above b*(128, 64): the layer's base suffices.
    QVERIFY(c.baseSuffices);
}

void TestLayerSpans::workCapIsReported() {
    const rope::io::ModelConfigResult r = preset(QStringLiteral("gemma-3-4b"));
    const auto f = rope::layerFrequencies(r.layers);
    rope::LayerBaseCheckOptions options;
    options.minBaseWorkCap = 1000.0; // below 1024·128
    const auto checks = rope::layerBaseChecks(r.layers, f, options);
    QCOMPARE(checks[0].minBaseStatus, MinBaseStatus::OverWorkCap);
    QVERIFY(QString::fromStdString(checks[0].reason).contains(QStringLiteral("work cap")));
    // The first-negative scan is not capped: it still ran.
    QVERIFY(checks[0].checked);
}

void TestLayerSpans::gemma4GlobalLayersUseGlobalHeadDim() {
    const rope::io::ModelConfigResult r = preset(QStringLiteral("gemma-4-26b-a4b"));
    QVERIFY(r.ok());
    // Full layers: head 512 (global_head_dim), 64 rotating pairs θ_i = 1e6^(−2i/512), the other
    // 192 pairs θ = 0. Sliding layers: head 256, base 1e4, every pair rotates.
    const LayerRope& global = r.layers[5];
    QCOMPARE(global.params.headDim, 512);
    QCOMPARE(global.params.base, 1e6);
    const auto f = rope::layerFrequencies(r.layers);
    QCOMPARE(f[5].invFreq.size(), Eigen::Index(256));
    QCOMPARE(f[5].invFreq[1], std::pow(1e6, -2.0 / 512.0));
    QCOMPARE(f[5].invFreq[63] > 0.0, true);
    QCOMPARE(f[5].invFreq[64], 0.0);
    const LayerRope& local = r.layers[0];
    QCOMPARE(local.params.headDim, 256);
    QCOMPARE(local.params.base, 1e4);
}

void TestLayerSpans::mistralQueryScaleClosedForm() {
    rope::QueryScale s;
    s.beta = 0.1;
    s.originalContext = 16384.0;
    QCOMPARE(rope::mistralQueryScale(0.0, s), 1.0);
    QCOMPARE(rope::mistralQueryScale(16383.0, s), 1.0);
    // ⌊16384/16384⌋ = 1: 1 + 0.1·ln 2.
    QCOMPARE(rope::mistralQueryScale(16384.0, s), 1.0 + 0.1 * std::log(2.0));
    QCOMPARE(rope::mistralQueryScale(3.0 * 16384.0, s), 1.0 + 0.1 * std::log(4.0));
    const QByteArray json = R"({"model_type": "ministral3", "head_dim": 128,
        "max_position_embeddings": 262144, "num_hidden_layers": 2,
        "rope_parameters": {"rope_type": "yarn", "rope_theta": 1000000000.0, "factor": 16.0,
            "original_max_position_embeddings": 16384, "beta_fast": 32.0, "beta_slow": 1.0,
            "mscale": 1.0, "mscale_all_dim": 1.0, "llama_4_scaling_beta": 0.1}})";
    const rope::io::ModelConfigResult r = rope::io::loadModelConfigFromJson(json);
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    QCOMPARE(r.layers.size(), std::size_t(2));
    QVERIFY(r.layers[1].queryScaleOn);
    QCOMPARE(r.layers[1].queryScale.beta, 0.1);
    QCOMPARE(r.layers[1].queryScale.originalContext, 16384.0);
}

void TestLayerSpans::unknownLayerTypeIsNamed() {
    const QByteArray json = R"({"head_dim": 64, "max_position_embeddings": 4096,
        "num_hidden_layers": 2, "layer_types": ["full_attention", "mamba"]})";
    const rope::io::ModelConfigResult r = rope::io::loadModelConfigFromJson(json);
    QVERIFY(r.ok());
    const QString all = r.warnings.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QStringLiteral("layer_types: unknown layer type(s) mamba")),
             qPrintable(all));
}

void TestLayerSpans::slidingLayerWithoutWindowIsNamed() {
    const QByteArray json = R"({"head_dim": 64, "max_position_embeddings": 4096,
        "num_hidden_layers": 2, "layer_types": ["sliding_attention", "full_attention"]})";
    const rope::io::ModelConfigResult r = rope::io::loadModelConfigFromJson(json);
    QVERIFY(r.ok());
    QVERIFY2(r.warnings.join(QLatin1Char('\n')).contains(QStringLiteral("sliding_window: missing")),
             qPrintable(r.warnings.join(QLatin1Char('\n'))));
    // The sliding layer's span is unknown, not guessed; the full layer keeps 4096 − 1.
    QCOMPARE(r.layers[0].maxDistance, -1LL);
    QCOMPARE(r.layers[1].maxDistance, 4095LL);
    const auto checks = rope::layerBaseChecks(r.layers, rope::layerFrequencies(r.layers));
    QCOMPARE(checks[0].minBaseStatus, MinBaseStatus::Unbounded);
}

// MiniMax: attn_type_list 0 = lightning (linear) attention without RoPE, 1 = softmax attention.
void TestLayerSpans::minimaxAttnTypeListMarksLinearLayers() {
    const QByteArray json = R"({"model_type": "minimax", "head_dim": 128, "rotary_dim": 64,
        "max_position_embeddings": 8192, "num_hidden_layers": 3, "attn_type_list": [0, 1, 0]})";
    const rope::io::ModelConfigResult r = rope::io::loadModelConfigFromJson(json);
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    QCOMPARE(r.layers[0].attention, AttentionKind::Linear);
    QVERIFY(!r.layers[0].rope);
    QCOMPARE(r.layers[1].attention, AttentionKind::Full);
    QVERIFY(r.layers[1].rope);
    QCOMPARE(r.layers[1].maxDistance, 8191LL);
    const QByteArray bad = R"({"model_type": "minimax", "head_dim": 128,
        "max_position_embeddings": 8192, "num_hidden_layers": 2, "attn_type_list": [0, 2]})";
    const rope::io::ModelConfigResult e = rope::io::loadModelConfigFromJson(bad);
    QVERIFY(e.errors.join(QLatin1Char('\n')).contains(QStringLiteral("attn_type_list: item 1")));
}

// Gemma4TextConfig without layer_types: every 6th layer full, the rest sliding, the last layer
// forced to full; sliding_window defaults to 512 (→ 511), warned; full layers 4096 − 1.
void TestLayerSpans::gemma4DefaultsWithoutLayerTypes() {
    const QByteArray json = R"({"model_type": "gemma4_text", "head_dim": 256,
        "global_head_dim": 512, "max_position_embeddings": 4096, "num_hidden_layers": 8,
        "rope_parameters": {
            "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0},
            "full_attention": {"rope_type": "proportional", "rope_theta": 1000000.0,
                               "partial_rotary_factor": 0.25}}})";
    const rope::io::ModelConfigResult r = rope::io::loadModelConfigFromJson(json);
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    QCOMPARE(r.layers.size(), std::size_t(8));
    for (std::size_t i = 0; i < 8; ++i) {
        const bool full = i == 5 || i == 7;
        QCOMPARE(r.layers[i].attention, full ? AttentionKind::Full : AttentionKind::Sliding);
        QCOMPARE(r.layers[i].maxDistance, full ? 4095LL : 511LL);
        QCOMPARE(r.layers[i].params.headDim, full ? 512 : 256);
    }
    const QString warnings = r.warnings.join(QLatin1Char('\n'));
    QVERIFY2(warnings.contains(QStringLiteral("sliding_window: missing; using 512")),
             qPrintable(warnings));
    QVERIFY2(warnings.contains(QStringLiteral("forces it to full_attention")), qPrintable(warnings));
}

QTEST_GUILESS_MAIN(TestLayerSpans)
#include "tst_layer_spans.moc"
