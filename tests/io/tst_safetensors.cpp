// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// safetensors reader and weights probe. Every model here is written byte by byte by the test's
// own writer (safetensors_writer.h) with known rows: row r of head h, layer l of W_q (p = 0) or
// W_k (p = 1) is [v, 1, 0, …] with v = (1 + (r mod 8)/8)·2^(h + 2l + 4p), exact in F32, F16 and
// BF16, whose bit patterns the test encodes itself. A pair's expected norm is then the closed
// form √(v(r₁)² + 1 + v(r₂)² + 1) with (r₁, r₂) = (i, i + R/2) for the half layout and
// (2i, 2i + 1) for the interleaved one, summed in long double. Hostile headers must give an error
// naming the tensor or field, never a crash or a large allocation.
#include "io/safetensors.h"
#include "io/weights_probe.h"

#include "safetensors_writer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>
#include <sys/stat.h>

using rope::io::WeightsProbe;
using safetensors_test::Writer;

namespace {

// v = (8 + m)/8 · 2^e with m < 8: three mantissa bits, exact in every dtype used here.
struct Value {
    int m = 0;
    int e = 0;
    long double value() const { return std::ldexp(static_cast<long double>(8 + m) / 8, e); }
    // IEEE binary16: sign 0, exponent e + 15, fraction m·2^7 (m in the top 3 of 10 bits).
    quint16 f16() const { return static_cast<quint16>(((e + 15) << 10) | (m << 7)); }
    // bfloat16: exponent e + 127, fraction m·2^4 (top 3 of 7 bits).
    quint16 bf16() const { return static_cast<quint16>(((e + 127) << 7) | (m << 4)); }
};

Value entry(int p, int l, int h, int r) {
    return {r % 8, h + 2 * l + 4 * p};
}

struct Spec {
    int layers = 2;
    int heads = 4;
    int kvHeads = 2;
    int headDim = 8;
    int cols = 3;
    QString dtype = QStringLiteral("F32");
    bool fused = false;
    QString prefix = QStringLiteral("model.");
};

// The rows of a projection of \p heads heads (p = 0 query, 1 key, 2 value).
void appendRows(const Spec& s, int p, int l, int heads, std::vector<float>& f32,
                std::vector<quint16>& bits) {
    for (int h = 0; h < heads; ++h) {
        for (int r = 0; r < s.headDim; ++r) {
            const Value v = p == 2 ? Value{7, 0} : entry(p, l, h, r);
            const Value one{0, 0};
            for (int c = 0; c < s.cols; ++c) {
                const Value x = c == 0 ? v : one;
                if (c >= 2) {
                    f32.push_back(0.0f);
                    bits.push_back(0);
                    continue;
                }
                f32.push_back(static_cast<float>(x.value()));
                bits.push_back(s.dtype == QLatin1String("F16") ? x.f16() : x.bf16());
            }
        }
    }
}

void addProjection(Writer& w, const Spec& s, const QString& name, const std::vector<int>& parts,
                   int l) {
    std::vector<float> f32;
    std::vector<quint16> bits;
    qint64 rows = 0;
    for (const int p : parts) {
        const int heads = p == 0 ? s.heads : s.kvHeads;
        appendRows(s, p, l, heads, f32, bits);
        rows += static_cast<qint64>(heads) * s.headDim;
    }
    if (s.dtype == QLatin1String("F32")) {
        w.f32(name, {rows, s.cols}, f32);
    } else {
        w.bits16(name, s.dtype, {rows, s.cols}, bits);
    }
}

// Adds every layer's projections of \p s to \p w.
void addLayers(Writer& w, const Spec& s) {
    for (int l = 0; l < s.layers; ++l) {
        const QString base = s.prefix + QStringLiteral("layers.%1.self_attn.").arg(l);
        if (s.fused) {
            addProjection(w, s, base + QStringLiteral("qkv_proj.weight"), {0, 1, 2}, l);
        } else {
            addProjection(w, s, base + QStringLiteral("q_proj.weight"), {0}, l);
            addProjection(w, s, base + QStringLiteral("k_proj.weight"), {1}, l);
        }
    }
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    QCOMPARE(f.write(bytes), bytes.size());
}

// Expected ‖W⁽ⁱ⁾‖ of head h (p = 0 query, 1 key) in layer l.
double expectedNorm(const Spec& s, bool half, int rotary, int p, int l, int h, int i) {
    const int r1 = half ? i : 2 * i;
    const int r2 = half ? i + rotary / 2 : 2 * i + 1;
    const long double a = entry(p, l, h, r1).value();
    const long double b = entry(p, l, h, r2).value();
    const long double ones = s.cols >= 2 ? 2.0L : 0.0L;
    return static_cast<double>(std::sqrt(a * a + b * b + ones));
}

void requireNorms(const WeightsProbe& probe, const Spec& s, bool half, int rotary) {
    QCOMPARE(probe.rotaryDim, rotary);
    QCOMPARE(static_cast<int>(probe.layers.size()), s.layers);
    for (int l = 0; l < s.layers; ++l) {
        const auto& layer = probe.layers[static_cast<std::size_t>(l)];
        QCOMPARE(layer.index, l);
        QCOMPARE(static_cast<int>(layer.q.size()), s.heads);
        QCOMPARE(static_cast<int>(layer.k.size()), s.kvHeads);
        for (int p = 0; p < 2; ++p) {
            const auto& heads = p == 0 ? layer.q : layer.k;
            for (int h = 0; h < static_cast<int>(heads.size()); ++h) {
                QCOMPARE(static_cast<int>(heads[h].size()), rotary / 2);
                for (int i = 0; i < rotary / 2; ++i) {
                    const double want = expectedNorm(s, half, rotary, p, l, h, i);
                    if (std::abs(heads[h][i] - want) > 1e-12 * want) {
                        QFAIL(qPrintable(QStringLiteral("layer %1 %2 head %3 pair %4: %5, want %6")
                                             .arg(l)
                                             .arg(p == 0 ? "q" : "k")
                                             .arg(h)
                                             .arg(i)
                                             .arg(heads[h][i], 0, 'g', 17)
                                             .arg(want, 0, 'g', 17)));
                    }
                }
            }
        }
    }
}

QString error(const QByteArray& bytes) {
    QString e;
    const auto h = rope::io::parseSafetensors(reinterpret_cast<const uchar*>(bytes.constData()),
                                              static_cast<quint64>(bytes.size()), e);
    return h ? QString() : e;
}

} // namespace

