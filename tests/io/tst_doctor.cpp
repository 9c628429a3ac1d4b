// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The config doctor and the score comparison. Every check must fire on a config built to trigger
// it (tests/data/configs, each file's _source says what was changed) and stay silent on every
// built-in preset; the comparison's sampled cosine is checked against its closed-form
// expectation over Gaussian q, k: E[a b] / √(E[a²] E[b²]) = (1/P) Σ_i cos((θ_A,i − θ_B,i) Δ).
#include "io/doctor.h"
#include "io/gguf.h"
#include "io/llama_cpp_args.h"
#include "io/model_compare.h"
#include "io/model_config.h"
#include "io/presets.h"

#include "core/scaling/scaling_registry.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <QRegularExpression>

#include <cmath>
#include <set>
#include <vector>

using rope::io::DoctorFinding;
using rope::io::DoctorInput;

namespace {

QString dataFile(const QString& name) {
    return qEnvironmentVariable("ROPE_SOURCE_DIR") + QStringLiteral("/tests/data/configs/") + name;
}

QJsonObject rawOf(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        qFatal("cannot read %s", qPrintable(path));
    }
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonValue text = root.value(QStringLiteral("text_config"));
    return text.isObject() ? text.toObject() : root;
}

// θ_i = b^(−2i/d) in long double, i = 0 … d/2 − 1.
std::vector<long double> ladder(int d, long double b) {
    std::vector<long double> t;
    for (int i = 0; i < d / 2; ++i) {
        t.push_back(std::pow(b, -2.0L * i / d));
    }
    return t;
}

// (1/P) Σ_i cos(m·now_i − n·key_i): the score of q = k = (1/√d, …) (closed form).
double uniformScore(const std::vector<long double>& now, const std::vector<long double>& key,
                    long long m, long long n) {
    long double sum = 0;
    for (std::size_t i = 0; i < now.size(); ++i) {
        sum +=
            std::cos(static_cast<long double>(m) * now[i] - static_cast<long double>(n) * key[i]);
    }
    return static_cast<double>(sum / static_cast<long double>(now.size()));
}

// The two scores "score X with the cached key, Y with the key rotated again" of an evidence line.
std::pair<double, double> scoresIn(const QStringList& evidence) {
    static const QRegularExpression re(
        QStringLiteral("score (-?[0-9.]+) with the cached key, (-?[0-9.]+) with the key"));
    for (const QString& e : evidence) {
        const QRegularExpressionMatch m = re.match(e);
        if (m.hasMatch()) {
            return {m.captured(1).toDouble(), m.captured(2).toDouble()};
        }
    }
    qFatal("no score line in the evidence");
}

const DoctorFinding* findingOf(const std::vector<DoctorFinding>& findings, const QString& id) {
    for (const DoctorFinding& f : findings) {
        if (f.id == id) {
            return &f;
        }
    }
    return nullptr;
}

DoctorInput inputOf(const QString& file, long long context) {
    DoctorInput in;
    in.model = rope::io::loadModelConfig(dataFile(file));
    in.raw = rawOf(dataFile(file));
    in.context = context;
    return in;
}

QStringList ids(const std::vector<DoctorFinding>& findings) {
    QStringList out;
    for (const DoctorFinding& f : findings) {
        out << f.id;
    }
    return out;
}

} // namespace

class TestDoctor : public QObject {
    Q_OBJECT

private slots:
    void checkFires_data();
    void checkFires();
    void everyCheckHasATriggeringConfig();
    void presetsAreSilent();
    void publishedQwen35IsSilent();
    void compareIdenticalIsOne();
    void compareMatchesClosedForm();
    void compareAtMatchesClosedForm();
    void sumCosNegativeIsTheFirstNegativeOfTheSpan();
    void dynamicEvidenceScores();
    void longropeEvidenceScores();
    void everyFindingHasATitle();
    void enginesDifferNeedsAGap();
    void badEngineArgsAreRefused_data();
    void badEngineArgsAreRefused();
    void realCommandLinesAreAccepted();
    void flagTableKnowsTheRopeFlags();

private:
    std::set<QString> m_fired;
};

