// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The config doctor and the score comparison. Every check must fire on a config built to trigger
// it (tests/data/configs, each file's _source says what was changed) and stay silent on every
// built-in preset; the comparison's sampled cosine is checked against its closed-form
// expectation over Gaussian q, k: E[a b] / √(E[a²] E[b²]) = (1/P) Σ_i cos((θ_A,i − θ_B,i) Δ).
#include "io/doctor.h"
#include "io/model_compare.h"
#include "io/model_config.h"
#include "io/presets.h"

#include "core/scaling/scaling_registry.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <set>

using rope::ui::DoctorFinding;
using rope::ui::DoctorInput;

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
    void compareIdenticalIsOne();
    void compareMatchesClosedForm();

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
}

void TestDoctor::checkFires() {
    QFETCH(QString, file);
    QFETCH(qlonglong, context);
    QFETCH(QString, engineArgs);
    QFETCH(QString, id);
    DoctorInput in;
    in.model = rope::ui::loadModelConfig(dataFile(file));
    QVERIFY2(in.model.ok(), qPrintable(in.model.errors.join(QStringLiteral(" | "))));
    in.raw = rawOf(dataFile(file));
    in.context = context;
    if (!engineArgs.isEmpty()) {
        in.engine = QStringLiteral("llama.cpp");
        in.engineArgs = engineArgs.split(QLatin1Char(' '));
    }
    const std::vector<DoctorFinding> findings = rope::ui::runDoctor(in);
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
        QVERIFY(!ids(rope::ui::runDoctor(quiet)).contains(id));
    }
}

void TestDoctor::everyCheckHasATriggeringConfig() {
    for (const QString& id : rope::ui::doctorCheckIds()) {
        QVERIFY2(m_fired.count(id) == 1, qPrintable(id));
    }
}

void TestDoctor::presetsAreSilent() {
    for (const rope::ui::Preset& p : rope::ui::allPresets()) {
        for (const QString& engine : {QStringLiteral("hf"), QStringLiteral("llama.cpp")}) {
            DoctorInput in;
            in.model = rope::ui::loadPreset(p.id);
            in.raw = rawOf(rope::ui::presetResourcePath(p.id));
            in.engine = engine;
            // Within every model's original context.
            in.context = 2048;
            const auto findings = rope::ui::runDoctor(in);
            QVERIFY2(findings.empty(), qPrintable(p.id + QStringLiteral(": ") +
                                                  ids(findings).join(QStringLiteral(", "))));
        }
    }
}

void TestDoctor::compareIdenticalIsOne() {
    rope::RopeParams p;
    p.headDim = 16;
    const rope::ui::ScoreComparison r = rope::ui::compareScores(p, p, 300);
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
    b.scaling.method = "linear";
    b.scaling.factor = 4.0;
    const int n = 4096;
    const rope::ui::ScoreComparison r = rope::ui::compareScores(a, b, 200, n);
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
                             rope::ui::compareScores(a, rope::RopeParams{}, 10));
}

QTEST_GUILESS_MAIN(TestDoctor)
#include "tst_doctor.moc"