class TestSafetensors : public QObject {
    Q_OBJECT
private slots:
    void headerRoundTrip();
    void halfAndBfloat16Conversion();
    void halfLayoutGqaF32();
    void interleavedPartialRotary();
    void fusedQkvF16();
    void shardedBf16WithPrefix();
    void hostileHeaders();
    void hostileFolders();
    void familyTableChoosesTheNaming();
    void progressAndCancel();
    void largeFileReadsOnlyQk();
    void syntheticExampleHasItsStructure();
    void huggingFaceCache();
    void writeSeedCorpus();
};

void TestSafetensors::headerRoundTrip() {
    Writer w;
    w.metadata(QStringLiteral("format"), QStringLiteral("pt"));
    w.f32(QStringLiteral("a"), {2, 3}, {1, 2, 3, 4, 5, 6});
    w.bits16(QStringLiteral("b"), QStringLiteral("BF16"), {}, {0x3f80});
    w.raw(QStringLiteral("c"), QStringLiteral("I64"), {1}, QByteArray(8, '\0'));
    const QByteArray bytes = w.bytes();
    QString e;
    const auto h = rope::io::parseSafetensors(reinterpret_cast<const uchar*>(bytes.constData()),
                                              static_cast<quint64>(bytes.size()), e);
    QVERIFY2(h.has_value(), qPrintable(e));
    QCOMPARE(h->metadata.at(QStringLiteral("format")), QStringLiteral("pt"));
    QCOMPARE(h->tensors.size(), std::size_t{3});
    const auto& a = h->tensors.at(QStringLiteral("a"));
    QCOMPARE(a.dtype, QStringLiteral("F32"));
    QCOMPARE(a.shape, (std::vector<quint64>{2, 3}));
    QCOMPARE(a.begin, quint64{0});
    QCOMPARE(a.end, quint64{24});
    QCOMPARE(a.elements(), quint64{6});
    QCOMPARE(h->tensors.at(QStringLiteral("b")).elements(), quint64{1}); // a scalar
    QVERIFY(!rope::io::isReadableDtype(QStringLiteral("I64")));
    QCOMPARE(h->dataOffset, static_cast<quint64>(bytes.size()) - 24 - 2 - 8);
}

// Bit patterns with their values from the IEEE 754 binary16 and bfloat16 definitions.
void TestSafetensors::halfAndBfloat16Conversion() {
    using rope::io::bfloat16ToDouble;
    using rope::io::halfToDouble;
    QCOMPARE(halfToDouble(0x3c00), 1.0);
    QCOMPARE(halfToDouble(0xc000), -2.0);
    QCOMPARE(halfToDouble(0x7bff), 65504.0);                     // largest finite
    QCOMPARE(halfToDouble(0x0400), std::ldexp(1.0, -14));        // smallest normal
    QCOMPARE(halfToDouble(0x0001), std::ldexp(1.0, -24));        // smallest subnormal
    QCOMPARE(halfToDouble(0x03ff), 1023 * std::ldexp(1.0, -24)); // largest subnormal
    QCOMPARE(halfToDouble(0x3555), 0.333251953125);              // 1/3 rounded: 1365/4096
    QCOMPARE(halfToDouble(0x8000), -0.0);
    QVERIFY(std::signbit(halfToDouble(0x8000)));
    QCOMPARE(halfToDouble(0x7c00), std::numeric_limits<double>::infinity());
    QCOMPARE(halfToDouble(0xfc00), -std::numeric_limits<double>::infinity());
    QVERIFY(std::isnan(halfToDouble(0x7e00)));
    QCOMPARE(bfloat16ToDouble(0x3f80), 1.0);
    QCOMPARE(bfloat16ToDouble(0x4049), 3.140625); // π truncated to 8 bits
    QCOMPARE(bfloat16ToDouble(0xc2f7), -123.5);
    QCOMPARE(bfloat16ToDouble(0x0001), std::ldexp(1.0, -133));      // smallest subnormal
    QCOMPARE(bfloat16ToDouble(0x7f7f), 255 * std::ldexp(1.0, 120)); // largest finite
    QCOMPARE(bfloat16ToDouble(0xff80), -std::numeric_limits<double>::infinity());
    QVERIFY(std::isnan(bfloat16ToDouble(0x7fc0)));
}