void TestDoctor::checkFires_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<qlonglong>("context");
    QTest::addColumn<QString>("engineArgs");
    QTest::addColumn<QString>("id");
    // Llama 2 trained at 4096, run at 8192 with no scaling.
    QTest::newRow("beyond trained") << "llama-2-7b.json" << 8192LL << ""
                                    << "context-beyond-trained";
    QTest::newRow("scaling off") << "qwen2.5-7b-yarn.json" << 0LL << "--rope-scaling none"
                                 << "scaling-disabled";
    QTest::newRow("freq scale as factor") << "llama-2-7b.json" << 0LL << "--rope-freq-scale 8"
                                          << "freq-scale-is-factor";
    QTest::newRow("default base over CodeLlama")
        << "doctor-codellama-7b.json" << 0LL << "--rope-freq-base 10000"
        << "base-override";
    QTest::newRow("stacked on llama3")
        << "llama-3.1-8b.json" << 0LL << "--rope-scaling linear --rope-scale 8"
        << "stacked-scaling";
    QTest::newRow("mscale folded") << "doctor-mscale-folded.json" << 0LL << ""
                                   << "mscale-folded";
    QTest::newRow("mrope layout") << "doctor-mrope-layout.json" << 0LL << ""
                                  << "mrope-layout";
    // The layout each family wants comes from the family table (IMROPE / MROPE), not the name.
    QTest::newRow("mrope layout, Qwen3.5 in blocks")
        << "doctor-mrope-layout-qwen3.5.json" << 0LL << "" << "mrope-layout";
    QTest::newRow("mrope layout, Qwen2.5-VL interleaved")
        << "doctor-mrope-layout-qwen2.5-vl.json" << 0LL << "" << "mrope-layout";
    QTest::newRow("gemma local") << "doctor-gemma3-local-scaled.json" << 0LL << ""
                                 << "gemma3-local-scaled";
    QTest::newRow("original > max") << "doctor-original-exceeds-max.json" << 0LL << ""
                                    << "original-exceeds-max";
    QTest::newRow("yarn ratio") << "doctor-yarn-factor-ratio.json" << 0LL << ""
                                << "yarn-factor-ratio";
    QTest::newRow("longrope switch") << "phi-3-su.json" << 8192LL << ""
                                     << "longrope-switch";
    QTest::newRow("dynamic cache") << "dynamic-no-original.json" << 0LL << ""
                                   << "dynamic-ntk-cache";
    QTest::newRow("sum cos negative") << "doctor-sum-cos-negative.json" << 0LL << ""
                                      << "sum-cos-negative";
    // LongRoPE at -c 8192 > L0 = 4096: llama.cpp's get_rope_factors takes long_factor for
    // every prompt, transformers short_factor for prompts of at most 4096 tokens; the long
    // factors divide pair 3 by 8, so θ differs by 87.5 % there.
    QTest::newRow("engines differ") << "doctor-engines-differ.json" << 8192LL << "-c 8192"
                                    << "engines-differ";
}

void TestDoctor::checkFires() {
    QFETCH(QString, file);
    QFETCH(qlonglong, context);
    QFETCH(QString, engineArgs);
    QFETCH(QString, id);
    DoctorInput in;
    in.model = rope::io::loadModelConfig(dataFile(file));
    QVERIFY2(in.model.ok(), qPrintable(in.model.errors.join(QStringLiteral(" | "))));
    in.raw = rawOf(dataFile(file));
    in.context = context;
    if (!engineArgs.isEmpty()) {
        in.engine = QStringLiteral("llama.cpp");
        in.engineArgs = engineArgs.split(QLatin1Char(' '));
    }
    const std::vector<DoctorFinding> findings = rope::io::runDoctor(in);
    QVERIFY2(ids(findings).contains(id), qPrintable(ids(findings).join(QStringLiteral(", "))));
    for (const DoctorFinding& f : findings) {
        QVERIFY(!f.evidence.isEmpty());
        QVERIFY(!f.explanation.isEmpty());
        QVERIFY(!f.fix.isEmpty());
    }
    m_fired.insert(id);
    // The same model without the trigger on the command line / context is not flagged for it.
    if (!engineArgs.isEmpty() || context > 0) {
        DoctorInput quiet = in;
        quiet.engineArgs.clear();
        quiet.context = 0;
        QVERIFY(!ids(rope::io::runDoctor(quiet)).contains(id));
    }
}

void TestDoctor::everyCheckHasATriggeringConfig() {
    for (const QString& id : rope::io::doctorCheckIds()) {
        QVERIFY2(m_fired.count(id) == 1, qPrintable(id));
    }
}

