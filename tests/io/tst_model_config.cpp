// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face config.json import. Expected values are the numbers written in the files under
// tests/data/configs (the independent source), transcribed here by hand; errors must name the
// JSON field.
#include "io/model_config.h"

#include "core/rope_params.h"
#include "tests/test_support.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <vector>

Q_DECLARE_METATYPE(rope::RopeParams)

using rope::Layout;
using rope::RopeParams;
using rope::io::ModelConfigResult;

namespace {

QString dataFile(const QString& name) {
    return qEnvironmentVariable("ROPE_SOURCE_DIR") + QStringLiteral("/tests/data/configs/") + name;
}

// Starts from the struct defaults so every field not set by a row must keep its default.
RopeParams expected(int headDim, int rotaryDim, double base, long long context, Layout layout) {
    RopeParams p;
    p.headDim = headDim;
    p.rotaryDim = rotaryDim;
    p.base = base;
    p.context = context;
    p.layout = layout;
    return p;
}

QString joined(const QStringList& list) {
    return list.join(QStringLiteral(" | "));
}

bool anyStartsWith(const QStringList& list, const QString& prefix) {
    return std::any_of(list.begin(), list.end(),
                       [&](const QString& s) { return s.startsWith(prefix); });
}

} // namespace

class TestModelConfig : public QObject {
    Q_OBJECT

private slots:
    void parsesPublishedConfigs_data();
    void parsesPublishedConfigs();
    void reportsFieldOfBadInput_data();
    void reportsFieldOfBadInput();
    void unknownTypeStillLoadsTheRest();
    void longRopeListsMustMatchThePairs();
    void suReadsAsLongRope();
    void unknownRopeKeyIsAnError();
    void perLayerTypesWithProportional();
    void nestedTextConfigFieldsAreNamed();
    void noRopeLayersMustCoverEveryLayer();
    void emptyNoRopeLayersUseTheInterval();
    void malformedJsonGivesLineAndOffset();
    void rejectsOversizedFileBeforeReading();
    void missingFileIsAnError();
    void devicesAreRefusedBeforeReading();
    void warnsAboutIgnoredAndDisagreeingFields_data();
    void warnsAboutIgnoredAndDisagreeingFields();
    void openingAModelKeepsPositions();
    void hugeExponentIsRefused();
    void gemma3nLayersAsItsConfigClassFillsThem_data();
    void gemma3nLayersAsItsConfigClassFillsThem();
    void qwen35LayersAsItsConfigClassFillsThem_data();
    void qwen35LayersAsItsConfigClassFillsThem();
    void falconAsItsConfigClassFillsIt_data();
    void falconAsItsConfigClassFillsIt();
};

// 1e999 is beyond every double: the JSON parser itself must refuse it (an infinity would pass
// as a number), naming where it stands, whatever field holds it.
void TestModelConfig::hugeExponentIsRefused() {
    for (
        const char* json :
        {R"({"head_dim": 128, "rope_theta": 1e999})",
         R"({"head_dim": 128, "rope_scaling": {"rope_type": "default", "mrope_section": [1e999, 24, 24]}})",
         R"({"head_dim": 128, "max_position_embeddings": -1e999})"}) {
        const ModelConfigResult r = rope::io::loadModelConfigFromJson(QByteArray(json));
        QVERIFY2(!r.ok(), json);
        QVERIFY2(r.errors.first().startsWith(QStringLiteral("(file): ")) ||
                     r.errors.first().contains(QStringLiteral("finite")),
                 qPrintable(joined(r.errors)));
        rope::validate(r.params);
    }
}

