// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GGUF reader. Each model test writes the GGUF that llama.cpp's convert_hf_to_gguf.py would
// write for a config.json under tests/data/configs (key by key, byte by byte, with the test's own
// writer in gguf_writer.h) and requires the same parameters, layers and frequencies as the
// config.json import: the config file is the independent source. Hostile headers must give an
// error naming what is wrong, never a crash or a large allocation.
#include "io/gguf.h"
#include "io/model_config.h"

#include "core/model_layers.h"
#include "core/scaling/scaling_registry.h"
#include "gguf_writer.h"
#include "tests/test_support.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <functional>
#include <limits>

using gguf_test::Writer;
using rope::io::ModelConfigResult;

namespace {

QString dataFile(const QString& name) {
    return qEnvironmentVariable("ROPE_SOURCE_DIR") + QStringLiteral("/tests/data/configs/") + name;
}

// Llama 3.1's rope_freqs as convert_hf_to_gguf.py computes them: torch float32 throughout
// (freqs = 1 / base^(arange(0, d, 2)/d), wavelen = 2π / freq, smooth blend), stored as F32.
std::vector<float> llama3RopeFreqs(float base, int dim, float factor, float low, float high,
                                   float oldContext) {
    std::vector<float> out;
    const float lowWavelen = oldContext / low;
    const float highWavelen = oldContext / high;
    for (int i = 0; i < dim; i += 2) {
        const float freq = 1.0f / std::pow(base, static_cast<float>(i) / static_cast<float>(dim));
        const float wavelen = static_cast<float>(2.0 * M_PI) / freq;
        if (wavelen < highWavelen) {
            out.push_back(1.0f);
        } else if (wavelen > lowWavelen) {
            out.push_back(factor);
        } else {
            const float smooth = (oldContext / wavelen - low) / (high - low);
            out.push_back(1.0f / ((1.0f - smooth) / factor + smooth));
        }
    }
    return out;
}

// The keys convert_hf_to_gguf.py writes for meta-llama/Llama-3.1-8B (tests/data/configs/
// llama-3.1-8b.json), with a tokenizer array and weight tensor infos around them as real files
// have.
Writer llama31() {
    Writer w;
    w.str(QStringLiteral("general.architecture"), QStringLiteral("llama"));
    w.str(QStringLiteral("general.name"), QStringLiteral("meta-llama/Llama-3.1-8B"));
    w.u32(QStringLiteral("llama.block_count"), 32);
    w.u32(QStringLiteral("llama.context_length"), 131072);
    w.u32(QStringLiteral("llama.embedding_length"), 4096);
    w.u32(QStringLiteral("llama.feed_forward_length"), 14336);
    w.u32(QStringLiteral("llama.attention.head_count"), 32);
    w.u32(QStringLiteral("llama.attention.head_count_kv"), 8);
    w.f32(QStringLiteral("llama.rope.freq_base"), 500000.0f);
    w.u32(QStringLiteral("llama.rope.dimension_count"), 128);
    w.strArray(QStringLiteral("tokenizer.ggml.tokens"),
               {QStringLiteral("<s>"), QStringLiteral("a"), QStringLiteral("b")});
    w.f16Zeros(QStringLiteral("token_embd.weight"), 512);
    w.f32Tensor(QStringLiteral("rope_freqs.weight"),
                llama3RopeFreqs(500000.0f, 128, 8.0f, 1.0f, 4.0f, 8192.0f));
    return w;
}

QString writeTemp(QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) {
        qFatal("cannot write %s", qPrintable(path));
    }
    return path;
}