void TestDoctor::presetsAreSilent() {
    for (const rope::io::Preset& p : rope::io::allPresets()) {
        for (const QString& engine : {QStringLiteral("hf"), QStringLiteral("llama.cpp")}) {
            DoctorInput in;
            in.model = rope::io::loadPreset(p.id);
            in.raw = rawOf(rope::io::presetResourcePath(p.id));
            in.engine = engine;
            // Within every model's original context, and (no context given) over each layer's
            // whole span: a correct preset's base keeps Σcos ≥ 0 wherever its layers reach.
            for (const long long context : {2048LL, 0LL}) {
                in.context = context;
                auto findings = rope::io::runDoctor(in);
                // gpt-oss's config is correct, but llama.cpp rounds its YaRN correction range
                // (truncate: false; docs/engines.md): a finding about the engine, not the file.
                if (p.id == QLatin1String("gpt-oss-20b") && engine == QLatin1String("llama.cpp")) {
                    std::erase_if(findings, [](const DoctorFinding& f) {
                        return f.id == QLatin1String("engines-differ");
                    });
                }
                QVERIFY2(findings.empty(),
                         qPrintable(p.id + QStringLiteral(" (context %1): ").arg(context) +
                                    ids(findings).join(QStringLiteral(", "))));
            }
        }
    }
}

// Qwen3.5-27B's published config (not a preset) interleaves its sections as its family does.
void TestDoctor::publishedQwen35IsSilent() {
    DoctorInput in;
    in.model = rope::io::loadModelConfig(dataFile(QStringLiteral("qwen3.5-27b.json")));
    QVERIFY2(in.model.ok(), qPrintable(in.model.errors.join(QStringLiteral(" | "))));
    QVERIFY(in.model.mropeInterleaved);
    in.raw = rawOf(dataFile(QStringLiteral("qwen3.5-27b.json")));
    QVERIFY2(!ids(rope::io::runDoctor(in)).contains(QStringLiteral("mrope-layout")),
             qPrintable(ids(rope::io::runDoctor(in)).join(QStringLiteral(", "))));
}

void TestDoctor::compareIdenticalIsOne() {
    rope::RopeParams p;
    p.headDim = 16;
    const rope::io::ScoreComparison r = rope::io::compareScores(p, p, 300);
    for (const double c : r.cosine) {
        QVERIFY(std::abs(c - 1.0) < 1e-12);
    }
    QVERIFY(!r.firstBelow);
}

void TestDoctor::compareMatchesClosedForm() {
    rope::RopeParams a;
    a.headDim = 16;
    a.base = 10000.0;
    rope::RopeParams b = a;
    b.scaling.method = rope::ScalingKind::Linear;
    b.scaling.factor = 4.0;
    const int n = 4096;
    const rope::io::ScoreComparison r = rope::io::compareScores(a, b, 200, n);
    const int pairs = 8;
    std::optional<long long> firstBelow;
    for (long long d = 0; d < 200; ++d) {
        // θ_A,i = b^(-2i/d), θ_B,i = θ_A,i / 4 (linear): the population cosine.
        long double sum = 0;
        for (int i = 0; i < pairs; ++i) {
            const long double t = std::pow(10000.0L, -2.0L * i / 16.0L);
            sum += std::cos((t - t / 4.0L) * static_cast<long double>(d));
        }
        const double expected = static_cast<double>(sum / pairs);
        QVERIFY2(std::abs(r.cosine[static_cast<std::size_t>(d)] - expected) < 0.05,
                 qPrintable(QStringLiteral("Δ = %1: %2 vs %3")
                                .arg(d)
                                .arg(r.cosine[static_cast<std::size_t>(d)])
                                .arg(expected)));
        if (!firstBelow && expected < 0.99) {
            firstBelow = d;
        }
    }
    // The sampled first drop below 0.99 lies within a few tokens of the closed form's.
    QVERIFY(r.firstBelow && firstBelow);
    QVERIFY2(std::abs(*r.firstBelow - *firstBelow) <= 2,
             qPrintable(QStringLiteral("%1 vs %2").arg(*r.firstBelow).arg(*firstBelow)));
    QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter,
                             rope::io::compareScores(a, rope::RopeParams{}, 10));
}