// Llama: rotate_half pairs (i, i + 4), 4 query heads sharing 2 key/value heads.
void TestSafetensors::halfLayoutGqaF32() {
    QTemporaryDir dir;
    const Spec s;
    writeFile(dir.filePath(QStringLiteral("config.json")),
              R"({"model_type":"llama","architectures":["LlamaForCausalLM"],"hidden_size":3,
                  "num_attention_heads":4,"num_key_value_heads":2,"head_dim":8,
                  "num_hidden_layers":2,"rope_theta":10000.0})");
    Writer w;
    w.f32(QStringLiteral("model.embed_tokens.weight"), {2, 3}, {1, 2, 3, 4, 5, 6});
    addLayers(w, s);
    writeFile(dir.filePath(QStringLiteral("model.safetensors")), w.bytes());
    QString e;
    const auto probe = rope::io::probeModelFolder(dir.path(), e);
    QVERIFY2(probe.has_value(), qPrintable(e));
    QCOMPARE(probe->layout, rope::Layout::Half);
    QCOMPARE(probe->queryHeads, 4);
    QCOMPARE(probe->kvHeads, 2);
    QCOMPARE(probe->naming, QStringLiteral("q_proj/k_proj"));
    QCOMPARE(probe->prefix, QStringLiteral("model."));
    requireNorms(*probe, s, true, 8);
    // 2π·10000^(2i/8): pair 0 has wavelength 2π, pair 2 has 200π.
    QCOMPARE(probe->wavelength(0), 2 * M_PI);
    QVERIFY(std::abs(probe->wavelength(2) - 200 * M_PI) < 1e-9);
}

// Cohere: interleaved pairs (2i, 2i + 1), partial_rotary_factor 0.5 → R = 4 of head_dim 8
// (rows 4..7 of each head are not rotated and are left out).
void TestSafetensors::interleavedPartialRotary() {
    QTemporaryDir dir;
    Spec s;
    s.kvHeads = 4;
    writeFile(dir.filePath(QStringLiteral("config.json")),
              R"({"model_type":"cohere","hidden_size":32,"num_attention_heads":4,
                  "num_key_value_heads":4,"num_hidden_layers":2,"partial_rotary_factor":0.5,
                  "rope_theta":10000.0})");
    Writer w;
    addLayers(w, s);
    writeFile(dir.filePath(QStringLiteral("model.safetensors")), w.bytes());
    QString e;
    const auto probe = rope::io::probeModelFolder(dir.path(), e);
    QVERIFY2(probe.has_value(), qPrintable(e));
    QCOMPARE(probe->layout, rope::Layout::Interleaved);
    QCOMPARE(probe->headDim, 8);
    requireNorms(*probe, s, false, 4);
}

// Phi-3: one fused qkv_proj (rows q, k, v), F16, partial rotary 0.5 of head_dim 8.
void TestSafetensors::fusedQkvF16() {
    QTemporaryDir dir;
    Spec s;
    s.heads = 2;
    s.kvHeads = 1;
    s.layers = 1;
    s.fused = true;
    s.dtype = QStringLiteral("F16");
    writeFile(dir.filePath(QStringLiteral("config.json")),
              R"({"model_type":"phi3","hidden_size":16,"num_attention_heads":2,
                  "num_key_value_heads":1,"num_hidden_layers":1,"partial_rotary_factor":0.5,
                  "rope_theta":10000.0})");
    Writer w;
    addLayers(w, s);
    writeFile(dir.filePath(QStringLiteral("model.safetensors")), w.bytes());
    QString e;
    const auto probe = rope::io::probeModelFolder(dir.path(), e);
    QVERIFY2(probe.has_value(), qPrintable(e));
    QCOMPARE(probe->naming, QStringLiteral("qkv_proj"));
    QCOMPARE(probe->layout, rope::Layout::Half);
    requireNorms(*probe, s, true, 4);
}