// Identical parameters, layers and frequencies (bit for bit).
void requireSameModel(const ModelConfigResult& gguf, const ModelConfigResult& json) {
    QVERIFY2(gguf.ok(), qPrintable(gguf.errors.join(QStringLiteral(" | "))));
    QVERIFY2(json.ok(), qPrintable(json.errors.join(QStringLiteral(" | "))));
    QCOMPARE(gguf.params.headDim, json.params.headDim);
    QCOMPARE(gguf.params.rotaryDim, json.params.rotaryDim);
    QCOMPARE(gguf.params.base, json.params.base);
    QCOMPARE(gguf.params.context, json.params.context);
    QCOMPARE(gguf.params.layout, json.params.layout);
    QCOMPARE(gguf.params.scaling.method, json.params.scaling.method);
    QVERIFY(gguf.params.scaling == json.params.scaling);
    QVERIFY(gguf.params == json.params);
    const rope::ScalingResult a = rope::scaledFrequencies(gguf.params);
    const rope::ScalingResult b = rope::scaledFrequencies(json.params);
    QVERIFY((a.invFreq == b.invFreq).all());
    QCOMPARE(a.attentionFactor, b.attentionFactor);
    QCOMPARE(gguf.layers.size(), json.layers.size());
    const auto la = rope::layerFrequencies(gguf.layers);
    const auto lb = rope::layerFrequencies(json.layers);
    for (std::size_t i = 0; i < la.size(); ++i) {
        QCOMPARE(la[i].type, lb[i].type);
        QCOMPARE(la[i].rope, lb[i].rope);
        QCOMPARE(la[i].rotaryDim, lb[i].rotaryDim);
        QVERIFY((la[i].invFreq == lb[i].invFreq).all());
        QCOMPARE(la[i].attentionFactor, lb[i].attentionFactor);
        QCOMPARE(la[i].softmaxScaleMultiplier, lb[i].softmaxScaleMultiplier);
    }
    QCOMPARE(gguf.mropeSection, json.mropeSection);
    QCOMPARE(gguf.mropeInterleaved, json.mropeInterleaved);
}

bool anyContains(const QStringList& list, const QString& text) {
    return std::any_of(list.begin(), list.end(),
                       [&](const QString& s) { return s.contains(text); });
}

} // namespace

class TestGguf : public QObject {
    Q_OBJECT

private slots:
    void llama31MatchesConfigJson();
    void yarnMatchesConfigJson();
    void partialRotaryMatchesConfigJson();
    void linearGemmaStyleAndSections();
    void unmatchedFactorsShownAsLists();
    void hostileHeadersAreErrors_data();
    void hostileHeadersAreErrors();
    void badTensorInfosAreErrors_data();
    void badTensorInfosAreErrors();
    void nonFiniteValuesAreErrors_data();
    void nonFiniteValuesAreErrors();
    void hugeDimensionCountIsAnError();
    void everyTruncationIsAnError();
    void hugeFileOpensWithoutReadingTensors();
    void writeSeedCorpus();
};

void TestGguf::llama31MatchesConfigJson() {
    QTemporaryDir dir;
    const QString path = writeTemp(dir, QStringLiteral("llama.gguf"), llama31().bytes());
    const ModelConfigResult gguf = rope::io::loadGguf(path);
    const ModelConfigResult json =
        rope::io::loadModelConfig(dataFile(QStringLiteral("llama-3.1-8b.json")));
    requireSameModel(gguf, json);
    QCOMPARE(gguf.params.scaling.method, rope::ScalingKind::Llama3);
    QCOMPARE(gguf.params.scaling.factor, 8.0);
    QCOMPARE(gguf.params.scaling.originalContext, 8192);
    QCOMPARE(gguf.modelName, QStringLiteral("meta-llama/Llama-3.1-8B"));
    QVERIFY(anyContains(gguf.warnings, QStringLiteral("rope_freqs")));
    // loadModelFile picks the GGUF reader from the suffix, and from the magic without it.
    QVERIFY(rope::io::loadModelFile(path).params == gguf.params);
    const QString noSuffix = writeTemp(dir, QStringLiteral("model.bin"), llama31().bytes());
    QVERIFY(rope::io::isGgufFile(noSuffix));
    QVERIFY(rope::io::loadModelFile(noSuffix).params == gguf.params);
}

// Qwen2.5-7B-Instruct with the YaRN block its model card adds (tests/data/configs): the qwen2
// keys plus rope.scaling.type/factor/original_context_length as convert_hf_to_gguf writes them.
void TestGguf::yarnMatchesConfigJson() {
    Writer w(2); // version 2 has the same layout as 3
    w.str(QStringLiteral("general.architecture"), QStringLiteral("qwen2"));
    w.str(QStringLiteral("general.name"), QStringLiteral("Qwen/Qwen2.5-7B-Instruct"));
    w.u32(QStringLiteral("qwen2.block_count"), 28);
    w.u32(QStringLiteral("qwen2.context_length"), 32768);
    w.u32(QStringLiteral("qwen2.embedding_length"), 3584);
    w.u32(QStringLiteral("qwen2.attention.head_count"), 28);
    w.u32(QStringLiteral("qwen2.attention.head_count_kv"), 4);
    w.f32(QStringLiteral("qwen2.rope.freq_base"), 1000000.0f);
    w.str(QStringLiteral("qwen2.rope.scaling.type"), QStringLiteral("yarn"));
    w.f32(QStringLiteral("qwen2.rope.scaling.factor"), 4.0f);
    w.u32(QStringLiteral("qwen2.rope.scaling.original_context_length"), 32768);
    const ModelConfigResult gguf = rope::io::loadGgufFromBytes(w.bytes());
    const ModelConfigResult json =
        rope::io::loadModelConfig(dataFile(QStringLiteral("qwen2.5-7b-yarn.json")));
    QVERIFY2(gguf.ok(), qPrintable(gguf.errors.join(QStringLiteral(" | "))));
    QVERIFY(gguf.params == json.params);
    QCOMPARE(gguf.params.scaling.method, rope::ScalingKind::Yarn);
    QVERIFY((rope::scaledFrequencies(gguf.params).invFreq ==
             rope::scaledFrequencies(json.params).invFreq)
                .all());
}

