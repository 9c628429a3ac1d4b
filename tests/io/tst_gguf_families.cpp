// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GGUF files as llama.cpp's converter writes them (tests/data/gguf/, written by
// tests/io/reference/make_converter_gguf.py from the published config.json files) read as
// llama.cpp's loader fills them. Each expectation is llama.cpp's rule written out here in closed
// form, independently of the reader (llama.cpp src/llama-model.cpp load_hparams and
// src/llama-hparams.cpp at commit 00342301d01add50835550e8a916f12097d94517):
// - set_swa_pattern(n): layer il slides iff il mod n < n − 1;
// - cohere2: n = 4, RoPE only on sliding layers; gpt-oss and gemma2: n = 2 (gemma2's window
//   defaults to 4096); qwen3next: layer il is linear attention (no RoPE) iff (il + 1) mod 4 ≠ 0;
//   glm4moe: block_count − nextn_predict_layers main layers; phi3: SWA off, LongRoPE from the
//   factor tensors with rope.scaling.attn_factor;
// - θ_i = b^(−2i/n_rot), divided by the LongRoPE factor; YaRN as ggml_rope_yarn_corr_dims and
//   rope_yarn compute it (floor/ceil correction range, always).
// Where llama.cpp agrees with transformers, the GGUF must also read as the config.json does.
#include "io/engine_translate.h"
#include "io/gguf.h"
#include "io/model_config.h"
#include "io/model_family.h"
#include "io/presets.h"

#include "core/model_layers.h"
#include "core/scaling/scaling_registry.h"
#include "gguf_writer.h"
#include "tests/test_support.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using rope::io::ModelConfigResult;

namespace {

QString ggufFile(const QString& name) {
    return qEnvironmentVariable("ROPE_SOURCE_DIR") + QStringLiteral("/tests/data/gguf/") + name +
           QStringLiteral(".gguf");
}

QString presetFile(const QString& name) {
    return qEnvironmentVariable("ROPE_SOURCE_DIR") + QStringLiteral("/resources/presets/") + name +
           QStringLiteral(".json");
}

// θ_i = b^(−2i/d) in long double, i < d/2.
long double plainTheta(long double base, int d, int i) {
    return std::pow(base, -2.0L * static_cast<long double>(i) / static_cast<long double>(d));
}

void requireTheta(const rope::RopeParams& p, const std::vector<long double>& expected,
                  double tolerance) {
    const rope::ScalingResult r = rope::scaledFrequencies(p);
    QCOMPARE(static_cast<std::size_t>(r.invFreq.size()), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const double e = static_cast<double>(expected[i]);
        if (std::abs(r.invFreq[static_cast<Eigen::Index>(i)] - e) > tolerance * e) {
            QFAIL(qPrintable(QStringLiteral("pair %1: θ %2, llama.cpp %3")
                                 .arg(i)
                                 .arg(r.invFreq[static_cast<Eigen::Index>(i)], 0, 'g', 17)
                                 .arg(e, 0, 'g', 17)));
        }
    }
}

ModelConfigResult load(const QString& name) {
    ModelConfigResult m = rope::io::loadGguf(ggufFile(name));
    if (!m.ok()) {
        qWarning() << m.errors;
    }
    return m;
}

} // namespace

class TstGgufFamilies : public QObject {
    Q_OBJECT

private slots:
    // The llama.cpp architecture names (llama-arch.cpp LLM_ARCH_NAMES) of the families the two
    // old maps disagreed on, both ways through the table.
    void tableRoundTrips_data() {
        QTest::addColumn<QString>("modelType");
        QTest::addColumn<QString>("arch");
        QTest::newRow("qwen2_moe") << "qwen2_moe"
                                   << "qwen2moe";
        QTest::newRow("gemma2") << "gemma2"
                                << "gemma2";
        QTest::newRow("cohere") << "cohere"
                                << "command-r";
        QTest::newRow("starcoder2") << "starcoder2"
                                    << "starcoder2";
        QTest::newRow("olmo2") << "olmo2"
                               << "olmo2";
        QTest::newRow("qwen3_moe") << "qwen3_moe"
                                   << "qwen3moe";
        QTest::newRow("qwen3_next") << "qwen3_next"
                                    << "qwen3next";
        QTest::newRow("glm4_moe") << "glm4_moe"
                                  << "glm4moe";
        QTest::newRow("gpt_oss") << "gpt_oss"
                                 << "gpt-oss";
        QTest::newRow("cohere2") << "cohere2"
                                 << "cohere2";
        QTest::newRow("exaone4") << "exaone4"
                                 << "exaone4";
        QTest::newRow("qwen3_vl_text") << "qwen3_vl_text"
                                       << "qwen3vl";
        QTest::newRow("gemma3_text") << "gemma3_text"
                                     << "gemma3";
        QTest::newRow("mistral") << "mistral"
                                 << "llama";
        QTest::newRow("qwen3_5_text") << "qwen3_5_text"
                                      << "qwen35";
        QTest::newRow("qwen3_5_moe_text") << "qwen3_5_moe_text"
                                          << "qwen35moe";
    }
    void tableRoundTrips() {
        QFETCH(QString, modelType);
        QFETCH(QString, arch);
        QCOMPARE(rope::io::llamaCppArchOf(modelType), arch);
        const rope::io::ModelFamily* f = rope::io::familyOfLlamaCppArch(arch);
        QVERIFY(f != nullptr);
        QCOMPARE(f->llamaCppArch, arch);
    }