// A sharded BF16 model through model.safetensors.index.json: the queries in one shard, the
// keys in another, under a multimodal prefix, with an encoder whose "layers" do not have the
// language model's rows (it must not be chosen).
void TestSafetensors::shardedBf16WithPrefix() {
    QTemporaryDir dir;
    Spec s;
    s.dtype = QStringLiteral("BF16");
    s.prefix = QStringLiteral("language_model.model.");
    writeFile(dir.filePath(QStringLiteral("config.json")),
              R"({"model_type":"llama","hidden_size":3,"num_attention_heads":4,
                  "num_key_value_heads":2,"head_dim":8,"num_hidden_layers":2})");
    Writer all;
    addLayers(all, s);
    Writer one;
    Writer two;
    one.bits16(QStringLiteral("encoder.layers.0.self_attn.q_proj.weight"), QStringLiteral("BF16"),
               {6, 3}, std::vector<quint16>(18, 0x3f80));
    for (int l = 0; l < s.layers; ++l) {
        const QString base = s.prefix + QStringLiteral("layers.%1.self_attn.").arg(l);
        addProjection(one, s, base + QStringLiteral("q_proj.weight"), {0}, l);
        addProjection(two, s, base + QStringLiteral("k_proj.weight"), {1}, l);
    }
    writeFile(dir.filePath(QStringLiteral("model-00001-of-00002.safetensors")), one.bytes());
    writeFile(dir.filePath(QStringLiteral("model-00002-of-00002.safetensors")), two.bytes());
    QJsonObject map;
    map[QStringLiteral("encoder.layers.0.self_attn.q_proj.weight")] =
        QStringLiteral("model-00001-of-00002.safetensors");
    for (int l = 0; l < s.layers; ++l) {
        const QString base = s.prefix + QStringLiteral("layers.%1.self_attn.").arg(l);
        map[base + QStringLiteral("q_proj.weight")] =
            QStringLiteral("model-00001-of-00002.safetensors");
        map[base + QStringLiteral("k_proj.weight")] =
            QStringLiteral("model-00002-of-00002.safetensors");
    }
    writeFile(dir.filePath(QStringLiteral("model.safetensors.index.json")),
              QJsonDocument(QJsonObject{{QStringLiteral("metadata"), QJsonObject{}},
                                        {QStringLiteral("weight_map"), map}})
                  .toJson());
    QString e;
    const auto probe = rope::io::probeModelFolder(dir.path(), e);
    QVERIFY2(probe.has_value(), qPrintable(e));
    QCOMPARE(probe->prefix, s.prefix);
    requireNorms(*probe, s, true, 8);
}

void TestSafetensors::hostileHeaders() {
    const auto expect = [](const QByteArray& bytes, const QStringList& parts) {
        const QString e = error(bytes);
        QVERIFY2(!e.isEmpty(), "accepted");
        for (const QString& p : parts) {
            QVERIFY2(e.contains(p), qPrintable(e + QStringLiteral(" lacks ") + p));
        }
    };
    expect(QByteArray("abc"), {QStringLiteral("8-byte")});
    // Header length beyond the file, and beyond the cap (even in a large enough file).
    expect(Writer::lengthPrefix(1000) + QByteArray("{}"), {QStringLiteral("1000")});
    expect(Writer::lengthPrefix(~quint64{0}) + QByteArray("{}"), {QStringLiteral("limit")});
    expect(Writer::lengthPrefix(100'000'001) + QByteArray(16, ' '), {QStringLiteral("limit")});
    expect(Writer::withHeader("{\"a\": "), {QStringLiteral("malformed")});
    expect(Writer::withHeader("[1, 2]"), {QStringLiteral("object")});
    const QByteArray eight(8, '\0');
    // Offsets out of range (huge, beyond the buffer, reversed, not integers).
    expect(
        Writer::withHeader(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,1e300]}})", eight),
        {QStringLiteral("'w'"), QStringLiteral("data_offsets")});
    expect(Writer::withHeader(R"({"w":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})", eight),
           {QStringLiteral("'w'"), QStringLiteral("beyond")});
    expect(Writer::withHeader(R"({"w":{"dtype":"F32","shape":[0],"data_offsets":[8,0]}})", eight),
           {QStringLiteral("'w'"), QStringLiteral("end before")});
    expect(Writer::withHeader(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,-8]}})", eight),
           {QStringLiteral("'w'"), QStringLiteral("data_offsets")});
    expect(Writer::withHeader(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0]}})", eight),
           {QStringLiteral("'w'"), QStringLiteral("data_offsets")});
    // Overlapping tensors, a gap, trailing bytes.
    expect(Writer::withHeader(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                              R"("b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
                              eight),
           {QStringLiteral("overlaps"), QStringLiteral("'a'"), QStringLiteral("'b'")});
    expect(Writer::withHeader(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", eight),
           {QStringLiteral("'a'"), QStringLiteral("gap")});
    expect(Writer::withHeader(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", eight),
           {QStringLiteral("4"), QStringLiteral("8")});
    // Shape × dtype size ≠ byte range, also when the product overflows 64 bits.
    expect(Writer::withHeader(R"({"w":{"dtype":"F16","shape":[2],"data_offsets":[0,8]}})", eight),
           {QStringLiteral("'w'"), QStringLiteral("F16"), QStringLiteral("[2]")});
    expect(Writer::withHeader(R"({"w":{"dtype":"F32","shape":[4294967296,4294967296,2],)"
                              R"("data_offsets":[0,8]}})",
                              eight),
           {QStringLiteral("'w'"), QStringLiteral("does not fill")});
    expect(Writer::withHeader(R"({"w":{"dtype":"F32","shape":[2.5],"data_offsets":[0,8]}})", eight),
           {QStringLiteral("'w'"), QStringLiteral("shape[0]")});
    // Unknown dtype, missing or unknown fields, a non-string metadata value.
    expect(Writer::withHeader(R"({"w":{"dtype":"F128","shape":[],"data_offsets":[0,8]}})", eight),
           {QStringLiteral("'w'"), QStringLiteral("F128")});
    expect(Writer::withHeader(R"({"w":{"shape":[2],"data_offsets":[0,8]}})", eight),
           {QStringLiteral("'w'"), QStringLiteral("dtype")});
    expect(Writer::withHeader(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8],"x":1}})",
                              eight),
           {QStringLiteral("'w'"), QStringLiteral("'x'")});
    expect(Writer::withHeader(R"({"w":[]})", eight), {QStringLiteral("'w'")});
    expect(Writer::withHeader(R"({"__metadata__":{"k":1}})"), {QStringLiteral("__metadata__.k")});
    // An empty header with no data is a valid (empty) file.
    QVERIFY(error(Writer::withHeader("{}")).isEmpty());
}