// GPT-NeoX-20B: rope.dimension_count = rotary_pct · head_dim = 0.25 · 96 = 24.
void TestGguf::partialRotaryMatchesConfigJson() {
    Writer w;
    w.str(QStringLiteral("general.architecture"), QStringLiteral("gptneox"));
    w.str(QStringLiteral("general.name"), QStringLiteral("EleutherAI/gpt-neox-20b"));
    w.u32(QStringLiteral("gptneox.block_count"), 44);
    w.u32(QStringLiteral("gptneox.context_length"), 2048);
    w.u32(QStringLiteral("gptneox.embedding_length"), 6144);
    w.u32(QStringLiteral("gptneox.attention.head_count"), 64);
    w.u32(QStringLiteral("gptneox.rope.dimension_count"), 24);
    w.f32(QStringLiteral("gptneox.rope.freq_base"), 10000.0f);
    const ModelConfigResult gguf = rope::io::loadGgufFromBytes(w.bytes());
    const ModelConfigResult json =
        rope::io::loadModelConfig(dataFile(QStringLiteral("gpt-neox-20b.json")));
    requireSameModel(gguf, json);
    QCOMPARE(gguf.params.rotaryDim, 24);
}

// A GGUF-only model: linear ×8, a sliding-window base, M-RoPE sections. Expected values are the
// numbers written into the file.
void TestGguf::linearGemmaStyleAndSections() {
    Writer w;
    w.str(QStringLiteral("general.architecture"), QStringLiteral("gemma3"));
    w.u32(QStringLiteral("gemma3.block_count"), 12);
    w.u32(QStringLiteral("gemma3.context_length"), 131072);
    w.u32(QStringLiteral("gemma3.embedding_length"), 2560);
    w.u32(QStringLiteral("gemma3.attention.head_count"), 8);
    w.u32(QStringLiteral("gemma3.attention.key_length"), 256);
    w.f32(QStringLiteral("gemma3.rope.freq_base"), 1000000.0f);
    w.f32(QStringLiteral("gemma3.rope.freq_base_swa"), 10000.0f);
    w.u32(QStringLiteral("gemma3.attention.sliding_window"), 1024);
    w.str(QStringLiteral("gemma3.rope.scaling.type"), QStringLiteral("linear"));
    w.f32(QStringLiteral("gemma3.rope.scaling.factor"), 8.0f);
    w.u32(QStringLiteral("gemma3.attention.sliding_window_pattern"), 6);
    const ModelConfigResult r = rope::io::loadGgufFromBytes(w.bytes());
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QStringLiteral(" | "))));
    QCOMPARE(r.params.headDim, 256);
    QCOMPARE(r.params.base, 1.0e6);
    QCOMPARE(r.params.scaling.method, rope::ScalingKind::Linear);
    QCOMPARE(r.params.scaling.factor, 8.0);
    QCOMPARE(r.layers.size(), std::size_t(12));
    // Every 6th layer is global (layers 5 and 11); the others use the local base, unscaled.
    QCOMPARE(r.layers[0].params.base, 10000.0);
    QCOMPARE(r.layers[0].params.scaling.method, rope::ScalingKind::Default);
    QCOMPARE(r.layers[5].params.base, 1.0e6);
    QCOMPARE(r.layers[5].params.scaling.method, rope::ScalingKind::Linear);

    Writer q;
    q.str(QStringLiteral("general.architecture"), QStringLiteral("qwen2vl"));
    q.u32(QStringLiteral("qwen2vl.context_length"), 32768);
    q.u32(QStringLiteral("qwen2vl.embedding_length"), 3584);
    q.u32(QStringLiteral("qwen2vl.attention.head_count"), 28);
    q.f32(QStringLiteral("qwen2vl.rope.freq_base"), 1000000.0f);
    q.i32Array(QStringLiteral("qwen2vl.rope.dimension_sections"), {16, 24, 24, 0});
    const ModelConfigResult v = rope::io::loadGgufFromBytes(q.bytes());
    QVERIFY2(v.ok(), qPrintable(v.errors.join(QStringLiteral(" | "))));
    QCOMPARE(v.mropeSection, (std::vector<int>{16, 24, 24}));
    QVERIFY(!v.mropeInterleaved);
}