    void unknownFamilyIsNoArchitecture() {
        QVERIFY(rope::io::llamaCppArchOf(QStringLiteral("not_a_model")).isEmpty());
        QVERIFY(rope::io::llamaCppArchOf(QString()).isEmpty());
        QVERIFY(rope::io::familyOfLlamaCppArch(QStringLiteral("not-an-arch")) == nullptr);
    }

    // Every model type appears in one row only, so a lookup cannot depend on the row order.
    void modelTypesAreUnique() {
        QStringList seen;
        for (const rope::io::ModelFamily& f : rope::io::modelFamilies()) {
            QVERIFY2(!f.hfModelTypes.isEmpty(), qPrintable(f.id));
            for (const QString& t : f.hfModelTypes) {
                QVERIFY2(!seen.contains(t), qPrintable(t));
                seen << t;
            }
        }
    }

    // Every built-in preset's model type has a row, so the importer's layout, the GGUF reader
    // and translate know its family (DeepSeek-V3.2's row has no llama.cpp architecture).
    void everyPresetHasAFamily() {
        for (const rope::io::Preset& p : rope::io::allPresets()) {
            const ModelConfigResult m = rope::io::loadPreset(p.id);
            QVERIFY2(rope::io::familyOfModelType(m.modelType) != nullptr,
                     qPrintable(p.id + QStringLiteral(": ") + m.modelType));
        }
    }

    // set_swa_pattern(4) for 8 layers: 0,1,2 sliding, 3 full, 4,5,6 sliding, 7 full.
    void swaPatternClosedForm() {
        const std::vector<bool> swa = rope::io::llamaCppSwaLayers(8, 4);
        const std::vector<bool> expected = {true, true, true, false, true, true, true, false};
        QCOMPARE(swa, expected);
        QCOMPARE(rope::io::llamaCppSwaLayers(3, 2), (std::vector<bool>{true, false, true}));
        QCOMPARE(rope::io::llamaCppSwaLayers(2, 0), (std::vector<bool>{false, false}));
    }

    // Command R7B: no pattern key; llama.cpp's period 4, the 24 sliding layers rotate (window
    // 4096), the 8 full layers do not. θ_i = 50000^(−2i/128), interleaved pairs.
    void commandR7b() {
        const ModelConfigResult m = load(QStringLiteral("command-r7b"));
        QVERIFY(m.ok());
        QCOMPARE(m.modelType, QStringLiteral("cohere2"));
        QCOMPARE(m.layers.size(), std::size_t{32});
        std::vector<long double> theta;
        for (int i = 0; i < 64; ++i) {
            theta.push_back(plainTheta(50000.0L, 128, i));
        }
        for (std::size_t il = 0; il < 32; ++il) {
            const bool sliding = il % 4 < 3;
            QCOMPARE(m.layers[il].attention,
                     sliding ? rope::AttentionKind::Sliding : rope::AttentionKind::Full);
            QCOMPARE(m.layers[il].rope, sliding);
            if (sliding) {
                QCOMPARE(m.layers[il].window, 4096LL);
                QCOMPARE(m.layers[il].params.layout, rope::Layout::Interleaved);
                requireTheta(m.layers[il].params, theta, 1e-14);
            }
        }
        // transformers' Cohere2Config (sliding_window_pattern 4) agrees layer by layer.
        const ModelConfigResult c = rope::io::loadModelConfig(presetFile("command-r7b"));
        QVERIFY(c.ok());
        QCOMPARE(c.layers.size(), m.layers.size());
        for (std::size_t il = 0; il < 32; ++il) {
            QCOMPARE(m.layers[il].rope, c.layers[il].rope);
            QCOMPARE(m.layers[il].attention, c.layers[il].attention);
            QCOMPARE(m.layers[il].window, c.layers[il].window);
        }
        QVERIFY(m.warnings.join('\n').contains(QStringLiteral("period 4")));
    }