void TestModelConfig::parsesPublishedConfigs_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<RopeParams>("params");
    QTest::addColumn<QString>("modelName");

    // hidden 4096 / heads 32 = 128; rope_theta 10000; max_position_embeddings 4096.
    QTest::newRow("llama-2-7b") << "llama-2-7b.json"
                                << expected(128, 0, 10000.0, 4096, Layout::Half)
                                << "meta-llama/Llama-2-7b-hf";
    {
        RopeParams p = expected(128, 0, 500000.0, 131072, Layout::Half);
        p.scaling.method = rope::ScalingKind::Llama3;
        p.scaling.factor = 8.0;
        p.scaling.lowFreqFactor = 1.0;
        p.scaling.highFreqFactor = 4.0;
        p.scaling.originalContext = 8192;
        QTest::newRow("llama-3.1-8b") << "llama-3.1-8b.json" << p << "meta-llama/Llama-3.1-8B";
    }
    // 3584 / 28 = 128.
    QTest::newRow("qwen2.5-7b") << "qwen2.5-7b.json" << expected(128, 0, 1e6, 32768, Layout::Half)
                                << "Qwen/Qwen2.5-7B-Instruct";
    QTest::newRow("mistral-7b-v0.2")
        << "mistral-7b.json" << expected(128, 0, 1e6, 32768, Layout::Half)
        << "mistralai/Mistral-7B-Instruct-v0.2";
    {
        RopeParams p = expected(128, 0, 1e6, 32768, Layout::Half);
        p.scaling.method = rope::ScalingKind::Yarn;
        p.scaling.factor = 4.0;
        p.scaling.originalContext = 32768;
        QTest::newRow("qwen2.5-7b-yarn (old 'type' key)")
            << "qwen2.5-7b-yarn.json" << p << "Qwen/Qwen2.5-7B-Instruct";
    }
    {
        // qk_rope_head_dim 64 is the rotated part; interleaved as DeepSeek-V2 pairs.
        RopeParams p = expected(64, 0, 10000.0, 163840, Layout::Interleaved);
        p.scaling.method = rope::ScalingKind::Yarn;
        p.scaling.factor = 40.0;
        p.scaling.originalContext = 4096;
        p.scaling.betaFast = 32.0;
        p.scaling.betaSlow = 1.0;
        p.scaling.mscale = 0.707;
        p.scaling.mscaleAllDim = 0.707;
        QTest::newRow("deepseek-v2-lite-like (mscale)")
            << "deepseek-v2-lite-like.json" << p << "DeepseekV2ForCausalLM";
    }
    // 6144 / 64 = 96; rotary_pct 0.25 → int(96·0.25) = 24; rotary_emb_base 10000.
    QTest::newRow("gpt-neox-20b") << "gpt-neox-20b.json"
                                  << expected(96, 24, 10000.0, 2048, Layout::Half)
                                  << "EleutherAI/gpt-neox-20b";
    {
        // transformers 5 rope_parameters: head_dim 64 given explicitly, partial 0.5 → 32.
        RopeParams p = expected(64, 32, 50000.0, 65536, Layout::Half);
        p.scaling.method = rope::ScalingKind::Yarn;
        p.scaling.factor = 2.0;
        p.scaling.originalContext = 32768;
        p.scaling.betaFast = 16.0;
        p.scaling.betaSlow = 2.0;
        p.scaling.attentionFactor = 1.25;
        p.scaling.truncate = false;
        QTest::newRow("rope_parameters (transformers 5)")
            << "rope-parameters-v5.json" << p << "llama";
    }
    {
        RopeParams p = expected(256, 0, 1e6, 131072, Layout::Half);
        p.scaling.method = rope::ScalingKind::Linear;
        p.scaling.factor = 8.0;
        QTest::newRow("per-layer-type rope_parameters")
            << "per-layer-type.json" << p << "gemma3_text";
    }
    {
        // No original_max_position_embeddings: dynamic falls back to max_position_embeddings.
        RopeParams p = expected(128, 0, 10000.0, 4096, Layout::Half);
        p.scaling.method = rope::ScalingKind::Dynamic;
        p.scaling.factor = 2.0;
        p.scaling.originalContext = 4096;
        QTest::newRow("dynamic without original") << "dynamic-no-original.json" << p << "";
    }
}

void TestModelConfig::parsesPublishedConfigs() {
    QFETCH(QString, file);
    QFETCH(RopeParams, params);
    QFETCH(QString, modelName);
    const ModelConfigResult r = rope::io::loadModelConfig(dataFile(file));
    QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
    QCOMPARE(r.modelName, modelName);
    QCOMPARE(r.params.headDim, params.headDim);
    QCOMPARE(r.params.rotaryDim, params.rotaryDim);
    QCOMPARE(r.params.base, params.base);
    QCOMPARE(r.params.context, params.context);
    QCOMPARE(r.params.layout, params.layout);
    QCOMPARE(r.params.m, params.m);
    QCOMPARE(r.params.n, params.n);
    const rope::ScalingParams& a = r.params.scaling;
    const rope::ScalingParams& e = params.scaling;
    QCOMPARE(a.method, e.method);
    QCOMPARE(a.factor, e.factor);
    QCOMPARE(a.originalContext, e.originalContext);
    QCOMPARE(a.seqLen, e.seqLen);
    QCOMPARE(a.betaFast, e.betaFast);
    QCOMPARE(a.betaSlow, e.betaSlow);
    QCOMPARE(a.mscale, e.mscale);
    QCOMPARE(a.mscaleAllDim, e.mscaleAllDim);
    QCOMPARE(a.attentionFactor, e.attentionFactor);
    QCOMPARE(a.truncate, e.truncate);
    QCOMPARE(a.lowFreqFactor, e.lowFreqFactor);
    QCOMPARE(a.highFreqFactor, e.highFreqFactor);
}