// Factors that no Llama 3 band reproduces keep their values: θ'_i = θ_i / f_i, attention 1.
void TestGguf::unmatchedFactorsShownAsLists() {
    Writer w;
    w.str(QStringLiteral("general.architecture"), QStringLiteral("llama"));
    w.u32(QStringLiteral("llama.context_length"), 4096);
    w.u32(QStringLiteral("llama.embedding_length"), 64);
    w.u32(QStringLiteral("llama.attention.head_count"), 8);
    w.f32(QStringLiteral("llama.rope.freq_base"), 10000.0f);
    const std::vector<float> f = {1.0f, 3.0f, 1.5f, 2.0f};
    w.f32Tensor(QStringLiteral("rope_freqs.weight"), f);
    const ModelConfigResult r = rope::io::loadGgufFromBytes(w.bytes());
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QStringLiteral(" | "))));
    const rope::ScalingResult s = rope::scaledFrequencies(r.params);
    QCOMPARE(s.invFreq.size(), Eigen::Index(4));
    for (int i = 0; i < 4; ++i) {
        const double expected = std::pow(10000.0, -2.0 * i / 8.0) / f[static_cast<std::size_t>(i)];
        QVERIFY(std::abs(s.invFreq[i] - expected) <= 1e-15 * expected);
    }
    QCOMPARE(s.attentionFactor, 1.0);
    QVERIFY(anyContains(r.warnings, QStringLiteral("match no Llama 3")));
}

void TestGguf::hostileHeadersAreErrors_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");
    using gguf_test::Writer;
    const auto header = [](uint32_t version, uint64_t tensors, uint64_t kvs) {
        return QByteArray("GGUF") + Writer::raw(version) + Writer::raw(tensors) + Writer::raw(kvs);
    };
    QTest::newRow("empty") << QByteArray() << QStringLiteral("does not start with");
    QTest::newRow("magic") << QByteArray("GGML\x03\0\0\0", 8)
                           << QStringLiteral("does not start with");
    QTest::newRow("version 1") << header(1, 0, 0) << QStringLiteral("version 1");
    QTest::newRow("version 9") << header(9, 0, 0) << QStringLiteral("unknown GGUF version 9");
    QTest::newRow("big-endian") << header(0x03000000u, 0, 0) << QStringLiteral("big-endian");
    QTest::newRow("huge kv count") << header(3, 0, ~0ull) << QStringLiteral("metadata_kv_count");
    QTest::newRow("huge tensor count")
        << header(3, 1ull << 60, 0) << QStringLiteral("tensor_count");
    QTest::newRow("huge key length") << header(3, 0, 1) + Writer::raw(~0ull) + QByteArray(16, 'x')
                                     << QStringLiteral("claims 18446744073709551615 bytes");
    QTest::newRow("huge array") << header(3, 0, 1) + Writer::string(QStringLiteral("a")) +
                                       Writer::raw(uint32_t{9}) + Writer::raw(uint32_t{4}) +
                                       Writer::raw(1ull << 40)
                                << QStringLiteral("array 'a' claims 1099511627776 items");
    QTest::newRow("bad type") << header(3, 0, 1) + Writer::string(QStringLiteral("a")) +
                                     Writer::raw(uint32_t{13})
                              << QStringLiteral("value type 13");
    QTest::newRow("nested array") << header(3, 0, 1) + Writer::string(QStringLiteral("a")) +
                                         Writer::raw(uint32_t{9}) + Writer::raw(uint32_t{9}) +
                                         Writer::raw(uint64_t{1})
                                  << QStringLiteral("item type 9");
    QTest::newRow("bad bool") << header(3, 0, 1) + Writer::string(QStringLiteral("a")) +
                                     Writer::raw(uint32_t{7}) + QByteArray(1, 2)
                              << QStringLiteral("a bool must be 0 or 1");
    {
        Writer w;
        w.u32(QStringLiteral("general.alignment"), 24);
        QTest::newRow("alignment") << w.bytes() << QStringLiteral("general.alignment");
    }
    {
        Writer w;
        w.str(QStringLiteral("k"), QStringLiteral("x"));
        w.str(QStringLiteral("k"), QStringLiteral("y"));
        QTest::newRow("duplicate") << w.bytes() << QStringLiteral("appears twice");
    }
    {
        Writer w;
        w.str(QStringLiteral("general.architecture"), QStringLiteral("llama"));
        w.f32Tensor(QStringLiteral("rope_freqs.weight"), {1.0f, 2.0f});
        QByteArray b = w.bytes();
        b.chop(4); // the second float is cut off
        QTest::newRow("tensor beyond end") << b << QStringLiteral("beyond the end");
    }
    {
        Writer w;
        w.u32(QStringLiteral("x"), 1);
        QTest::newRow("no architecture") << w.bytes() << QStringLiteral("general.architecture");
    }
}