    // gpt-oss: even layers slide with window 128, odd layers are full; all rotate. YaRN factor
    // 32 from L0 = 4096, betas 32/1 (llama.cpp's defaults; not written), correction range
    // floored/ceiled as ggml does: θ'_i = θ_i ((1 − r_i)/32 + r_i), r_i = 1 − clamp((i − lo) /
    // max(0.001, hi − lo), 0, 1), lo = ⌊c(32)⌋, hi = ⌈c(1)⌉, c(β) = d ln(L0/(2πβ)) / (2 ln b).
    void gptOss() {
        const ModelConfigResult m = load(QStringLiteral("gpt-oss-20b"));
        QVERIFY(m.ok());
        QCOMPARE(m.layers.size(), std::size_t{24});
        const long double b = 150000.0L;
        const int d = 64;
        const long double s = 32.0L;
        const auto corr = [&](long double beta) {
            return d * std::log(4096.0L / (beta * 2.0L * std::numbers::pi_v<long double>)) /
                   (2.0L * std::log(b));
        };
        const long double lo = std::max(0.0L, std::floor(corr(32.0L)));
        const long double hi = std::min(static_cast<long double>(d - 1), std::ceil(corr(1.0L)));
        std::vector<long double> theta;
        for (int i = 0; i < d / 2; ++i) {
            const long double y = (i - lo) / std::max(0.001L, hi - lo);
            const long double r = 1.0L - std::min(1.0L, std::max(0.0L, y));
            theta.push_back(plainTheta(b, d, i) * ((1.0L - r) / s + r));
        }
        for (std::size_t il = 0; il < 24; ++il) {
            const bool sliding = il % 2 == 0;
            QCOMPARE(m.layers[il].attention,
                     sliding ? rope::AttentionKind::Sliding : rope::AttentionKind::Full);
            QVERIFY(m.layers[il].rope);
            if (sliding) {
                QCOMPARE(m.layers[il].window, 128LL);
            }
            requireTheta(m.layers[il].params, theta, 1e-12);
            // ggml's YaRN magnitude 1 + 0.1 ln s.
            QCOMPARE(rope::scaledFrequencies(m.layers[il].params).attentionFactor,
                     static_cast<double>(1.0L + 0.1L * std::log(s)));
        }
        // The config's layer_types agree; its truncate: false does not reach the GGUF, so θ
        // differs there (the converter drops it and ggml always rounds the range).
        const ModelConfigResult c = rope::io::loadModelConfig(presetFile("gpt-oss-20b"));
        QVERIFY(c.ok());
        for (std::size_t il = 0; il < 24; ++il) {
            QCOMPARE(m.layers[il].attention, c.layers[il].attention);
            QCOMPARE(m.layers[il].window, c.layers[il].window);
        }
        QVERIFY(!c.params.scaling.truncate);
        QVERIFY(m.params.scaling.truncate);
    }

    // Gemma 2: no pattern and no base written; llama.cpp alternates (period 2) with window
    // 4096 and base 10000; head 256 fully rotated. transformers agrees.
    void gemma2() {
        const ModelConfigResult m = load(QStringLiteral("gemma-2-9b"));
        QVERIFY(m.ok());
        QCOMPARE(m.layers.size(), std::size_t{42});
        std::vector<long double> theta;
        for (int i = 0; i < 128; ++i) {
            theta.push_back(plainTheta(10000.0L, 256, i));
        }
        for (std::size_t il = 0; il < 42; ++il) {
            const bool sliding = il % 2 == 0;
            QCOMPARE(m.layers[il].attention,
                     sliding ? rope::AttentionKind::Sliding : rope::AttentionKind::Full);
            QVERIFY(m.layers[il].rope);
            QCOMPARE(m.layers[il].window, sliding ? 4096LL : 0LL);
            requireTheta(m.layers[il].params, theta, 1e-14);
        }
        QVERIFY(m.warnings.join('\n').contains(
            QStringLiteral("gemma2.rope.freq_base: missing; using 10000, llama.cpp's default")));
        // transformers' Gemma2Config alternates the same way from the config.json.
        const ModelConfigResult c =
            rope::io::loadModelConfig(qEnvironmentVariable("ROPE_SOURCE_DIR") +
                                      QStringLiteral("/tests/data/configs/gemma-2-9b.json"));
        QVERIFY(c.ok());
        QCOMPARE(c.layers.size(), m.layers.size());
        for (std::size_t il = 0; il < 42; ++il) {
            QCOMPARE(c.layers[il].attention, m.layers[il].attention);
            QCOMPARE(c.layers[il].window, m.layers[il].window);
            requireTheta(c.layers[il].params, theta, 1e-14);
        }
    }

    // Qwen3-Next: only every 4th layer is attention and rotates 64 of its 256 channels at base
    // 10^7; the 36 linear-attention layers have no RoPE. transformers agrees.
    void qwen3Next() {
        const ModelConfigResult m = load(QStringLiteral("qwen3-next-80b-a3b"));
        QVERIFY(m.ok());
        QCOMPARE(m.modelType, QStringLiteral("qwen3_next"));
        QCOMPARE(m.layers.size(), std::size_t{48});
        std::vector<long double> theta;
        for (int i = 0; i < 32; ++i) {
            theta.push_back(plainTheta(1e7L, 64, i));
        }
        int rotating = 0;
        for (std::size_t il = 0; il < 48; ++il) {
            const bool attention = (il + 1) % 4 == 0;
            QCOMPARE(m.layers[il].rope, attention);
            if (attention) {
                ++rotating;
                QCOMPARE(m.layers[il].params.effectiveRotaryDim(), 64);
                requireTheta(m.layers[il].params, theta, 1e-14);
            }
        }
        QCOMPARE(rotating, 12);
        const ModelConfigResult c = rope::io::loadModelConfig(presetFile("qwen3-next-80b-a3b"));
        QVERIFY(c.ok());
        QCOMPARE(c.layers.size(), m.layers.size());
        for (std::size_t il = 0; il < 48; ++il) {
            QCOMPARE(m.layers[il].rope, c.layers[il].rope);
            QCOMPARE(m.layers[il].type, c.layers[il].type);
        }
    }