void TestSafetensors::hostileFolders() {
    const QByteArray llama = R"({"model_type":"llama","hidden_size":3,"num_attention_heads":4,
        "num_key_value_heads":2,"head_dim":8,"num_hidden_layers":2})";
    const auto probeError = [](const QString& folder) {
        QString e;
        const auto p = rope::io::probeModelFolder(folder, e);
        return p ? QString() : e;
    };
    const auto expect = [](const QString& e, const QStringList& parts) {
        QVERIFY2(!e.isEmpty(), "accepted");
        for (const QString& p : parts) {
            QVERIFY2(e.contains(p), qPrintable(e + QStringLiteral(" lacks ") + p));
        }
    };
    {
        QTemporaryDir dir;
        expect(probeError(dir.path()), {QStringLiteral("config.json")});
        writeFile(dir.filePath(QStringLiteral("config.json")), llama);
        expect(probeError(dir.path()), {QStringLiteral("model.safetensors")});
        // A layer without k_proj is named.
        Spec one;
        one.layers = 1;
        Writer partial;
        addLayers(partial, one);
        addProjection(partial, one, QStringLiteral("model.layers.1.self_attn.q_proj.weight"), {0},
                      1);
        writeFile(dir.filePath(QStringLiteral("model.safetensors")), partial.bytes());
        expect(probeError(dir.path()), {QStringLiteral("model.layers.1.self_attn.k_proj.weight")});
        // A query projection of the wrong shape for the config.
        Spec wide;
        wide.heads = 2;
        Writer bad;
        addLayers(bad, wide);
        writeFile(dir.filePath(QStringLiteral("model.safetensors")), bad.bytes());
        expect(probeError(dir.path()),
               {QStringLiteral("32"), QStringLiteral("num_attention_heads")});
        // A dtype that is not read as numbers.
        Writer ints;
        ints.raw(QStringLiteral("model.layers.0.self_attn.q_proj.weight"), QStringLiteral("I8"),
                 {32, 3}, QByteArray(96, '\1'));
        ints.raw(QStringLiteral("model.layers.0.self_attn.k_proj.weight"), QStringLiteral("I8"),
                 {16, 3}, QByteArray(48, '\1'));
        writeFile(dir.filePath(QStringLiteral("model.safetensors")), ints.bytes());
        expect(probeError(dir.path()), {QStringLiteral("I8"), QStringLiteral("q_proj")});
        // No projection at all: the first names are listed.
        Writer none;
        none.f32(QStringLiteral("transformer.h.0.attn.c_attn.weight"), {1}, {1});
        writeFile(dir.filePath(QStringLiteral("model.safetensors")), none.bytes());
        expect(probeError(dir.path()), {QStringLiteral("transformer.h.0.attn.c_attn.weight")});
        // A hostile file inside the folder: its path and the reason.
        writeFile(dir.filePath(QStringLiteral("model.safetensors")),
                  Writer::lengthPrefix(1u << 20) + QByteArray("{}"));
        expect(probeError(dir.path()),
               {QStringLiteral("model.safetensors"), QStringLiteral("beyond")});
    }
    {
        // An index pointing outside the folder, or to a missing shard.
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("config.json")), llama);
        writeFile(
            dir.filePath(QStringLiteral("model.safetensors.index.json")),
            R"({"weight_map":{"model.layers.0.self_attn.q_proj.weight":"../../etc/passwd"}})");
        expect(probeError(dir.path()),
               {QStringLiteral("weight_map.model.layers.0.self_attn.q_proj")});
        writeFile(
            dir.filePath(QStringLiteral("model.safetensors.index.json")),
            R"({"weight_map":{"model.layers.0.self_attn.q_proj.weight":"gone.safetensors"}})");
        expect(probeError(dir.path()), {QStringLiteral("gone.safetensors")});
        writeFile(dir.filePath(QStringLiteral("model.safetensors.index.json")),
                  R"({"weight_map":3})");
        expect(probeError(dir.path()), {QStringLiteral("weight_map")});
    }
    {
        // The shard index goes through the same bounded read as config.json: a FIFO is refused
        // by name at once (opening one for reading blocks until a writer appears), a file over
        // 16 MiB from its size, malformed JSON with its line and column.
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("config.json")), llama);
        const QString index = dir.filePath(QStringLiteral("model.safetensors.index.json"));
        QVERIFY(::mkfifo(QFile::encodeName(index).constData(), 0600) == 0);
        QElapsedTimer refused;
        refused.start();
        expect(probeError(dir.path()), {index, QStringLiteral("regular file")});
        QVERIFY(refused.elapsed() < 5000);
        QVERIFY(QFile::remove(index));
        QFile big(index);
        QVERIFY(big.open(QIODevice::WriteOnly) && big.resize(16 * 1024 * 1024 + 1)); // sparse
        big.close();
        expect(probeError(dir.path()), {index, QStringLiteral("16777217")});
        writeFile(index, "{\n  \"weight_map\": {,}\n}");
        expect(probeError(dir.path()), {index, QStringLiteral("line 2")});
    }
    {
        // Multi-head latent attention is named as unsupported, not misread.
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("config.json")),
                  R"({"model_type":"deepseek_v3","hidden_size":64,"num_attention_heads":4,
                      "num_key_value_heads":4,"qk_rope_head_dim":8,"kv_lora_rank":16,
                      "num_hidden_layers":1})");
        expect(probeError(dir.path()), {QStringLiteral("kv_lora_rank")});
    }
}