void TestDoctor::compareAtMatchesClosedForm() {
    // Linear ×4 against none at d = 16: the sampled cosine at chosen distances and the first drop
    // below 0.99 over every Δ, against (1/P) Σ_i cos((θ_i − θ_i/4)·Δ) in long double.
    rope::RopeParams a;
    a.headDim = 16;
    rope::RopeParams b = a;
    b.scaling.method = rope::ScalingKind::Linear;
    b.scaling.factor = 4.0;
    const std::vector<long long> at = {0, 1, 7, 50, 199};
    const rope::io::SampledScoreComparison r = rope::io::compareScoresAt(a, b, 200, at, 4096);
    const std::vector<long double> t = ladder(16, 10000.0L);
    const auto expected = [&t](long long d) {
        long double sum = 0;
        for (const long double ti : t) {
            sum += std::cos((ti - ti / 4.0L) * static_cast<long double>(d));
        }
        return static_cast<double>(sum / t.size());
    };
    QCOMPARE(r.distances, at);
    for (std::size_t k = 0; k < at.size(); ++k) {
        QVERIFY2(std::abs(r.cosine[k] - expected(at[k])) < 0.05,
                 qPrintable(QString::number(at[k])));
    }
    long long first = -1;
    for (long long d = 0; d < 200 && first < 0; ++d) {
        first = expected(d) < 0.99 ? d : -1;
    }
    QVERIFY(r.firstBelow && first > 0);
    QVERIFY2(std::abs(*r.firstBelow - first) <= 2,
             qPrintable(QStringLiteral("%1 vs %2").arg(*r.firstBelow).arg(first)));
    QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::io::compareScoresAt(a, b, 200, {200}));
}

void TestDoctor::sumCosNegativeIsTheFirstNegativeOfTheSpan() {
    // The sliding layers (window 4096, span 4095) of base 10⁴, d = 64: the first m with
    // Σ_i cos(m·θ_i) < 0 by a long-double scan; the full layers are not flagged.
    const std::vector<long double> t = ladder(64, 10000.0L);
    long long first = -1;
    for (long long m = 0; m < 4096 && first < 0; ++m) {
        long double sum = 0;
        for (const long double ti : t) {
            sum += std::cos(static_cast<long double>(m) * ti);
        }
        first = sum < 0 ? m : -1;
    }
    QVERIFY(first > 0);
    const QString file = QStringLiteral("doctor-sum-cos-negative.json");
    const auto findings = rope::io::runDoctor(inputOf(file, 0));
    const DoctorFinding* f = findingOf(findings, QStringLiteral("sum-cos-negative"));
    QVERIFY(f != nullptr);
    QCOMPARE(f->evidence.size(), 1);
    QVERIFY2(f->evidence[0].startsWith(QStringLiteral("layers 0, 2 (sliding_attention")) &&
                 f->evidence[0].contains(QStringLiteral("max distance 4095")) &&
                 f->evidence[0].endsWith(QStringLiteral("m = %1").arg(first)),
             qPrintable(f->evidence[0]));
    // Run at a context that ends at that distance, the layers never reach it.
    QVERIFY(!ids(rope::io::runDoctor(inputOf(file, first)))
                 .contains(QStringLiteral("sum-cos-negative")));
    QVERIFY(ids(rope::io::runDoctor(inputOf(file, first + 1)))
                .contains(QStringLiteral("sum-cos-negative")));
}

void TestDoctor::dynamicEvidenceScores() {
    // dynamic-no-original.json: d = 4096/32 = 128, b = 10⁴, s = 2, L₀ = 4096. A key at n = 2048
    // cached at C = 4096 (bracket s·C/L₀ − (s − 1) = 1: the plain ladder), the last query of
    // L = 16384 with b' = b·(s·L/L₀ − (s − 1))^(d/(d−2)) = 10⁴·7^(128/126).
    const std::vector<long double> cached = ladder(128, 10000.0L);
    const std::vector<long double> now = ladder(128, 10000.0L * std::pow(7.0L, 128.0L / 126.0L));
    const auto findings =
        rope::io::runDoctor(inputOf(QStringLiteral("dynamic-no-original.json"), 0));
    const DoctorFinding* f = findingOf(findings, QStringLiteral("dynamic-ntk-cache"));
    QVERIFY(f != nullptr);
    const auto [stale, fresh] = scoresIn(f->evidence);
    QVERIFY2(std::abs(stale - uniformScore(now, cached, 16383, 2048)) < 1e-4,
             qPrintable(QString::number(stale)));
    QVERIFY2(std::abs(fresh - uniformScore(now, now, 16383, 2048)) < 1e-4,
             qPrintable(QString::number(fresh)));
    QVERIFY(std::abs(stale - fresh) > 1e-3);
}