void TestModelConfig::reportsFieldOfBadInput_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");

    const QByteArray head = R"("hidden_size": 4096, "num_attention_heads": 32, )";
    QTest::newRow("string for number")
        << QByteArray("{" + head + R"("rope_theta": "10000"})") << "rope_theta"
        << "expected a number, got the string";
    QTest::newRow("NaN string") << QByteArray("{" + head + R"("rope_theta": "NaN"})")
                                << "rope_theta"
                                << "\"NaN\"";
    QTest::newRow("zero base") << QByteArray("{" + head + R"("rope_theta": 0})") << "rope_theta"
                               << "base must be";
    QTest::newRow("negative base")
        << QByteArray("{" + head + R"("rope_theta": -5})") << "rope_theta"
        << "got -5";
    QTest::newRow("base too large")
        << QByteArray("{" + head + R"("rope_theta": 1e300})") << "rope_theta"
        << "1e+300";
    // Numbers at and beyond the edges of what each field's integer holds; every one is refused
    // naming the field before any cast (a double such as 1.7e31 converted to int is undefined
    // behaviour). 2147483648 = 2^31 = INT_MAX + 1; 9007199254740993 = 2^53 + 1 is not exact in
    // a double, so integer fields stop at 2^53.
    const auto mrope = [&](const char* section) {
        return QByteArray("{" + head +
                          R"("rope_scaling": {"rope_type": "default", "mrope_section": )" +
                          section + "}}");
    };
    const QString mropeField = QStringLiteral("rope_scaling.mrope_section");
    const QString mropeText = QStringLiteral("expected three non-negative integers");
    QTest::newRow("mrope 1.7e31") << mrope("[1.7e31, 24, 24]") << mropeField << mropeText;
    QTest::newRow("mrope -1e31") << mrope("[16, -1e31, 24]") << mropeField << mropeText;
    QTest::newRow("mrope 2^31") << mrope("[16, 24, 2147483648]") << mropeField << mropeText;
    QTest::newRow("mrope 65537") << mrope("[65537, 24, 24]") << mropeField << mropeText;
    QTest::newRow("mrope 16.5") << mrope("[16.5, 24, 24]") << mropeField << mropeText;
    QTest::newRow("mrope -1") << mrope("[-1, 24, 24]") << mropeField << mropeText;
    QTest::newRow("layers 1e31") << QByteArray("{" + head + R"("num_hidden_layers": 1e31})")
                                 << "num_hidden_layers"
                                 << "expected an integer, got 1e+31";
    QTest::newRow("layers 2^31") << QByteArray("{" + head + R"("num_hidden_layers": 2147483648})")
                                 << "num_hidden_layers"
                                 << "2147483648 is out of range";
    QTest::newRow("layers -2^31-1")
        << QByteArray("{" + head + R"("num_hidden_layers": -2147483649})") << "num_hidden_layers"
        << "-2147483649 is out of range";
    QTest::newRow("context 1e31") << QByteArray("{" + head + R"("max_position_embeddings": 1e31})")
                                  << "max_position_embeddings"
                                  << "expected an integer, got 1e+31";
    QTest::newRow("context -1e31")
        << QByteArray("{" + head + R"("max_position_embeddings": -1e31})")
        << "max_position_embeddings"
        << "expected an integer, got -1e+31";
    QTest::newRow("context 2^53+2")
        << QByteArray("{" + head + R"("max_position_embeddings": 9007199254740994})")
        << "max_position_embeddings"
        << "expected an integer, got 9007199254740994";
    QTest::newRow("head_dim 1e31") << QByteArray(R"({"head_dim": 1e31})") << "head_dim"
                                   << "expected an integer, got 1e+31";
    QTest::newRow("original context 2^31")
        << QByteArray("{" + head +
                      R"("rope_scaling": {"rope_type": "yarn", "factor": 4,
                          "original_max_position_embeddings": 2147483648}})")
        << "rope_scaling.original_max_position_embeddings"
        << "2147483648 is out of range";
    QTest::newRow("zero heads") << QByteArray(R"({"hidden_size": 4096, "num_attention_heads": 0})")
                                << "num_attention_heads"
                                << "must be positive";
    QTest::newRow("heads do not divide")
        << QByteArray(R"({"hidden_size": 4096, "num_attention_heads": 3})") << "num_attention_heads"
        << "not a multiple";
    QTest::newRow("odd head_dim") << QByteArray(R"({"head_dim": 63})") << "head_dim"
                                  << "even integer";
    QTest::newRow("negative head_dim") << QByteArray(R"({"head_dim": -64})") << "head_dim"
                                       << "got -64";
    QTest::newRow("fractional head_dim") << QByteArray(R"({"head_dim": 64.5})") << "head_dim"
                                         << "expected an integer";
    QTest::newRow("no head dimension") << QByteArray(R"({"rope_theta": 10000})") << "head_dim"
                                       << "missing";
    QTest::newRow("odd partial rotary")
        << QByteArray(R"({"head_dim": 96, "rotary_pct": 0.1})") << "rotary_pct"
        << "int(96 × 0.1) = 9";
    QTest::newRow("partial factor above 1")
        << QByteArray(R"({"head_dim": 96, "partial_rotary_factor": 1.5})")
        << "partial_rotary_factor"
        << "(0, 1]";
    QTest::newRow("zero max_position_embeddings")
        << QByteArray("{" + head + R"("max_position_embeddings": 0})") << "max_position_embeddings"
        << "context must be";
    QTest::newRow("factor as string")
        << QByteArray("{" + head + R"("rope_scaling": {"type": "linear", "factor": "8"}})")
        << "rope_scaling.factor"
        << "expected a number";
    QTest::newRow("factor below one")
        << QByteArray("{" + head + R"("rope_scaling": {"type": "linear", "factor": 0.5}})")
        << "rope_scaling.factor"
        << "got 0.5";
    QTest::newRow("missing factor")
        << QByteArray("{" + head + R"("rope_scaling": {"rope_type": "yarn"}})")
        << "rope_scaling.factor"
        << "missing (required by 'yarn')";
    QTest::newRow("llama3 missing low_freq_factor")
        << QByteArray("{" + head +
                      R"("rope_scaling": {"rope_type": "llama3", "factor": 8, "high_freq_factor": 4,
                         "original_max_position_embeddings": 8192}})")
        << "rope_scaling.low_freq_factor"
        << "missing";
    QTest::newRow("llama3 missing original")
        << QByteArray("{" + head +
                      R"("rope_scaling": {"rope_type": "llama3", "factor": 8, "low_freq_factor": 1,
                         "high_freq_factor": 4}})")
        << "rope_scaling.original_max_position_embeddings"
        << "missing";
    QTest::newRow("llama3 band order")
        << QByteArray("{" + head +
                      R"("rope_scaling": {"rope_type": "llama3", "factor": 8, "low_freq_factor": 4,
                         "high_freq_factor": 1, "original_max_position_embeddings": 8192}})")
        << "rope_scaling.high_freq_factor"
        << "must exceed";
    QTest::newRow("yarn beta order")
        << QByteArray("{" + head +
                      R"("rope_scaling": {"type": "yarn", "factor": 4, "beta_fast": 0.5}})")
        << "rope_scaling.beta_fast"
        << "must not be below";
    QTest::newRow("truncate not bool")
        << QByteArray("{" + head +
                      R"("rope_scaling": {"type": "yarn", "factor": 4, "truncate": 1}})")
        << "rope_scaling.truncate"
        << "expected true or false";
    QTest::newRow("contradictory type keys")
        << QByteArray("{" + head +
                      R"("rope_scaling": {"type": "linear", "rope_type": "yarn", "factor": 4}})")
        << "rope_scaling.type"
        << "contradicts rope_type 'yarn'";
    QTest::newRow("factor without type")
        << QByteArray("{" + head + R"("rope_scaling": {"factor": 4}})") << "rope_scaling.rope_type"
        << "missing";
    QTest::newRow("rope_scaling not an object")
        << QByteArray("{" + head + R"("rope_scaling": 4})") << "rope_scaling"
        << "expected an object";
    QTest::newRow("static ntk is not an HF type")
        << QByteArray("{" + head + R"("rope_scaling": {"type": "ntk", "factor": 4}})")
        << "rope_scaling.type"
        << "'ntk' is not supported";
    QTest::newRow("top level array") << QByteArray("[1, 2]") << "(file)"
                                     << "JSON object";
    // The sliding layers' base is read after the main parameters are checked; CI's fuzzer found
    // it unchecked (a negative base reached the layer table).
    const QByteArray gemma = R"("head_dim": 256, "num_attention_heads": 8, "hidden_size": 2048,
        "num_hidden_layers": 6, "rope_theta": 1000000, "sliding_window": 512,
        "sliding_window_pattern": 6, "max_position_embeddings": 32768, )";
    QTest::newRow("gemma3 local base negative")
        << QByteArray(R"({"model_type": "gemma3_text", )" + gemma +
                      R"("rope_local_base_freq": -5})")
        << "rope_local_base_freq"
        << "base must be a finite number in (1, 1e30], got -5";
    QTest::newRow("gemma3n local base too large")
        << QByteArray(R"({"model_type": "gemma3n_text", )" + gemma +
                      R"("rope_local_base_freq": 1e40})")
        << "rope_local_base_freq"
        << "base must be a finite number in (1, 1e30]";
}