void TestGguf::hostileHeadersAreErrors() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    QElapsedTimer timer;
    timer.start();
    const ModelConfigResult r = rope::io::loadGgufFromBytes(bytes);
    QVERIFY(timer.elapsed() < 1000);
    QVERIFY(!r.ok());
    QVERIFY2(r.errors.first().startsWith(QStringLiteral("(file): ")), qPrintable(r.errors.first()));
    QVERIFY2(r.errors.first().contains(message), qPrintable(r.errors.first()));
}

// Tensor infos llama.cpp's loader refuses (ggml/src/gguf.cpp, llama-model-loader.cpp) and
// gguf-py refuses (duplicate names), each with the tensor named. The edges come in pairs: the
// largest accepted value and the first refused one. llama.cpp refuses a shape when
// ne0·…·ne(j−1) ≥ INT64_MAX / ne(j) (integer division), INT64_MAX = 9223372036854775807:
// [2^63 − 2] passes, [2^63 − 1] does not; ⌊INT64_MAX / 3037000499⌋ = 3037000500 > 3037000499
// (passes) but ⌊INT64_MAX / 3037000500⌋ = 3037000499 ≤ 3037000500 (refused); bytes:
// (2^62 − 1)·4 = 2^64 − 4 fits 64 bits, 2^62·4 = 2^64 does not.
void TestGguf::badTensorInfosAreErrors_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");
    const auto file = [](const std::function<void(Writer&)>& tensors) {
        Writer w;
        w.str(QStringLiteral("general.architecture"), QStringLiteral("llama"));
        w.f32(QStringLiteral("llama.rope.freq_base"), 10000.0f);
        tensors(w);
        return w.bytes();
    };
    const QString q = QStringLiteral("blk.0.attn_q.weight");
    QTest::newRow("duplicate name") << file([&](Writer& w) {
        w.f16Zeros(q, 64);
        w.f16Zeros(q, 64);
    }) << QStringLiteral("duplicate tensor name 'blk.0.attn_q.weight' (tensor infos 0 and 1)");
    QTest::newRow("dimension 2^63") << file([&](Writer& w) {
        w.rawTensor(q, {1, 1ull << 63}, 0, 0);
    }) << QStringLiteral("tensor 'blk.0.attn_q.weight' has dimension 1 = 9223372036854775808");
    QTest::newRow("elements 3037000500^2")
        << file([&](Writer& w) {
               w.rawTensor(q, {3037000500ull, 3037000500ull}, 24, 0);
           })
        << QStringLiteral("tensor 'blk.0.attn_q.weight' with shape [3037000500, 3037000500] has "
                          "too many elements");
    QTest::newRow("elements 2^32 x 2^31") << file([&](Writer& w) {
        w.rawTensor(q, {1ull << 32, 1ull << 31, 1, 1}, 0, 0);
    }) << QStringLiteral("with shape [4294967296, 2147483648, 1, 1] has too many elements");
    QTest::newRow("elements 2^63-1")
        << file([&](Writer& w) { w.rawTensor(q, {(1ull << 63) - 1}, 24, 0); })
        << QStringLiteral("with shape [9223372036854775807] has too many elements");
    // 2^63 − 2 elements pass llama.cpp's count check; as I8 the byte size fits too.
    QTest::newRow("elements 2^63-2 as I8")
        << file([&](Writer& w) { w.rawTensor(q, {(1ull << 63) - 2}, 24, 0); })
        << QStringLiteral("(9223372036854775806 bytes at data offset 0");
    // 3037000499² elements fit int64; as I8 (1 byte each) they pass every count check and are
    // refused only because the file does not hold them.
    QTest::newRow("elements 3037000499^2 as I8")
        << file([&](Writer& w) {
               w.rawTensor(q, {3037000499ull, 3037000499ull}, 24, 0);
           })
        << QStringLiteral("tensor 'blk.0.attn_q.weight' (9223372030926249001 bytes at data offset "
                          "0; the data section starts");
    QTest::newRow("bytes 2^62 x F32")
        << file([&](Writer& w) { w.rawTensor(q, {1ull << 62}, 0, 0); })
        << QStringLiteral("tensor 'blk.0.attn_q.weight' with shape [4611686018427387904] and ggml "
                          "type 0 takes more than 2^64 - 1 bytes");
    QTest::newRow("bytes (2^62-1) x F32")
        << file([&](Writer& w) { w.rawTensor(q, {(1ull << 62) - 1}, 0, 0); })
        << QStringLiteral("(18446744073709551612 bytes at data offset 0");
    QTest::newRow("type 43") << file([&](Writer& w) { w.rawTensor(q, {32}, 43, 0); })
                             << QStringLiteral("tensor 'blk.0.attn_q.weight' has ggml type 43, "
                                               "which ggml does not define");
    QTest::newRow("retired type 4")
        << file([&](Writer& w) { w.rawTensor(q, {32}, 4, 0); })
        << QStringLiteral("has ggml type 4, which ggml does not define");
    // Q4_0 packs 32 elements into 18 bytes: a row of 33 is not whole blocks.
    QTest::newRow("partial block") << file([&](Writer& w) {
        w.rawTensor(q, {33, 2}, 2, 0);
    })
                                   << QStringLiteral("tensor 'blk.0.attn_q.weight' of ggml type 2 "
                                                     "has 33 elements per row, not a multiple of "
                                                     "the type's block size 32");
    QTest::newRow("misaligned offset")
        << file([&](Writer& w) {
               w.padData(64);
               w.rawTensor(q, {4}, 0, 4);
           })
        << QStringLiteral("tensor 'blk.0.attn_q.weight' has data offset 4, not a multiple of the "
                          "alignment 32");
    // 4096 F16 = 8192 bytes; the file holds none of them.
    QTest::newRow("data missing") << file([&](Writer& w) { w.rawTensor(q, {4096}, 1, 0); })
                                  << QStringLiteral("tensor 'blk.0.attn_q.weight' (8192 bytes at "
                                                    "data offset 0; the data section starts");
    // 64 F16 = 128 bytes, one short.
    QTest::newRow("one byte short") << file([&](Writer& w) {
        w.padData(127);
        w.rawTensor(q, {64}, 1, 0);
    }) << QStringLiteral("(128 bytes at data offset 0");
    QTest::newRow("NaN rope factor") << file([&](Writer& w) {
        w.f32Tensor(QStringLiteral("rope_factors_long.weight"),
                    {1.0f, std::numeric_limits<float>::quiet_NaN(), 2.0f});
    }) << QStringLiteral("tensor 'rope_factors_long.weight' entry 1 is nan");
    QTest::newRow("empty key") << [] {
        Writer w;
        w.u32(QString(), 1);
        return w.bytes();
    }() << QStringLiteral("the key of metadata pair 0 is empty");
}