    // Qwen3.5-27B as conversion/qwen.py's Qwen3_5TextModel writes it, read as the qwen35
    // loader fills it (src/models/qwen35.cpp, llama_model_qwen35::load_arch_hparams, and
    // llama_model_rope_type): block_count 65 = 64 main layers + 1 MTP block
    // (nextn_predict_layers), and the graph runs the 64; layer il is linear attention (no RoPE)
    // iff (il + 1) mod full_attention_interval (4) ≠ 0, so the 16 layers 3, 7, …, 63 rotate;
    // IMROPE with sections [11, 11, 10, 0], which for a text token (all axes at the same
    // position) turns pair i by θ_i = (10^7)^(−2i/64), i < 32, on n_rot = int(256 · 0.25) = 64
    // channels. transformers' reading of the published config.json agrees layer by layer.
    void qwen35() {
        const ModelConfigResult m = load(QStringLiteral("qwen3.5-27b"));
        QVERIFY(m.ok());
        QCOMPARE(m.modelType, QStringLiteral("qwen3_5_text"));
        QCOMPARE(m.layers.size(), std::size_t{64});
        QCOMPARE(m.mropeSection, (std::vector<int>{11, 11, 10}));
        QVERIFY(m.mropeInterleaved);
        std::vector<long double> theta;
        for (int i = 0; i < 32; ++i) {
            theta.push_back(plainTheta(1e7L, 64, i));
        }
        int rotating = 0;
        for (std::size_t il = 0; il < 64; ++il) {
            const bool attention = (il + 1) % 4 == 0;
            QCOMPARE(m.layers[il].rope, attention);
            if (attention) {
                ++rotating;
                QCOMPARE(m.layers[il].params.effectiveRotaryDim(), 64);
                requireTheta(m.layers[il].params, theta, 1e-14);
            }
        }
        QCOMPARE(rotating, 16);
        QVERIFY(m.warnings.join('\n').contains(QStringLiteral("qwen35.nextn_predict_layers")));
        const ModelConfigResult c =
            rope::io::loadModelConfig(qEnvironmentVariable("ROPE_SOURCE_DIR") +
                                      QStringLiteral("/tests/data/configs/qwen3.5-27b.json"));
        QVERIFY(c.ok());
        QCOMPARE(c.layers.size(), m.layers.size());
        QCOMPARE(c.mropeSection, m.mropeSection);
        QCOMPARE(c.mropeInterleaved, m.mropeInterleaved);
        for (std::size_t il = 0; il < 64; ++il) {
            QCOMPARE(m.layers[il].rope, c.layers[il].rope);
            QCOMPARE(m.layers[il].type, c.layers[il].type);
            QCOMPARE(m.layers[il].params.effectiveRotaryDim(),
                     c.layers[il].params.effectiveRotaryDim());
        }
    }

    // The qwen35 loader reads full_attention_interval (default 4), unlike qwen3next's fixed 4 at
    // the commit read: with 2, layer il rotates iff (il + 1) mod 2 = 0; with 100 on 8 layers none
    // does. A 0 (a division by zero in the loader's (i + 1) % interval) is an error naming the
    // key.
    void qwen35FullAttentionIntervalKey() {
        const auto file = [](uint32_t interval) {
            gguf_test::Writer w;
            w.str(QStringLiteral("general.architecture"), QStringLiteral("qwen35"));
            w.u32(QStringLiteral("qwen35.block_count"), 8);
            w.u32(QStringLiteral("qwen35.context_length"), 4096);
            w.u32(QStringLiteral("qwen35.embedding_length"), 1024);
            w.u32(QStringLiteral("qwen35.attention.head_count"), 8);
            w.u32(QStringLiteral("qwen35.attention.key_length"), 256);
            w.f32(QStringLiteral("qwen35.rope.freq_base"), 1e7f);
            w.u32(QStringLiteral("qwen35.rope.dimension_count"), 64);
            w.i32Array(QStringLiteral("qwen35.rope.dimension_sections"), {11, 11, 10, 0});
            w.u32(QStringLiteral("qwen35.full_attention_interval"), interval);
            return rope::io::loadGgufFromBytes(w.bytes());
        };
        const ModelConfigResult two = file(2);
        QVERIFY2(two.ok(), qPrintable(two.errors.join(QStringLiteral(" | "))));
        QCOMPARE(two.layers.size(), std::size_t{8});
        for (std::size_t il = 0; il < 8; ++il) {
            QCOMPARE(two.layers[il].rope, (il + 1) % 2 == 0);
        }
        // Above the layer count: legal, and no layer has (il + 1) mod 100 = 0 below 8.
        const ModelConfigResult wide = file(100);
        QVERIFY2(wide.ok(), qPrintable(wide.errors.join(QStringLiteral(" | "))));
        QCOMPARE(wide.layers.size(), std::size_t{8});
        for (std::size_t il = 0; il < 8; ++il) {
            QVERIFY(!wide.layers[il].rope);
        }
        const ModelConfigResult zero = file(0);
        QVERIFY(!zero.ok());
        QVERIFY(zero.errors.join('\n').contains(QStringLiteral("qwen35.full_attention_interval")));
    }

    // GLM-4.5: block_count 93 = 92 main layers + 1 MTP layer; llama.cpp's graph runs 92.
    // θ_i = 10^6^(−2i/64), 64 of 128 channels, rotate-half pairs; transformers agrees.
    void glm45() {
        const ModelConfigResult m = load(QStringLiteral("glm-4.5"));
        QVERIFY(m.ok());
        QCOMPARE(m.layers.size(), std::size_t{92});
        QCOMPARE(m.params.effectiveRotaryDim(), 64);
        QCOMPARE(m.params.layout, rope::Layout::Half);
        std::vector<long double> theta;
        for (int i = 0; i < 32; ++i) {
            theta.push_back(plainTheta(1e6L, 64, i));
        }
        requireTheta(m.params, theta, 1e-14);
        QVERIFY(m.warnings.join('\n').contains(QStringLiteral("nextn_predict_layers")));
        const ModelConfigResult c = rope::io::loadModelConfig(presetFile("glm-4.5"));
        QVERIFY(c.ok());
        QCOMPARE(c.layers.size(), m.layers.size());
        QCOMPARE(c.params.effectiveRotaryDim(), m.params.effectiveRotaryDim());
    }