void TestModelConfig::reportsFieldOfBadInput() {
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    QFETCH(QString, text);
    const ModelConfigResult r = rope::io::loadModelConfigFromJson(json);
    QVERIFY(!r.ok());
    const QString prefix = field + QStringLiteral(": ");
    const auto it = std::find_if(r.errors.begin(), r.errors.end(),
                                 [&](const QString& e) { return e.startsWith(prefix); });
    QVERIFY2(it != r.errors.end(),
             qPrintable(QStringLiteral("no error for %1 in: %2").arg(field, joined(r.errors))));
    QVERIFY2(it->contains(text), qPrintable(*it));
    // Whatever was wrong, what comes back is usable, layer by layer too.
    rope::validate(r.params);
    for (const rope::LayerRope& layer : r.layers) {
        if (layer.rope) {
            rope::validate(layer.params);
        }
    }
}

void TestModelConfig::unknownTypeStillLoadsTheRest() {
    const ModelConfigResult r =
        rope::io::loadModelConfig(dataFile(QStringLiteral("unknown-rope-type.json")));
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.first().startsWith(
                 QStringLiteral("rope_scaling.type: 'ntk-by-parts' is not supported")),
             qPrintable(r.errors.first()));
    QVERIFY2(r.errors.first().contains(QStringLiteral("longrope, proportional")),
             qPrintable(r.errors.first()));
    QCOMPARE(r.modelName, QStringLiteral("example/unknown-rope-type"));
    QCOMPARE(r.params.headDim, 96); // 3072 / 32
    QCOMPARE(r.params.base, 10000.0);
    QCOMPARE(r.params.context, 131072LL);
    QCOMPARE(r.params.scaling.method, rope::ScalingKind::Default);

    const ModelConfigResult wrong =
        rope::io::loadModelConfig(dataFile(QStringLiteral("wrong-types.json")));
    QVERIFY(anyStartsWith(
        wrong.errors, QStringLiteral("rope_theta: expected a number, got the string \"500000\"")));
    QVERIFY(anyStartsWith(wrong.errors, QStringLiteral("rope_scaling.factor: expected a number")));
    QCOMPARE(wrong.errors.size(), 2);
    QCOMPARE(wrong.params.base, 10000.0); // default kept
    QCOMPARE(wrong.params.scaling.method, rope::ScalingKind::Llama3);
    QCOMPARE(wrong.params.scaling.originalContext, 8192);
    QCOMPARE(wrong.params.context, 131072LL);

    for (const char* name : {"huge-number.json", "nan-string.json"}) {
        const ModelConfigResult r2 = rope::io::loadModelConfig(dataFile(QString::fromLatin1(name)));
        QVERIFY2(!r2.ok(), name);
        rope::validate(r2.params);
    }
    const ModelConfigResult nan =
        rope::io::loadModelConfig(dataFile(QStringLiteral("nan-string.json")));
    QVERIFY(anyStartsWith(nan.errors,
                          QStringLiteral("rope_theta: expected a number, got the string \"NaN\"")));
}