// The family table's projections column decides which tensors are read: a Llama folder whose
// only projections are fused qkv_proj tensors is refused naming the family's q_proj; a Phi-3
// folder ignores stray q_proj/k_proj tensors (another part of the checkpoint); families whose
// projections the probe cannot read are refused with the table's reason; a model type with no
// row is still read, with a warning.
void TestSafetensors::familyTableChoosesTheNaming() {
    const auto configOf = [](const char* type) {
        return QByteArray(R"({"model_type":")") + type +
               R"(","hidden_size":3,"num_attention_heads":4,"num_key_value_heads":2,
                   "head_dim":8,"num_hidden_layers":2})";
    };
    Spec fused;
    fused.fused = true;
    {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("config.json")), configOf("llama"));
        Writer w;
        addLayers(w, fused);
        writeFile(dir.filePath(QStringLiteral("model.safetensors")), w.bytes());
        QString e;
        QVERIFY(!rope::io::probeModelFolder(dir.path(), e));
        QVERIFY2(e.contains(QStringLiteral("family llama")) &&
                     e.contains(QStringLiteral("layers.0.self_attn.q_proj.weight")),
                 qPrintable(e));
    }
    {
        // Phi-3 with its fused tensors and, beside them, q_proj/k_proj under another prefix:
        // only the qkv_proj tensors are read.
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("config.json")), configOf("phi3"));
        Writer w;
        addLayers(w, fused);
        Spec stray;
        stray.prefix = QStringLiteral("draft.");
        addLayers(w, stray);
        writeFile(dir.filePath(QStringLiteral("model.safetensors")), w.bytes());
        QString e;
        const auto probe = rope::io::probeModelFolder(dir.path(), e);
        QVERIFY2(probe.has_value(), qPrintable(e));
        QCOMPARE(probe->naming, QStringLiteral("qkv_proj"));
        QCOMPARE(probe->prefix, QStringLiteral("model."));
        requireNorms(*probe, fused, true, 8);
    }
    for (const char* refused : {"qwen3_next", "qwen3_5_text", "gptj"}) {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("config.json")), configOf(refused));
        Writer w;
        addLayers(w, Spec{});
        writeFile(dir.filePath(QStringLiteral("model.safetensors")), w.bytes());
        QString e;
        QVERIFY2(!rope::io::probeModelFolder(dir.path(), e), refused);
        QVERIFY2(e.contains(QStringLiteral("does not read family")) &&
                     e.contains(QString::fromLatin1(refused)),
                 qPrintable(e));
    }
    {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("config.json")), configOf("not_a_family"));
        Writer w;
        addLayers(w, Spec{});
        writeFile(dir.filePath(QStringLiteral("model.safetensors")), w.bytes());
        QString e;
        const auto probe = rope::io::probeModelFolder(dir.path(), e);
        QVERIFY2(probe.has_value(), qPrintable(e));
        QVERIFY2(probe->warnings.join(QLatin1Char('\n')).contains(QStringLiteral("not_a_family")),
                 qPrintable(probe->warnings.join(QLatin1Char('\n'))));
        requireNorms(*probe, Spec{}, true, 8);
    }
}