    // Phi-3.5-mini: no rope.scaling.type, but the factor tensors, attn_factor and
    // original_context_length: llama.cpp divides θ_i = 10000^(−2i/96) by the long factors
    // (context 131072 > 4096) and scales cos/sin by attn_factor = √(1 + ln 32 / ln 4096)
    // (stored as float32). Phi SWA is off: every layer is full. transformers' LongRoPE gives the
    // same θ and magnitude.
    void phi35() {
        const ModelConfigResult m = load(QStringLiteral("phi-3.5-mini-instruct"));
        QVERIFY(m.ok());
        QCOMPARE(m.params.scaling.method, rope::ScalingKind::LongRope);
        const ModelConfigResult c = rope::io::loadModelConfig(presetFile("phi-3.5-mini-instruct"));
        QVERIFY(c.ok());
        QCOMPARE(c.params.scaling.longFactor.size(), std::size_t{48});
        // llama.cpp's get_rope_factors: the long factors iff n_ctx_seq > original_context_length
        // (4096), else the short ones. The published factors are float32 values, so the tensors
        // hold them exactly.
        const auto thetaFor = [&](const std::vector<double>& factors) {
            std::vector<long double> theta;
            for (int i = 0; i < 48; ++i) {
                theta.push_back(plainTheta(10000.0L, 96, i) /
                                static_cast<long double>(static_cast<float>(factors[i])));
            }
            return theta;
        };
        rope::RopeParams atLong = m.params;
        atLong.scaling.seqLen = 131072;
        requireTheta(atLong, thetaFor(c.params.scaling.longFactor), 1e-14);
        rope::RopeParams atShort = m.params;
        atShort.scaling.seqLen = 4096;
        requireTheta(atShort, thetaFor(c.params.scaling.shortFactor), 1e-14);
        // attn_factor is stored as float32 (read back as its shortest decimal).
        const double attn =
            static_cast<double>(std::sqrt(1.0L + std::log(32.0L) / std::log(4096.0L)));
        QVERIFY(std::abs(rope::scaledFrequencies(atLong).attentionFactor - attn) < 1e-7);
        QCOMPARE(m.layers.size(), std::size_t{32});
        for (const rope::LayerRope& l : m.layers) {
            QCOMPARE(l.attention, rope::AttentionKind::Full);
            QVERIFY(l.rope);
        }
        // The config path: the same θ at both lengths; the magnitude differs only by the float32
        // storage.
        rope::RopeParams configLong = c.params;
        configLong.scaling.seqLen = 131072;
        requireTheta(configLong, thetaFor(c.params.scaling.longFactor), 1e-14);
        rope::RopeParams configShort = c.params;
        configShort.scaling.seqLen = 4096;
        requireTheta(configShort, thetaFor(c.params.scaling.shortFactor), 1e-14);
        QVERIFY(std::abs(rope::scaledFrequencies(configLong).attentionFactor - attn) < 1e-7);
    }

    // Gemma 4 26B-A4B: per-layer head_count_kv (8 sliding, 2 full) is accepted; the sliding
    // layers rotate their 256 channels at base 10^4 (θ_i = 10^4^(−2i/256)); the full layers have
    // n_rot 512 at base 10^6 with rope_freqs 1 × 64, 1e30 × 192, which llama.cpp divides θ_i by:
    // θ_i = 10^6^(−2i/512) for i < 64 and θ_i/1e30 ≈ 0 beyond. transformers' proportional RoPE
    // (partial_rotary_factor 0.25 of global_head_dim 512) gives the same per layer.
    void gemma4() {
        const ModelConfigResult m = load(QStringLiteral("gemma-4-26b-a4b"));
        QVERIFY(m.ok());
        QCOMPARE(m.modelType, QStringLiteral("gemma4_text"));
        const ModelConfigResult c = rope::io::loadModelConfig(presetFile("gemma-4-26b-a4b"));
        QVERIFY(c.ok());
        QCOMPARE(m.layers.size(), std::size_t{30});
        QCOMPARE(c.layers.size(), m.layers.size());
        std::vector<long double> sliding;
        for (int i = 0; i < 128; ++i) {
            sliding.push_back(plainTheta(10000.0L, 256, i));
        }
        int full = 0;
        for (std::size_t il = 0; il < 30; ++il) {
            const rope::LayerRope& l = m.layers[il];
            QCOMPARE(l.type, c.layers[il].type);
            QVERIFY(l.rope);
            if (l.attention == rope::AttentionKind::Sliding) {
                QCOMPARE(l.window, 1024LL);
                requireTheta(l.params, sliding, 1e-14);
                requireTheta(c.layers[il].params, sliding, 1e-14);
                continue;
            }
            ++full;
            const rope::ScalingResult r = rope::scaledFrequencies(l.params);
            QCOMPARE(r.invFreq.size(), Eigen::Index{256});
            for (int i = 0; i < 256; ++i) {
                const double e = i < 64 ? static_cast<double>(plainTheta(1e6L, 512, i)) : 0.0;
                QVERIFY2(std::abs(r.invFreq[i] - e) <= 1e-14 * std::max(e, 1e-300) ||
                             (i >= 64 && std::abs(r.invFreq[i]) < 1e-30),
                         qPrintable(QStringLiteral("full layer %1 pair %2: %3")
                                        .arg(il)
                                        .arg(i)
                                        .arg(r.invFreq[i])));
            }
            const rope::ScalingResult rc = rope::scaledFrequencies(c.layers[il].params);
            QCOMPARE(rc.invFreq.size(), r.invFreq.size());
            for (Eigen::Index i = 0; i < r.invFreq.size(); ++i) {
                QCOMPARE(rc.invFreq[i], r.invFreq[i]);
            }
        }
        QCOMPARE(full, 5);
    }