// longrope.json gives two factors per list, but 3072/32 = 96 rotary dims need 48.
void TestModelConfig::longRopeListsMustMatchThePairs() {
    const ModelConfigResult r =
        rope::io::loadModelConfig(dataFile(QStringLiteral("longrope.json")));
    QVERIFY(anyStartsWith(r.errors, QStringLiteral("rope_scaling.short_factor: short-factor must "
                                                   "hold one value per rotary pair (48), got 2")));
    rope::validate(r.params);
    QCOMPARE(r.params.scaling.method, rope::ScalingKind::Default);
    QCOMPARE(r.params.headDim, 96);
}

// phi-3-su.json: type "su", head_dim 8 (4 pairs), 131072 / 4096 → s = 32.
void TestModelConfig::suReadsAsLongRope() {
    const ModelConfigResult r =
        rope::io::loadModelConfig(dataFile(QStringLiteral("phi-3-su.json")));
    QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
    QVERIFY(
        anyStartsWith(r.warnings, QStringLiteral("rope_scaling.type: 'su' read as 'longrope'")));
    const rope::ScalingParams& s = r.params.scaling;
    QCOMPARE(s.method, rope::ScalingKind::LongRope);
    QCOMPARE(s.factor, 32.0);
    QCOMPARE(s.originalContext, 4096);
    QCOMPARE(s.shortFactor, (std::vector<double>{1.0, 1.5, 2.0, 4.0}));
    QCOMPARE(s.longFactor, (std::vector<double>{1.0, 2.0, 8.0, 32.0}));
    QCOMPARE(r.layers.size(), std::size_t{2});
}

void TestModelConfig::unknownRopeKeyIsAnError() {
    const ModelConfigResult r =
        rope::io::loadModelConfig(dataFile(QStringLiteral("unknown-rope-key.json")));
    QVERIFY2(anyStartsWith(r.errors, QStringLiteral("rope_scaling.scaling_mode: unknown field")),
             qPrintable(joined(r.errors)));
    // The known part of the dict still loads.
    QCOMPARE(r.params.scaling.method, rope::ScalingKind::Linear);
    QCOMPARE(r.params.scaling.factor, 2.0);
}

// proportional-per-layer.json: layers 2 and 5 full (p-RoPE base 1e6, 0.25 of 256 → 32 pairs
// turn, 64 rotated dims), the others sliding (default, base 1e4).
void TestModelConfig::perLayerTypesWithProportional() {
    const ModelConfigResult r =
        rope::io::loadModelConfig(dataFile(QStringLiteral("proportional-per-layer.json")));
    QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
    QCOMPARE(r.params.scaling.method, rope::ScalingKind::Proportional);
    QCOMPARE(r.params.rotaryDim, 64);
    QCOMPARE(r.params.base, 1e6);
    QCOMPARE(r.layers.size(), std::size_t{6});
    for (int i = 0; i < 6; ++i) {
        const rope::LayerRope& l = r.layers[static_cast<std::size_t>(i)];
        const bool full = i == 2 || i == 5;
        QVERIFY(l.rope);
        QCOMPARE(QString::fromStdString(l.type),
                 full ? QStringLiteral("full_attention") : QStringLiteral("sliding_attention"));
        QCOMPARE(l.params.base, full ? 1e6 : 1e4);
        QCOMPARE(l.params.scaling.method,
                 full ? rope::ScalingKind::Proportional : rope::ScalingKind::Default);
        QCOMPARE(l.params.rotaryDim, full ? 64 : 0);
    }
}