void TestSafetensors::progressAndCancel() {
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("config.json")),
              R"({"model_type":"llama","hidden_size":3,"num_attention_heads":4,
                  "num_key_value_heads":2,"head_dim":8,"num_hidden_layers":2})");
    Writer w;
    addLayers(w, Spec{});
    writeFile(dir.filePath(QStringLiteral("model.safetensors")), w.bytes());
    QList<QPair<int, int>> calls;
    QString e;
    QVERIFY(rope::io::probeModelFolder(dir.path(), e, [&](int done, int total) {
        calls.append({done, total});
        return true;
    }));
    QVERIFY(!calls.isEmpty());
    QCOMPARE(calls.last(), (QPair<int, int>{4, 4})); // 2 layers × (q, k)
    for (qsizetype i = 1; i < calls.size(); ++i) {
        QVERIFY(calls[i].first >= calls[i - 1].first);
    }
    QVERIFY(!rope::io::probeModelFolder(dir.path(), e, [](int, int) { return false; }));
    QVERIFY(e.contains(QStringLiteral("cancelled")));
    // The cache gives the same object for an unchanged folder.
    const auto a = rope::io::cachedWeightsProbe(dir.path(), e);
    const auto b = rope::io::cachedWeightsProbe(dir.path(), e);
    QVERIFY(a && a == b);
}

// A 1 GiB embedding (a sparse file) before the projections: the probe maps the file and reads
// only the q/k rows, so it finishes in far less time than reading 1 GiB would take.
void TestSafetensors::largeFileReadsOnlyQk() {
    QTemporaryDir dir;
    const Spec s;
    writeFile(dir.filePath(QStringLiteral("config.json")),
              R"({"model_type":"llama","hidden_size":3,"num_attention_heads":4,
                  "num_key_value_heads":2,"head_dim":8,"num_hidden_layers":2})");
    Writer qk;
    addLayers(qk, s);
    const QByteArray small = qk.bytes();
    // Re-emit the header with the embedding in front of the projections.
    QString e;
    const auto h = rope::io::parseSafetensors(reinterpret_cast<const uchar*>(small.constData()),
                                              static_cast<quint64>(small.size()), e);
    QVERIFY2(h, qPrintable(e));
    constexpr quint64 kEmbed = quint64{1} << 30;
    QJsonObject header;
    for (const auto& [name, t] : h->tensors) {
        QJsonArray shape;
        for (const quint64 d : t.shape) {
            shape.append(static_cast<qint64>(d));
        }
        header[name] = QJsonObject{
            {QStringLiteral("dtype"), t.dtype},
            {QStringLiteral("shape"), shape},
            {QStringLiteral("data_offsets"), QJsonArray{static_cast<qint64>(kEmbed + t.begin),
                                                        static_cast<qint64>(kEmbed + t.end)}}};
    }
    header[QStringLiteral("model.embed_tokens.weight")] =
        QJsonObject{{QStringLiteral("dtype"), QStringLiteral("F32")},
                    {QStringLiteral("shape"), QJsonArray{static_cast<qint64>(kEmbed / 4)}},
                    {QStringLiteral("data_offsets"), QJsonArray{0, static_cast<qint64>(kEmbed)}}};
    const QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    const QString path = dir.filePath(QStringLiteral("model.safetensors"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.write(Writer::lengthPrefix(static_cast<quint64>(json.size())) + json) > 0);
    const qint64 data = 8 + json.size();
    if (!f.resize(data + static_cast<qint64>(kEmbed)) ||
        !f.seek(data + static_cast<qint64>(kEmbed))) {
        QSKIP("the file system cannot hold a sparse 1 GiB file");
    }
    const QByteArray qkData = small.mid(static_cast<qsizetype>(h->dataOffset));
    QCOMPARE(f.write(qkData), qkData.size());
    f.close();
    QElapsedTimer timer;
    timer.start();
    const auto probe = rope::io::probeModelFolder(dir.path(), e);
    const qint64 ms = timer.elapsed();
    QVERIFY2(probe.has_value(), qPrintable(e));
    requireNorms(*probe, s, true, 8);
    QVERIFY2(ms < 2000, qPrintable(QStringLiteral("%1 ms").arg(ms)));
}