void TestGguf::badTensorInfosAreErrors() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    const ModelConfigResult r = rope::io::loadGgufFromBytes(bytes);
    QVERIFY(!r.ok());
    QVERIFY2(r.errors.first().startsWith(QStringLiteral("(file): ")), qPrintable(r.errors.first()));
    QVERIFY2(r.errors.first().contains(message), qPrintable(r.errors.first()));
}

// NaN and ±Inf in a key the translation reads: an error naming the key, never "missing, using
// the default" (the JSON step would turn them into null) nor a silently dropped field.
void TestGguf::nonFiniteValuesAreErrors_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("key");
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    const auto llama = [](const std::function<void(Writer&)>& keys) {
        Writer w;
        w.str(QStringLiteral("general.architecture"), QStringLiteral("llama"));
        w.u32(QStringLiteral("llama.context_length"), 4096);
        w.u32(QStringLiteral("llama.embedding_length"), 4096);
        w.u32(QStringLiteral("llama.attention.head_count"), 32);
        keys(w);
        return w.bytes();
    };
    const QString base = QStringLiteral("llama.rope.freq_base");
    QTest::newRow("freq_base NaN") << llama([&](Writer& w) { w.f32(base, nan); }) << base;
    QTest::newRow("freq_base +Inf") << llama([&](Writer& w) { w.f32(base, inf); }) << base;
    QTest::newRow("freq_base -Inf f64")
        << llama([&](Writer& w) { w.f64(base, -std::numeric_limits<double>::infinity()); }) << base;
    QTest::newRow("freq_base per-layer NaN") << llama([&](Writer& w) {
        w.f32Array(base, {10000.0f, nan, 10000.0f});
    }) << base;
    QTest::newRow("scaling factor Inf") << llama([&](Writer& w) {
        w.f32(base, 10000.0f);
        w.str(QStringLiteral("llama.rope.scaling.type"), QStringLiteral("yarn"));
        w.f32(QStringLiteral("llama.rope.scaling.factor"), inf);
    }) << QStringLiteral("llama.rope.scaling.factor");
    QTest::newRow("context_length NaN") << [&] {
        Writer w;
        w.str(QStringLiteral("general.architecture"), QStringLiteral("llama"));
        w.f32(QStringLiteral("llama.context_length"), nan);
        w.u32(QStringLiteral("llama.embedding_length"), 4096);
        w.u32(QStringLiteral("llama.attention.head_count"), 32);
        w.f32(base, 10000.0f);
        return w.bytes();
    }() << QStringLiteral("llama.context_length");
    // DeepSeek-V3's keys as convert_hf_to_gguf writes them, the log multiplier NaN.
    QTest::newRow("yarn_log_multiplier NaN") << [&] {
        Writer w;
        w.str(QStringLiteral("general.architecture"), QStringLiteral("deepseek2"));
        w.u32(QStringLiteral("deepseek2.context_length"), 163840);
        w.u32(QStringLiteral("deepseek2.block_count"), 4);
        w.u32(QStringLiteral("deepseek2.rope.dimension_count"), 64);
        w.f32(QStringLiteral("deepseek2.rope.freq_base"), 10000.0f);
        w.str(QStringLiteral("deepseek2.rope.scaling.type"), QStringLiteral("yarn"));
        w.f32(QStringLiteral("deepseek2.rope.scaling.factor"), 40.0f);
        w.u32(QStringLiteral("deepseek2.rope.scaling.original_context_length"), 4096);
        w.f32(QStringLiteral("deepseek2.rope.scaling.yarn_log_multiplier"), nan);
        return w.bytes();
    }() << QStringLiteral("deepseek2.rope.scaling.yarn_log_multiplier");
    QTest::newRow("sliding_window_pattern NaN") << [&] {
        Writer w;
        w.str(QStringLiteral("general.architecture"), QStringLiteral("gemma3"));
        w.u32(QStringLiteral("gemma3.block_count"), 6);
        w.u32(QStringLiteral("gemma3.attention.key_length"), 256);
        w.f32(QStringLiteral("gemma3.rope.freq_base"), 1000000.0f);
        w.f32(QStringLiteral("gemma3.attention.sliding_window_pattern"), nan);
        return w.bytes();
    }() << QStringLiteral("gemma3.attention.sliding_window_pattern");
    QTest::newRow("dimension_sections Inf") << [&] {
        Writer w;
        w.str(QStringLiteral("general.architecture"), QStringLiteral("qwen2vl"));
        w.u32(QStringLiteral("qwen2vl.embedding_length"), 3584);
        w.u32(QStringLiteral("qwen2vl.attention.head_count"), 28);
        w.f32(QStringLiteral("qwen2vl.rope.freq_base"), 1000000.0f);
        w.f32Array(QStringLiteral("qwen2vl.rope.dimension_sections"), {16.0f, inf, 24.0f, 0.0f});
        return w.bytes();
    }() << QStringLiteral("qwen2vl.rope.dimension_sections");
}