void TestModelConfig::nestedTextConfigFieldsAreNamed() {
    const ModelConfigResult r = rope::io::loadModelConfigFromJson(
        R"({"model_type": "qwen3_vl", "text_config": {"head_dim": 128, "rope_theta": "5e6",
            "rope_scaling": {"rope_type": "default", "mrope_section": [24, 20]}}})");
    QVERIFY(anyStartsWith(r.errors, QStringLiteral("text_config.rope_theta: expected a number")));
    QVERIFY(anyStartsWith(r.errors, QStringLiteral("text_config.rope_scaling.mrope_section: "
                                                   "expected three non-negative integers")));
    QCOMPARE(r.params.headDim, 128);
}

// Llama4TextConfig builds an empty no_rope_layers from no_rope_layer_interval (default 4), and
// early configs write attn_temperature_tuning as a number.
void TestModelConfig::emptyNoRopeLayersUseTheInterval() {
    const ModelConfigResult r = rope::io::loadModelConfigFromJson(
        R"({"model_type": "llama4", "text_config": {"model_type": "llama4_text", "head_dim": 128,
            "num_hidden_layers": 8, "no_rope_layers": [], "attn_temperature_tuning": 4,
            "floor_scale": 4096, "attn_scale": 0.25, "rope_theta": 500000.0}})");
    QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
    QCOMPARE(r.layers.size(), std::size_t{8});
    for (int i = 0; i < 8; ++i) {
        const rope::LayerRope& l = r.layers[static_cast<std::size_t>(i)];
        QCOMPARE(l.rope, i != 3 && i != 7);
        QCOMPARE(l.queryTemperatureOn, !l.rope);
        QCOMPARE(l.queryTemperature.floorScale, 4096.0);
        QCOMPARE(l.queryTemperature.attnScale, 0.25);
    }
    QCOMPARE(r.params.layout, Layout::Interleaved);
}

void TestModelConfig::noRopeLayersMustCoverEveryLayer() {
    const ModelConfigResult r =
        rope::io::loadModelConfig(dataFile(QStringLiteral("no-rope-layers-wrong-length.json")));
    QVERIFY2(anyStartsWith(r.errors, QStringLiteral("no_rope_layers: has 3 entries but "
                                                    "num_hidden_layers is 4")),
             qPrintable(joined(r.errors)));
    QVERIFY(r.layers.empty());
}

void TestModelConfig::malformedJsonGivesLineAndOffset() {
    // malformed.json: line 5 is `  "max_position_embeddings": ` followed by a newline and `}`.
    const ModelConfigResult r =
        rope::io::loadModelConfig(dataFile(QStringLiteral("malformed.json")));
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.first().startsWith(QStringLiteral("(file): malformed JSON at line 6")),
             qPrintable(r.errors.first()));
    QVERIFY(r.errors.first().contains(QStringLiteral("offset")));

    // 1e400 overflows a double; Qt's parser refuses it as an illegal number at its offset.
    const ModelConfigResult huge =
        rope::io::loadModelConfig(dataFile(QStringLiteral("huge-number.json")));
    QCOMPARE(huge.errors.size(), 1);
    QVERIFY2(huge.errors.first().contains(QStringLiteral("line 4")),
             qPrintable(huge.errors.first()));
}

void TestModelConfig::rejectsOversizedFileBeforeReading() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("config.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    // A sparse 100 MB file: no disk blocks, but its size is over the limit.
    QVERIFY(f.resize(100LL * 1000 * 1000));
    f.close();
    const ModelConfigResult r = rope::io::loadModelConfig(path);
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.first().contains(QStringLiteral("16 MiB")), qPrintable(r.errors.first()));

    // Exactly at the limit is still read (and here fails as JSON, not on size).
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(rope::io::kMaxModelConfigBytes));
    f.close();
    const ModelConfigResult atLimit = rope::io::loadModelConfig(path);
    QCOMPARE(atLimit.errors.size(), 1);
    QVERIFY2(atLimit.errors.first().contains(QStringLiteral("malformed JSON")),
             qPrintable(atLimit.errors.first()));
}

void TestModelConfig::missingFileIsAnError() {
    const ModelConfigResult r =
        rope::io::loadModelConfig(QStringLiteral("/nonexistent/config.json"));
    QCOMPARE(r.errors.size(), 1);
    QVERIFY(r.errors.first().startsWith(
        QStringLiteral("(file): cannot open /nonexistent/config.json")));
}