void TestDoctor::longropeEvidenceScores() {
    // phi-3-su.json: d = 8, b = 10⁴, short [1, 1.5, 2, 4], long [1, 2, 8, 32], L₀ = 4096; run at
    // 8192: a key at n = 2048 rotated with θ_i/short_i, the query at m = 8191 with θ_i/long_i.
    const std::vector<long double> t = ladder(8, 10000.0L);
    const long double shortF[] = {1, 1.5L, 2, 4};
    const long double longF[] = {1, 2, 8, 32};
    std::vector<long double> shortT;
    std::vector<long double> longT;
    for (int i = 0; i < 4; ++i) {
        shortT.push_back(t[i] / shortF[i]);
        longT.push_back(t[i] / longF[i]);
    }
    const auto findings = rope::io::runDoctor(inputOf(QStringLiteral("phi-3-su.json"), 8192));
    const DoctorFinding* f = findingOf(findings, QStringLiteral("longrope-switch"));
    QVERIFY(f != nullptr);
    const auto [stale, fresh] = scoresIn(f->evidence);
    QVERIFY2(std::abs(stale - uniformScore(longT, shortT, 8191, 2048)) < 1e-4,
             qPrintable(QString::number(stale)));
    QVERIFY2(std::abs(fresh - uniformScore(longT, longT, 8191, 2048)) < 1e-4,
             qPrintable(QString::number(fresh)));
}

// doctor-engines-differ.json at -c 4096 = L0: llama.cpp takes the short factors, as
// transformers does for every prompt that fits, so the engines agree; on the HF engine the
// check does not run at all.
void TestDoctor::enginesDifferNeedsAGap() {
    DoctorInput in = inputOf(QStringLiteral("doctor-engines-differ.json"), 4096);
    in.engine = QStringLiteral("llama.cpp");
    QVERIFY(!ids(rope::io::runDoctor(in)).contains(QStringLiteral("engines-differ")));
    in.context = 8192;
    QVERIFY(ids(rope::io::runDoctor(in)).contains(QStringLiteral("engines-differ")));
    in.engine = QStringLiteral("hf");
    QVERIFY(!ids(rope::io::runDoctor(in)).contains(QStringLiteral("engines-differ")));
    // The converter's gpt-oss GGUF drops truncate: false; read as a GGUF, the comparison adds
    // it back and finds ggml's rounded correction range (engines_reference.py: Δ = 57).
    DoctorInput gguf;
    gguf.model = rope::io::loadGguf(qEnvironmentVariable("ROPE_SOURCE_DIR") +
                                    QStringLiteral("/tests/data/gguf/gpt-oss-20b.gguf"));
    QVERIFY(gguf.model.ok());
    gguf.fromGguf = true;
    gguf.engine = QStringLiteral("llama.cpp");
    gguf.context = 4096;
    const std::vector<DoctorFinding> found = rope::io::runDoctor(gguf);
    const DoctorFinding* f = findingOf(found, QStringLiteral("engines-differ"));
    QVERIFY2(f != nullptr, qPrintable(ids(found).join(QStringLiteral(", "))));
    QVERIFY2(f->evidence.join(QLatin1Char('\n')).contains(QStringLiteral("from distance 57")),
             qPrintable(f->evidence.join(QLatin1Char('\n'))));
}

void TestDoctor::everyFindingHasATitle() {
    for (const QString& id : rope::io::doctorCheckIds()) {
        QVERIFY2(rope::io::doctorCheckTitle(id) != id, qPrintable(id));
    }
}

// Arguments llama.cpp's parser refuses (common_params_parse_ex: "error: invalid argument: X"
// for an unknown flag or a value without a flag; "expected value for argument" for a missing
// value) are refused by the doctor with the argument named, never ignored.
void TestDoctor::badEngineArgsAreRefused_data() {
    QTest::addColumn<QString>("args");
    QTest::addColumn<QString>("named");
    QTest::newRow("unknown flag") << "--bogus"
                                  << "'--bogus'";
    QTest::newRow("unknown after a good one") << "--rope-freq-base 10000 --rope-freqbase 5"
                                              << "'--rope-freqbase'";
    QTest::newRow("single dash unknown") << "-q 4"
                                         << "'-q'";
    QTest::newRow("stray value") << "--rope-scale 4 8"
                                 << "'8'";
    QTest::newRow("missing value") << "-c 4096 --rope-freq-base"
                                   << "'--rope-freq-base'";
    QTest::newRow("two-value flag short") << "--control-vector-layer-range 1"
                                          << "'--control-vector-layer-range'";
    QTest::newRow("a program name") << "llama-server -m model.gguf"
                                    << "'llama-server'";
}