void TestGguf::nonFiniteValuesAreErrors() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, key);
    const ModelConfigResult r = rope::io::loadGgufFromBytes(bytes);
    QVERIFY(!r.ok());
    QVERIFY2(anyContains(r.errors, key + QStringLiteral(": ")),
             qPrintable(r.errors.join(QStringLiteral(" | "))));
    QVERIFY2(anyContains(r.errors, QStringLiteral("is not a finite number")),
             qPrintable(r.errors.join(QStringLiteral(" | "))));
}

// rope.dimension_count = 1e300 (a float64): refused naming the key before any integer cast
// (int64 cannot hold it; the cast would be undefined behaviour).
void TestGguf::hugeDimensionCountIsAnError() {
    Writer w;
    w.str(QStringLiteral("general.architecture"), QStringLiteral("gptneox"));
    w.u32(QStringLiteral("gptneox.embedding_length"), 6144);
    w.u32(QStringLiteral("gptneox.attention.head_count"), 64);
    w.f32(QStringLiteral("gptneox.rope.freq_base"), 10000.0f);
    w.f64(QStringLiteral("gptneox.rope.dimension_count"), 1e300);
    const ModelConfigResult r = rope::io::loadGgufFromBytes(w.bytes());
    QVERIFY(!r.ok());
    QVERIFY2(anyContains(r.errors, QStringLiteral("gptneox.rope.dimension_count: must be a whole "
                                                  "number from 1 to 1048576, got 1e+300")),
             qPrintable(r.errors.join(QStringLiteral(" | "))));
}