void TestModelConfig::devicesAreRefusedBeforeReading() {
    // /dev/zero reports size 0 and never ends: it is refused before any read (not a regular
    // file), so nothing hangs and nothing is read.
    if (!QFile::exists(QStringLiteral("/dev/zero"))) {
        QSKIP("no /dev/zero");
    }
    const ModelConfigResult r = rope::io::loadModelConfig(QStringLiteral("/dev/zero"));
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.first().contains(QStringLiteral("/dev/zero is not a regular file")),
             qPrintable(r.errors.first()));
}

void TestModelConfig::warnsAboutIgnoredAndDisagreeingFields_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    const QByteArray head = R"("hidden_size": 4096, "num_attention_heads": 32, )";
    QTest::newRow("missing rope_theta")
        << QByteArray("{" + head + R"("max_position_embeddings": 4096})") << "rope_theta"
        << "using 10000";
    QTest::newRow("missing max_position_embeddings")
        << QByteArray("{" + head + R"("rope_theta": 1e4})") << "max_position_embeddings"
        << "missing";
    QTest::newRow("unused key")
        << QByteArray("{" + head +
                      R"("rope_scaling": {"type": "linear", "factor": 2, "beta_fast": 8}})")
        << "rope_scaling.beta_fast"
        << "not used by 'linear'";
    QTest::newRow("theta vs rotary_emb_base")
        << QByteArray("{" + head + R"("rope_theta": 10000, "rotary_emb_base": 500})")
        << "rotary_emb_base"
        << "disagrees with rope_theta = 10000";
    QTest::newRow("yarn implicit factor")
        << QByteArray(
               "{" + head +
               R"("max_position_embeddings": 32768, "rope_scaling": {"type": "yarn", "factor": 4,
                         "original_max_position_embeddings": 32768}})")
        << "rope_scaling.factor"
        << "using the explicit factor";
    QTest::newRow("both rope dicts")
        << QByteArray(
               "{" + head +
               R"("rope_parameters": {"rope_theta": 1e4}, "rope_scaling": {"type": "linear", "factor": 2}})")
        << "rope_scaling"
        << "ignored";
}

void TestModelConfig::warnsAboutIgnoredAndDisagreeingFields() {
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    QFETCH(QString, text);
    const ModelConfigResult r = rope::io::loadModelConfigFromJson(json);
    QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
    const QString prefix = field + QStringLiteral(": ");
    const auto it = std::find_if(r.warnings.begin(), r.warnings.end(),
                                 [&](const QString& w) { return w.startsWith(prefix); });
    QVERIFY2(it != r.warnings.end(), qPrintable(joined(r.warnings)));
    QVERIFY2(it->contains(text), qPrintable(*it));
}

void TestModelConfig::openingAModelKeepsPositions() {
    RopeParams current;
    current.m = 1234;
    current.n = -5;
    current.headDim = 16;
    const ModelConfigResult r =
        rope::io::loadModelConfig(dataFile(QStringLiteral("llama-3.1-8b.json")));
    const RopeParams p = rope::io::withModelParams(current, r.params);
    QCOMPARE(p.m, 1234LL);
    QCOMPARE(p.n, -5LL);
    QCOMPARE(p.headDim, 128);
    QCOMPARE(p.base, 500000.0);
    QCOMPARE(p.scaling.method, rope::ScalingKind::Llama3);
}

// gemma-3n-e4b.json holds the RoPE fields of google/gemma-3n-E4B's published config.json
// (text_config: 35 layers, head_dim 256, rope_theta 1e6, rope_local_base_freq 1e4,
// sliding_window 512, layer_types written out); the -no-layer-types copy drops layer_types.
// transformers 5, configuration_gemma3n.py, read by hand:
// - Gemma3nTextConfig.__post_init__: layer_types None → layer i is "full_attention" iff
//   (i + 1) % 5 == 0, else "sliding_attention": full layers 4, 9, …, 34 (7 of 35);
// - convert_rope_params_to_dict: full_attention.rope_theta = rope_theta (1e6),
//   sliding_attention.rope_theta = rope_local_base_freq (1e4), both rope_type "default";
// - no partial_rotary_factor: all 256 channels rotate (rotaryDim 0 = the whole head);
// - the sliding mask spans sliding_window = 512 tokens.
void TestModelConfig::gemma3nLayersAsItsConfigClassFillsThem_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("layer_types written") << QStringLiteral("gemma-3n-e4b.json");
    QTest::newRow("layer_types derived") << QStringLiteral("gemma-3n-e4b-no-layer-types.json");
}