    // The conditional defaults, on headers with only the keys they depend on: exaone4 slides
    // (period 4, window 4096 when absent, RoPE on sliding layers only) for 64 layers only;
    // olmo2 slides (period 4) only with a positive window.
    void conditionalDefaults() {
        const auto header = [](const QString& arch, int layers, int window) {
            gguf_test::Writer w;
            w.str(QStringLiteral("general.architecture"), arch);
            w.u32(arch + QStringLiteral(".block_count"), static_cast<uint32_t>(layers));
            w.u32(arch + QStringLiteral(".context_length"), 32768);
            w.u32(arch + QStringLiteral(".embedding_length"), 4096);
            w.u32(arch + QStringLiteral(".attention.head_count"), 32);
            w.f32(arch + QStringLiteral(".rope.freq_base"), 1000000.0f);
            if (window > 0) {
                w.u32(arch + QStringLiteral(".attention.sliding_window"),
                      static_cast<uint32_t>(window));
            }
            return rope::io::loadGgufFromBytes(w.bytes());
        };
        const ModelConfigResult big = header(QStringLiteral("exaone4"), 64, 0);
        QVERIFY(big.ok());
        QCOMPARE(big.layers.size(), std::size_t{64});
        for (std::size_t il = 0; il < 64; ++il) {
            const bool sliding = il % 4 < 3;
            QCOMPARE(big.layers[il].rope, sliding);
            QCOMPARE(big.layers[il].window, sliding ? 4096LL : 0LL);
        }
        const ModelConfigResult small = header(QStringLiteral("exaone4"), 30, 4096);
        QVERIFY(small.ok());
        QCOMPARE(small.layers.size(), std::size_t{30});
        for (const rope::LayerRope& l : small.layers) {
            QVERIFY(l.rope);
            QCOMPARE(l.attention, rope::AttentionKind::Full);
        }
        const ModelConfigResult olmoWindow = header(QStringLiteral("olmo2"), 8, 4096);
        QVERIFY(olmoWindow.ok());
        for (std::size_t il = 0; il < 8; ++il) {
            QCOMPARE(olmoWindow.layers[il].attention,
                     il % 4 < 3 ? rope::AttentionKind::Sliding : rope::AttentionKind::Full);
            QVERIFY(olmoWindow.layers[il].rope);
        }
        const ModelConfigResult olmoFull = header(QStringLiteral("olmo2"), 8, 0);
        QVERIFY(olmoFull.ok());
        for (const rope::LayerRope& l : olmoFull.layers) {
            QCOMPARE(l.attention, rope::AttentionKind::Full);
        }
        // llama4: chunks of 8192 on layers il mod 4 < 3, which rotate; every 4th layer is full
        // attention without RoPE (n_no_rope_layer_step 4). A window of 0 switches chunking off.
        const ModelConfigResult scout = header(QStringLiteral("llama4"), 8, 0);
        QVERIFY(scout.ok());
        for (std::size_t il = 0; il < 8; ++il) {
            const bool chunked = il % 4 < 3;
            QCOMPARE(scout.layers[il].attention,
                     chunked ? rope::AttentionKind::Chunked : rope::AttentionKind::Full);
            QCOMPARE(scout.layers[il].rope, chunked);
            QCOMPARE(scout.layers[il].window, chunked ? 8192LL : 0LL);
        }
        // cohere2 without its required window: an error naming the key, as llama.cpp refuses.
        const ModelConfigResult cohere = header(QStringLiteral("cohere2"), 8, 0);
        QVERIFY(!cohere.ok());
        QVERIFY(
            cohere.errors.join('\n').contains(QStringLiteral("cohere2.attention.sliding_window")));
        // An architecture in no row: read, with a warning naming it, never as llama's family.
        const ModelConfigResult unknown = header(QStringLiteral("not-an-arch"), 2, 0);
        QVERIFY(unknown.warnings.join('\n').contains(QStringLiteral("'not-an-arch' is not in")));
    }