void TestDoctor::badEngineArgsAreRefused() {
    QFETCH(QString, args);
    QFETCH(QString, named);
    DoctorInput in;
    in.model = rope::io::loadModelConfig(dataFile(QStringLiteral("llama-2-7b.json")));
    QVERIFY(in.model.ok());
    in.raw = rawOf(dataFile(QStringLiteral("llama-2-7b.json")));
    in.engine = QStringLiteral("llama.cpp");
    in.engineArgs = rope::io::splitEngineArgs(args);
    try {
        rope::io::runDoctor(in);
        QFAIL("accepted");
    } catch (const rope::InvalidParameter& e) {
        QCOMPARE(e.parameter(), std::string("engine-args"));
        QVERIFY2(QString::fromStdString(e.what()).contains(named), e.what());
    }
}

// Command lines as llama.cpp's own documentation writes them (tools/server/README.md,
// docs): every flag known, values after their flags, '_' spellings, quoted prompts.
void TestDoctor::realCommandLinesAreAccepted() {
    const QStringList lines = {
        QStringLiteral("-m models/7B/ggml-model.gguf -c 16384 --rope-scaling yarn --rope-scale 4 "
                       "--yarn-orig-ctx 4096 -ngl 99 -fa on --port 8080 --host 0.0.0.0"),
        QStringLiteral("-hf ggml-org/gemma-3-1b-it-GGUF --jinja -np 4 -cb --temp 0.7 --top-p 0.9 "
                       "--repeat-penalty 1.1 -n -1 --seed -1 --no-mmap --mlock"),
        QStringLiteral("--rope_freq_base 1000000 --rope_freq_scale 0.25 --yarn_ext_factor 1"),
        QStringLiteral("-m m.gguf -p \"Once upon a time --rope-freq-base\" -ctk q8_0 -ctv q8_0 "
                       "--lora-scaled a.gguf 0.5 --override-kv llama.rope.freq_base=float:1e6"),
    };
    DoctorInput in;
    in.model = rope::io::loadModelConfig(dataFile(QStringLiteral("llama-2-7b.json")));
    in.raw = rawOf(dataFile(QStringLiteral("llama-2-7b.json")));
    in.engine = QStringLiteral("llama.cpp");
    for (const QString& line : lines) {
        in.engineArgs = rope::io::splitEngineArgs(line);
        try {
            rope::io::runDoctor(in);
        } catch (const rope::InvalidParameter& e) {
            QFAIL(qPrintable(line + QStringLiteral(": ") + QString::fromUtf8(e.what())));
        }
    }
    // The quoted prompt is one value; "--rope-freq-base" inside it is not a flag.
    QCOMPARE(rope::io::splitEngineArgs(lines[3]).at(3),
             QStringLiteral("Once upon a time --rope-freq-base"));
    // '_' reads as '-' for "--" flags, as in llama.cpp.
    QCOMPARE(rope::io::checkLlamaCppArgs(rope::io::splitEngineArgs(lines[2])).first(),
             QStringLiteral("--rope-freq-base"));
}

// The RoPE flags of common/arg.cpp and their value counts, transcribed from its add_opt calls.
void TestDoctor::flagTableKnowsTheRopeFlags() {
    for (const QString& f : rope::io::llamaCppRopeFlags()) {
        QCOMPARE(rope::io::llamaCppFlagValues(f), std::optional<int>(1));
    }
    QCOMPARE(rope::io::llamaCppFlagValues(QStringLiteral("-c")), std::optional<int>(1));
    QCOMPARE(rope::io::llamaCppFlagValues(QStringLiteral("--no-mmap")), std::optional<int>(0));
    QCOMPARE(rope::io::llamaCppFlagValues(QStringLiteral("--lora-scaled")), std::optional<int>(2));
    QCOMPARE(rope::io::llamaCppFlagValues(QStringLiteral("--rope-freq-bas")), std::nullopt);
    // Only "--" flags have the '_' spelling.
    QCOMPARE(rope::io::llamaCppFlagValues(QStringLiteral("-c_")), std::nullopt);
}

QTEST_GUILESS_MAIN(TestDoctor)
#include "tst_doctor.moc"