void TestModelConfig::gemma3nLayersAsItsConfigClassFillsThem() {
    QFETCH(QString, file);
    const ModelConfigResult r = rope::io::loadModelConfig(dataFile(file));
    QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
    QCOMPARE(r.layers.size(), std::size_t{35});
    int full = 0;
    for (int i = 0; i < 35; ++i) {
        const rope::LayerRope& l = r.layers[static_cast<std::size_t>(i)];
        const bool isFull = i == 4 || i == 9 || i == 14 || i == 19 || i == 24 || i == 29 || i == 34;
        full += isFull ? 1 : 0;
        QVERIFY(l.rope);
        QCOMPARE(QString::fromStdString(l.type),
                 isFull ? QStringLiteral("full_attention") : QStringLiteral("sliding_attention"));
        QCOMPARE(l.params.base, isFull ? 1e6 : 1e4);
        QCOMPARE(l.params.headDim, 256);
        QCOMPARE(l.params.rotaryDim, 0);
        QCOMPARE(l.params.scaling.method, rope::ScalingKind::Default);
        QCOMPARE(l.window, isFull ? 0LL : 512LL);
    }
    QCOMPARE(full, 7);
}

// qwen3.5-27b.json holds the RoPE fields of Qwen/Qwen3.5-27B's published config.json
// (text_config: 64 layers, head_dim 256, full_attention_interval 4, rope_parameters with
// rope_theta 1e7, partial_rotary_factor 0.25, interleaved M-RoPE sections [11, 11, 10]);
// qwen3.5-27b-derived.json drops layer_types and partial_rotary_factor. transformers,
// configuration_qwen3_5.py, Qwen3_5TextConfig.__init__, read by hand:
// - kwargs.setdefault("partial_rotary_factor", 0.25): rotary dim int(256 · 0.25) = 64
//   (= 2 · (11 + 11 + 10), so the M-RoPE sections still cover every rotated pair);
// - layer_types None → "linear_attention" if (i + 1) % full_attention_interval else
//   "full_attention": with interval 4, layers 3, 7, …, 63 (16 of 64) are attention layers;
//   the linear (Gated DeltaNet) layers take no RoPE.
void TestModelConfig::qwen35LayersAsItsConfigClassFillsThem_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("defaulted");
    QTest::newRow("written") << QStringLiteral("qwen3.5-27b.json") << false;
    QTest::newRow("class defaults") << QStringLiteral("qwen3.5-27b-derived.json") << true;
}

void TestModelConfig::qwen35LayersAsItsConfigClassFillsThem() {
    QFETCH(QString, file);
    QFETCH(bool, defaulted);
    const ModelConfigResult r = rope::io::loadModelConfig(dataFile(file));
    QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
    QCOMPARE(r.params.rotaryDim, 64);
    QCOMPARE(r.params.base, 1e7);
    QCOMPARE(anyStartsWith(r.warnings, QStringLiteral("text_config.partial_rotary_factor: "
                                                      "missing; using 0.25")),
             defaulted);
    QCOMPARE(r.layers.size(), std::size_t{64});
    int rotating = 0;
    for (int i = 0; i < 64; ++i) {
        const rope::LayerRope& l = r.layers[static_cast<std::size_t>(i)];
        const bool attention = i % 4 == 3;
        rotating += l.rope ? 1 : 0;
        QCOMPARE(l.rope, attention);
        QCOMPARE(QString::fromStdString(l.type),
                 attention ? QStringLiteral("full_attention") : QStringLiteral("linear_attention"));
        if (attention) {
            QCOMPARE(l.params.rotaryDim, 64);
            QCOMPARE(l.params.base, 1e7);
        }
    }
    QCOMPARE(rotating, 16);
}

// Falcon-7B-Instruct's published config writes neither rope_theta nor max_position_embeddings:
// FalconConfig's defaults are 10000 and 2048. head_dim = hidden_size / heads = 4544 / 71 = 64,
// all of it rotating by halves. With alibi true (Falcon-RW) transformers builds no rotary
// embedding: no layer rotates.
void TestModelConfig::falconAsItsConfigClassFillsIt_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("alibi");
    QTest::newRow("rotary") << QStringLiteral("falcon-7b-instruct.json") << false;
    QTest::newRow("alibi") << QStringLiteral("falcon-alibi.json") << true;
}

void TestModelConfig::falconAsItsConfigClassFillsIt() {
    QFETCH(QString, file);
    QFETCH(bool, alibi);
    const ModelConfigResult r = rope::io::loadModelConfig(dataFile(file));
    QVERIFY2(r.ok(), qPrintable(joined(r.errors)));
    QCOMPARE(r.params.headDim, 64);
    QCOMPARE(r.params.effectiveRotaryDim(), 64);
    QCOMPARE(r.params.base, 10000.0);
    QCOMPARE(r.params.context, 2048LL);
    QCOMPARE(r.params.layout, rope::Layout::Half);
    QVERIFY(anyStartsWith(r.warnings, QStringLiteral("rope_theta: missing; using 10000")));
    QCOMPARE(anyStartsWith(r.warnings, QStringLiteral("alibi: true")), alibi);
    QCOMPARE(r.layers.size(), std::size_t{32});
    for (const rope::LayerRope& l : r.layers) {
        QCOMPARE(l.rope, !alibi);
    }
}

QTEST_GUILESS_MAIN(TestModelConfig)
#include "tst_model_config.moc"