// The bundled example follows the structure resources/weights/make_synthetic.py states: entries
// N(0, 1/64)·sᵢ over 2 rows × 64 columns, so E‖W⁽ⁱ⁾‖² = 2sᵢ², sᵢ = 0.5 + 2.5(i/15)³, with a
// positional head (s = 3 on pairs 0 and 1) in layers 0 and 1, query head 0 and kv head 0.
void TestSafetensors::syntheticExampleHasItsStructure() {
    QString e;
    const auto probe = rope::io::probeModelFolder(rope::io::syntheticWeightsFolder(), e);
    QVERIFY2(probe.has_value(), qPrintable(e));
    QCOMPARE(probe->rotaryDim, 32);
    QCOMPARE(probe->queryHeads, 4);
    QCOMPARE(probe->kvHeads, 2);
    QCOMPARE(static_cast<int>(probe->layers.size()), 6);
    for (const int i : {0, 5, 10, 15}) {
        const double s = 0.5 + 2.5 * std::pow(i / 15.0, 3);
        double sum = 0;
        int n = 0;
        for (std::size_t l = 2; l < probe->layers.size(); ++l) {
            for (const auto& head : probe->layers[l].q) {
                sum += head[static_cast<std::size_t>(i)];
                ++n;
            }
        }
        // 16 heads × 128 entries: the mean norm is within a few per cent of √2·s.
        QVERIFY2(
            std::abs(sum / n - std::sqrt(2.0) * s) < 0.1 * std::sqrt(2.0) * s,
            qPrintable(
                QStringLiteral("pair %1: %2 vs %3").arg(i).arg(sum / n).arg(std::sqrt(2.0) * s)));
    }
    // The positional head: pair 0 of layer 0 query head 0 ≈ 3√2, not ≈ 0.5√2.
    QVERIFY(probe->layers[0].q[0][0] > 3.0);
    QVERIFY(probe->layers[0].k[0][0] > 3.0);
    QVERIFY(probe->layers[0].q[1][0] < 1.5);
}

void TestSafetensors::huggingFaceCache() {
    QTemporaryDir hub;
    const QDir root(hub.path());
    const auto make = [&](const QString& sub, const QStringList& files) {
        QVERIFY(root.mkpath(sub));
        for (const QString& f : files) {
            writeFile(root.filePath(sub + QLatin1Char('/') + f), "{}");
        }
    };
    make(QStringLiteral("models--Qwen--Qwen2.5-0.5B/snapshots/abc123"),
         {QStringLiteral("config.json"), QStringLiteral("model.safetensors")});
    make(QStringLiteral("models--meta-llama--Llama-3.1-8B/snapshots/def456"),
         {QStringLiteral("config.json"), QStringLiteral("model.safetensors.index.json")});
    make(QStringLiteral("models--gguf-only--x/snapshots/1"), {QStringLiteral("config.json")});
    make(QStringLiteral("datasets--a--b/snapshots/1"),
         {QStringLiteral("config.json"), QStringLiteral("model.safetensors")});
    const auto models = rope::io::huggingFaceCacheModels(hub.path());
    QCOMPARE(models.size(), std::size_t{2});
    QCOMPARE(models[0].repo, QStringLiteral("Qwen/Qwen2.5-0.5B"));
    QCOMPARE(models[0].revision, QStringLiteral("abc123"));
    QCOMPARE(models[1].repo, QStringLiteral("meta-llama/Llama-3.1-8B"));
    QVERIFY(models[1].folder.endsWith(QStringLiteral("snapshots/def456")));

    const QByteArray savedHub = qgetenv("HF_HUB_CACHE");
    const QByteArray savedHome = qgetenv("HF_HOME");
    qunsetenv("HF_HUB_CACHE");
    qputenv("HF_HOME", "/x/hf");
    QCOMPARE(rope::io::huggingFaceHubFolder(), QStringLiteral("/x/hf/hub"));
    qputenv("HF_HUB_CACHE", "/y/hub");
    QCOMPARE(rope::io::huggingFaceHubFolder(), QStringLiteral("/y/hub"));
    qunsetenv("HF_HUB_CACHE");
    qunsetenv("HF_HOME");
    QCOMPARE(rope::io::huggingFaceHubFolder(),
             QDir::home().filePath(QStringLiteral(".cache/huggingface/hub")));
    if (!savedHub.isEmpty()) {
        qputenv("HF_HUB_CACHE", savedHub);
    }
    if (!savedHome.isEmpty()) {
        qputenv("HF_HOME", savedHome);
    }
}

// ROPE_SAFETENSORS_SEED_DIR=fuzz/corpus/safetensors tst_safetensors writeSeedCorpus writes the
// fuzz target's seeds.
void TestSafetensors::writeSeedCorpus() {
    const QString dir = qEnvironmentVariable("ROPE_SAFETENSORS_SEED_DIR");
    if (dir.isEmpty()) {
        QSKIP("ROPE_SAFETENSORS_SEED_DIR not set");
    }
    QDir().mkpath(dir);
    Writer w;
    w.metadata(QStringLiteral("format"), QStringLiteral("pt"));
    Spec s;
    s.layers = 1;
    addLayers(w, s);
    writeFile(dir + QStringLiteral("/llama-f32.safetensors"), w.bytes());
    Writer b;
    s.dtype = QStringLiteral("BF16");
    s.fused = true;
    addLayers(b, s);
    b.raw(QStringLiteral("scale"), QStringLiteral("I64"), {}, QByteArray(8, '\0'));
    writeFile(dir + QStringLiteral("/fused-bf16.safetensors"), b.bytes());
}

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