// Every proper prefix of a valid file is refused with an error (the file ends inside a field or a
// tensor), none crashes.
void TestGguf::everyTruncationIsAnError() {
    const QByteArray full = llama31().bytes();
    QVERIFY(rope::io::loadGgufFromBytes(full).ok());
    for (qsizetype n = 0; n < full.size(); ++n) {
        const ModelConfigResult r = rope::io::loadGgufFromBytes(full.left(n));
        QVERIFY2(!r.ok(), qPrintable(QStringLiteral("prefix of %1 bytes accepted").arg(n)));
    }
}

// A 16 GiB sparse file (a header, then a hole where the weights would be) opens through the
// memory map without reading the hole.
void TestGguf::hugeFileOpensWithoutReadingTensors() {
    QTemporaryDir dir;
    const QString path = writeTemp(dir, QStringLiteral("big.gguf"), llama31().bytes());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    if (!f.resize(16ll << 30)) {
        QSKIP("the temporary file system cannot hold a sparse 16 GiB file");
    }
    f.close();
    QElapsedTimer timer;
    timer.start();
    const ModelConfigResult r = rope::io::loadGguf(path);
    const qint64 ms = timer.elapsed();
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QStringLiteral(" | "))));
    QCOMPARE(r.params.scaling.method, rope::ScalingKind::Llama3);
    QVERIFY2(ms < 500, qPrintable(QStringLiteral("%1 ms").arg(ms)));
}

// With ROPE_GGUF_SEED_DIR set, writes the fuzz seed corpus (fuzz/corpus/gguf) from the files
// above; otherwise nothing.
void TestGguf::writeSeedCorpus() {
    const QString dir = qEnvironmentVariable("ROPE_GGUF_SEED_DIR");
    if (dir.isEmpty()) {
        QSKIP("ROPE_GGUF_SEED_DIR not set");
    }
    QDir().mkpath(dir);
    const auto save = [&](const QString& name, const QByteArray& b) {
        QFile f(dir + QLatin1Char('/') + name);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(b), b.size());
    };
    save(QStringLiteral("llama31.gguf"), llama31().bytes());
    Writer y(2);
    y.str(QStringLiteral("general.architecture"), QStringLiteral("deepseek2"));
    y.u32(QStringLiteral("deepseek2.context_length"), 163840);
    y.u32(QStringLiteral("deepseek2.rope.dimension_count"), 64);
    y.f32(QStringLiteral("deepseek2.rope.freq_base"), 10000.0f);
    y.str(QStringLiteral("deepseek2.rope.scaling.type"), QStringLiteral("yarn"));
    y.f32(QStringLiteral("deepseek2.rope.scaling.factor"), 40.0f);
    y.u32(QStringLiteral("deepseek2.rope.scaling.original_context_length"), 4096);
    y.f32(QStringLiteral("deepseek2.rope.scaling.yarn_log_multiplier"), 0.1f);
    y.u32(QStringLiteral("deepseek2.block_count"), 4);
    save(QStringLiteral("deepseek2-yarn.gguf"), y.bytes());
    Writer g;
    g.str(QStringLiteral("general.architecture"), QStringLiteral("gemma3"));
    g.u32(QStringLiteral("gemma3.block_count"), 6);
    g.u32(QStringLiteral("gemma3.attention.key_length"), 256);
    g.f32(QStringLiteral("gemma3.rope.freq_base"), 1000000.0f);
    g.str(QStringLiteral("gemma3.rope.scaling.type"), QStringLiteral("linear"));
    g.f32(QStringLiteral("gemma3.rope.scaling.factor"), 8.0f);
    g.boolArray(QStringLiteral("gemma3.attention.sliding_window_pattern"),
                {true, true, true, true, true, false});
    g.i32Array(QStringLiteral("gemma3.rope.dimension_sections"), {16, 24, 24, 0});
    save(QStringLiteral("gemma3-linear.gguf"), g.bytes());
}

QTEST_GUILESS_MAIN(TestGguf)
#include "tst_gguf.moc"