    // translate --to llama.cpp: every key under the family's architecture.
    void translateKeysUseTheArchitecture_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("arch");
        const QString base = QStringLiteral(
            "{\"model_type\": \"%1\", \"hidden_size\": 4096, \"num_attention_heads\": 32, "
            "\"num_hidden_layers\": 4, \"max_position_embeddings\": 8192, "
            "\"rope_theta\": 1000000}");
        QTest::newRow("qwen3_moe") << base.arg("qwen3_moe") << "qwen3moe";
        QTest::newRow("qwen3_vl") << base.arg("qwen3_vl") << "qwen3vl";
        QTest::newRow("exaone4") << base.arg("exaone4") << "exaone4";
        QTest::newRow("glm4_moe") << base.arg("glm4_moe") << "glm4moe";
        QTest::newRow("qwen3_next") << base.arg("qwen3_next") << "qwen3next";
        QTest::newRow("gemma2") << base.arg("gemma2") << "gemma2";
        QTest::newRow("gemma4_text") << base.arg("gemma4_text") << "gemma4";
        QTest::newRow("qwen3_5_text") << base.arg("qwen3_5_text") << "qwen35";
    }
    void translateKeysUseTheArchitecture() {
        QFETCH(QString, json);
        QFETCH(QString, arch);
        const ModelConfigResult m = rope::io::loadModelConfigFromJson(json.toUtf8());
        QCOMPARE(rope::io::llamaCppArchOf(m.modelType), arch);
        const rope::io::LlamaCppTranslation t =
            rope::io::toLlamaCpp(m, rope::io::llamaCppArchOf(m.modelType));
        QVERIFY(!t.ggufKeys.empty());
        for (const auto& [k, v] : t.ggufKeys) {
            QVERIFY2(k.startsWith(arch + QLatin1Char('.')), qPrintable(k));
        }
    }

    // YaRN with an explicit attention_factor A through llama.cpp and back: no
    // --yarn-attn-factor flag (llama-context.cpp overwrites it when YaRN is on), the key
    // attn_factor = A / (0.1 ln s + 1), and a GGUF with those keys reads back A (ggml multiplies
    // by 0.1 ln s + 1 again) and the config's θ.
    void yarnAttentionFactorRoundTrip() {
        const ModelConfigResult c = rope::io::loadModelConfigFromJson(
            "{\"model_type\": \"qwen2\", \"hidden_size\": 3584, \"num_attention_heads\": 28, "
            "\"num_hidden_layers\": 2, \"max_position_embeddings\": 131072, "
            "\"rope_theta\": 1000000, \"rope_scaling\": {\"rope_type\": \"yarn\", "
            "\"factor\": 4.0, \"original_max_position_embeddings\": 32768, "
            "\"attention_factor\": 1.5}}");
        QVERIFY(c.ok());
        const rope::io::LlamaCppTranslation t = rope::io::toLlamaCpp(c, QStringLiteral("qwen2"));
        QVERIFY(!t.flags.contains(QStringLiteral("--yarn-attn-factor")));
        gguf_test::Writer w;
        w.str(QStringLiteral("general.architecture"), QStringLiteral("qwen2"));
        w.u32(QStringLiteral("qwen2.block_count"), 2);
        w.u32(QStringLiteral("qwen2.embedding_length"), 3584);
        w.u32(QStringLiteral("qwen2.attention.head_count"), 28);
        bool sawAttn = false;
        for (const auto& [k, v] : t.ggufKeys) {
            if (k == QLatin1String("qwen2.rope.scaling.type")) {
                w.str(k, v);
            } else if (k.endsWith(QLatin1String("context_length")) ||
                       k.endsWith(QLatin1String("dimension_count"))) {
                w.u32(k, v.toUInt());
            } else {
                w.f32(k, v.toFloat());
            }
            if (k == QLatin1String("qwen2.rope.scaling.attn_factor")) {
                sawAttn = true;
                QVERIFY(std::abs(v.toDouble() - 1.5 / (0.1 * std::log(4.0) + 1.0)) < 1e-15);
            }
        }
        QVERIFY(sawAttn);
        const ModelConfigResult g = rope::io::loadGgufFromBytes(w.bytes());
        QVERIFY(g.ok());
        QVERIFY(std::abs(rope::scaledFrequencies(g.params).attentionFactor - 1.5) < 1e-6);
        const rope::ScalingResult rc = rope::scaledFrequencies(c.params);
        const rope::ScalingResult rg = rope::scaledFrequencies(g.params);
        QCOMPARE(rg.invFreq.size(), rc.invFreq.size());
        for (Eigen::Index i = 0; i < rc.invFreq.size(); ++i) {
            QVERIFY(std::abs(rg.invFreq[i] - rc.invFreq[i]) <= 1e-12 * rc.invFreq[i]);
        }
    }

    // llama.cpp src/llama-model.cpp at 00342301, llama_model::load_hparams: only the
    // LLM_ARCH_GROK branch reads rope.scaling.yarn_ext_factor / yarn_attn_factor /
    // yarn_beta_fast / yarn_beta_slow; for qwen2 hparams keep llama-hparams.h's defaults
    // (beta 32/1, yarn_attn_factor 1). llama-context.cpp (llama_context::llama_context, since
    // PR 17945) then sets the YaRN magnitude to get_mscale(s) = 0.1 ln s + 1 for s = 4. So the
    // file below runs exactly as Qwen2.5-7B's YaRN config.json reads in transformers (beta
    // 32/1, attention factor 0.1 ln 4 + 1), whatever the four keys say, and each is named.
    void yarnKnobKeysIgnoredOutsideGrok() {
        gguf_test::Writer w;
        w.str(QStringLiteral("general.architecture"), QStringLiteral("qwen2"));
        w.u32(QStringLiteral("qwen2.block_count"), 28);
        w.u32(QStringLiteral("qwen2.context_length"), 32768);
        w.u32(QStringLiteral("qwen2.embedding_length"), 3584);
        w.u32(QStringLiteral("qwen2.attention.head_count"), 28);
        w.u32(QStringLiteral("qwen2.attention.head_count_kv"), 4);
        w.f32(QStringLiteral("qwen2.rope.freq_base"), 1000000.0f);
        w.str(QStringLiteral("qwen2.rope.scaling.type"), QStringLiteral("yarn"));
        w.f32(QStringLiteral("qwen2.rope.scaling.factor"), 4.0f);
        w.u32(QStringLiteral("qwen2.rope.scaling.original_context_length"), 32768);
        w.f32(QStringLiteral("qwen2.rope.scaling.yarn_ext_factor"), 0.5f);
        w.f32(QStringLiteral("qwen2.rope.scaling.yarn_attn_factor"), 2.0f);
        w.f32(QStringLiteral("qwen2.rope.scaling.yarn_beta_fast"), 16.0f);
        w.f32(QStringLiteral("qwen2.rope.scaling.yarn_beta_slow"), 2.0f);
        const ModelConfigResult g = rope::io::loadGgufFromBytes(w.bytes());
        QVERIFY2(g.ok(), qPrintable(g.errors.join(QStringLiteral(" | "))));
        QCOMPARE(g.params.scaling.betaFast, 32.0);
        QCOMPARE(g.params.scaling.betaSlow, 1.0);
        const double magnitude = 0.1 * std::log(4.0) + 1.0;
        QVERIFY(std::abs(rope::scaledFrequencies(g.params).attentionFactor - magnitude) < 1e-12);
        const ModelConfigResult c =
            rope::io::loadModelConfig(qEnvironmentVariable("ROPE_SOURCE_DIR") +
                                      QStringLiteral("/tests/data/configs/qwen2.5-7b-yarn.json"));
        QVERIFY(c.ok());
        QVERIFY(
            (rope::scaledFrequencies(g.params).invFreq == rope::scaledFrequencies(c.params).invFreq)
                .all());
        const QString warnings = g.warnings.join(QLatin1Char('\n'));
        const std::pair<const char*, const char*> named[] = {{"yarn_ext_factor", "0.5"},
                                                             {"yarn_attn_factor", "2"},
                                                             {"yarn_beta_fast", "16"},
                                                             {"yarn_beta_slow", "2"}};
        for (const auto& [k, v] : named) {
            const QString line = QStringLiteral("qwen2.rope.scaling.") + QLatin1String(k) +
                                 QStringLiteral(": ") + QLatin1String(v) +
                                 QStringLiteral(" is ignored");
            QVERIFY2(warnings.contains(line), qPrintable(line));
        }
    }

    // translate for an architecture that ignores the beta keys (qwen2, as above): the betas go
    // only into the flags, and a non-default pair is named as not carried by the file.
    void translateBetasOnlyAsFlags() {
        const ModelConfigResult c = rope::io::loadModelConfigFromJson(
            "{\"model_type\": \"qwen2\", \"hidden_size\": 3584, \"num_attention_heads\": 28, "
            "\"num_hidden_layers\": 2, \"max_position_embeddings\": 131072, "
            "\"rope_theta\": 1000000, \"rope_scaling\": {\"rope_type\": \"yarn\", "
            "\"factor\": 4.0, \"original_max_position_embeddings\": 32768, "
            "\"beta_fast\": 16, \"beta_slow\": 2}}");
        QVERIFY(c.ok());
        const rope::io::LlamaCppTranslation t = rope::io::toLlamaCpp(c, QStringLiteral("qwen2"));
        for (const auto& [k, v] : t.ggufKeys) {
            QVERIFY2(!k.contains(QLatin1String("yarn_beta")), qPrintable(k));
        }
        const int fast = static_cast<int>(t.flags.indexOf(QStringLiteral("--yarn-beta-fast")));
        const int slow = static_cast<int>(t.flags.indexOf(QStringLiteral("--yarn-beta-slow")));
        QVERIFY(fast >= 0 && slow >= 0);
        QCOMPARE(t.flags.at(fast + 1), QStringLiteral("16"));
        QCOMPARE(t.flags.at(slow + 1), QStringLiteral("2"));
        QVERIFY(t.notExpressible.join(QLatin1Char('\n'))
                    .contains(QStringLiteral("does not read rope.scaling.yarn_beta_fast")));
    }

    // Phi-3.5's LongRoPE: the converter writes attn_factor and original_context_length, never
    // rope.scaling.type.
    void translatePhi3Keys() {
        const ModelConfigResult m =
            rope::io::loadModelConfig(presetFile(QStringLiteral("phi-3.5-mini-instruct")));
        QVERIFY(m.ok());
        const rope::io::LlamaCppTranslation t = rope::io::toLlamaCpp(m, QStringLiteral("phi3"));
        QString attn;
        QString original;
        for (const auto& [k, v] : t.ggufKeys) {
            QVERIFY2(k != QLatin1String("phi3.rope.scaling.type"), qPrintable(k));
            if (k == QLatin1String("phi3.rope.scaling.attn_factor")) {
                attn = v;
            } else if (k == QLatin1String("phi3.rope.scaling.original_context_length")) {
                original = v;
            }
        }
        QCOMPARE(original, QStringLiteral("4096"));
        QVERIFY(std::abs(attn.toDouble() - static_cast<double>(std::sqrt(
                                               1.0L + std::log(32.0L) / std::log(4096.0L)))) <
                1e-15);
    }
};

QTEST_GUILESS_MAIN(TstGgufFamilies)
#include "tst_gguf_families.moc"
