// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// "Copy as code": the NumPy snippet is run with /usr/bin/python3 and its printed inv_freq must
// match rope::scaledFrequencies(), its rotated vector a rotation computed here in closed form
// (per pair: (a, b) → (a·cos − b·sin, b·cos + a·sin)·attention, from the core's θ). The PyTorch
// snippet cannot run here (no torch); it must at least parse as Python.
#include "io/code_export.h"

#include "core/scaling/scaling_registry.h"
#include "tests/test_support.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <cmath>
#include <vector>

Q_DECLARE_METATYPE(rope::RopeParams)

using rope::Layout;
using rope::RopeParams;
using rope::io::CodeLanguage;

namespace {

const QString kPython = QStringLiteral("/usr/bin/python3");

// Runs Python with \p args, \p input on stdin; returns stdout, or fails the test with stderr.
bool runPython(const QStringList& args, const QString& input, QByteArray* out, QString* err) {
    QProcess p;
    p.start(kPython, args);
    if (!p.waitForStarted(10000)) {
        *err = QStringLiteral("cannot start %1").arg(kPython);
        return false;
    }
    p.write(input.toUtf8());
    p.closeWriteChannel();
    if (!p.waitForFinished(20000)) {
        p.kill();
        p.waitForFinished();
        *err = QStringLiteral("python timed out");
        return false;
    }
    *out = p.readAllStandardOutput();
    *err = QString::fromUtf8(p.readAllStandardError());
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

Eigen::ArrayXd toArray(const QJsonValue& v) {
    const QJsonArray a = v.toArray();
    Eigen::ArrayXd out(a.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        out[i] = a.at(i).toDouble(std::nan(""));
    }
    return out;
}

// RoPE of x_j = (j+1)/d at position m, written from the definition: pair i rotates by m·θ_i,
// pairs are (2i, 2i+1) interleaved or (i, i+r/2) half; HF scales cos and sin by the attention
// factor; coordinates from the rotary dimension on pass through.
Eigen::ArrayXd closedFormRotation(const RopeParams& p, const Eigen::ArrayXd& theta,
                                  double attention) {
    const int d = p.headDim;
    const int r = p.effectiveRotaryDim();
    Eigen::ArrayXd x(d);
    for (int j = 0; j < d; ++j) {
        x[j] = (j + 1.0) / d;
    }
    Eigen::ArrayXd y = x;
    for (int i = 0; i < r / 2; ++i) {
        const double angle = static_cast<double>(p.m) * theta[i];
        const double c = std::cos(angle) * attention;
        const double s = std::sin(angle) * attention;
        const int a = p.layout == Layout::Interleaved ? 2 * i : i;
        const int b = p.layout == Layout::Interleaved ? 2 * i + 1 : i + r / 2;
        y[a] = x[a] * c - x[b] * s;
        y[b] = x[b] * c + x[a] * s;
    }
    return y;
}

RopeParams make(int dim, int rotary, double base, long long m, Layout layout,
                const std::string& method) {
    RopeParams p;
    p.headDim = dim;
    p.rotaryDim = rotary;
    p.base = base;
    p.m = m;
    p.layout = layout;
    p.scaling.method = rope::scalingMethod(method).kind; // rows name methods by their file id
    return p;
}

} // namespace

class TestCodeExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void numpySnippetMatchesCore_data();
    void numpySnippetMatchesCore();
    void pytorchSnippetParses_data();
    void pytorchSnippetParses();
    void snippetSpellsOutTheFormula_data();
    void snippetSpellsOutTheFormula();
    void invalidParamsGiveNoSnippet();

private:
    void addRows();
    bool m_havePython = false;
    bool m_haveNumpy = false;
};

void TestCodeExport::initTestCase() {
    m_havePython = QFile::exists(kPython);
    if (m_havePython) {
        QByteArray out;
        QString err;
        m_haveNumpy = runPython({QStringLiteral("-c"), QStringLiteral("import numpy")}, QString(),
                                &out, &err);
    }
}

// Positions stay ≤ 1000: the snippet's θ may differ from the core's by an ulp or two (libm pow
// versus NumPy's power loop, 1/(s·b^x) versus θ/s), and the angle m·θ multiplies that by m.
// At m ≤ 1000 the angle differs by ≲ 1000·4e-16 = 4e-13 rad, inside the 1e-12 tolerance; at m = 1e5
// it would not, without either side being wrong.
void TestCodeExport::addRows() {
    QTest::addColumn<RopeParams>("params");

    QTest::newRow("default interleaved") << make(64, 0, 10000.0, 3, Layout::Interleaved, "default");
    // GPT-NeoX-20B-like partial rotary: 24 of 96 rotated.
    QTest::newRow("default half partial") << make(96, 24, 10000.0, 1000, Layout::Half, "default");
    {
        RopeParams p = make(128, 0, 10000.0, 1000, Layout::Half, "linear");
        p.scaling.factor = 4.0;
        QTest::newRow("linear half") << p;
    }
    {
        RopeParams p = make(64, 0, 10000.0, 777, Layout::Interleaved, "ntk");
        p.scaling.factor = 8.0;
        QTest::newRow("ntk interleaved") << p;
    }
    {
        RopeParams p = make(128, 64, 10000.0, 999, Layout::Half, "dynamic");
        p.scaling.factor = 2.0;
        p.scaling.originalContext = 4096;
        p.scaling.seqLen = 12000;
        QTest::newRow("dynamic half partial seq-len") << p;
    }
    {
        RopeParams p = make(128, 0, 1e6, 1000, Layout::Half, "yarn");
        p.scaling.factor = 4.0;
        p.scaling.originalContext = 32768;
        QTest::newRow("yarn half (Qwen2.5)") << p;
    }
    {
        // DeepSeek-V2-like: mscale ratio, interleaved, no truncation.
        RopeParams p = make(64, 0, 10000.0, 640, Layout::Interleaved, "yarn");
        p.scaling.factor = 40.0;
        p.scaling.originalContext = 4096;
        p.scaling.mscale = 0.707;
        p.scaling.mscaleAllDim = 1.0;
        p.scaling.truncate = false;
        QTest::newRow("yarn interleaved mscale no-truncate") << p;
    }
    {
        RopeParams p = make(64, 32, 50000.0, 800, Layout::Interleaved, "yarn");
        p.scaling.factor = 2.0;
        p.scaling.originalContext = 8192;
        p.scaling.betaFast = 16.0;
        p.scaling.betaSlow = 2.0;
        p.scaling.attentionFactor = 1.25;
        QTest::newRow("yarn interleaved partial attention-factor") << p;
    }
    {
        RopeParams p = make(128, 0, 500000.0, 1000, Layout::Half, "llama3");
        p.scaling.factor = 8.0;
        p.scaling.originalContext = 8192;
        QTest::newRow("llama3 half (Llama 3.1)") << p;
    }
    {
        RopeParams p = make(96, 48, 500000.0, 424, Layout::Interleaved, "llama3");
        p.scaling.factor = 16.0;
        p.scaling.originalContext = 2048;
        p.scaling.lowFreqFactor = 2.0;
        p.scaling.highFreqFactor = 8.0;
        QTest::newRow("llama3 interleaved partial") << p;
    }
    for (const long long seqLen : {0LL, 5000LL}) {
        // LongRoPE on 8 pairs; seq-len 5000 > 4096 switches to the long list.
        RopeParams p = make(16, 0, 10000.0, 700, Layout::Half, "longrope");
        p.scaling.factor = 32.0;
        p.scaling.originalContext = 4096;
        p.scaling.seqLen = seqLen;
        p.scaling.shortFactor = {1.0, 1.02, 1.05, 1.1, 1.3, 1.7, 2.0, 2.8};
        p.scaling.longFactor = {1.08, 1.6, 3.2, 7.7, 17.7, 32.6, 57.6, 64.8};
        QTest::addRow("longrope half seq-len %lld", seqLen) << p;
    }
}

void TestCodeExport::numpySnippetMatchesCore_data() {
    addRows();
}

void TestCodeExport::numpySnippetMatchesCore() {
    if (!m_havePython || !m_haveNumpy) {
        QSKIP("/usr/bin/python3 with numpy is not available");
    }
    QFETCH(RopeParams, params);
    const QString code = rope::io::codeSnippet(CodeLanguage::NumPy, params);
    QByteArray out;
    QString err;
    QVERIFY2(runPython({QStringLiteral("-")}, code, &out, &err), qPrintable(err + "\n" + code));
    QJsonParseError parseError;
    const QJsonObject o = QJsonDocument::fromJson(out, &parseError).object();
    QVERIFY2(parseError.error == QJsonParseError::NoError, out.constData());

    const rope::ScalingResult core = rope::scaledFrequencies(params);
    // Same formula, same operation order, float64 on both sides: 1e-12 relative leaves room for
    // a few ulps (libm pow/log and NumPy's power loop) and nothing more.
    constexpr double kRel = 1e-12;
    ROPE_COMPARE_ARRAYS(toArray(o.value(QStringLiteral("inv_freq"))), core.invFreq, kRel, 0.0);
    QVERIFY(rope::test::close(o.value(QStringLiteral("attention_factor")).toDouble(),
                              core.attentionFactor, kRel));
    const Eigen::ArrayXd expected = closedFormRotation(params, core.invFreq, core.attentionFactor);
    // A rotated coordinate can cancel to near 0 (a·cos − b·sin), where a relative bound alone is
    // meaningless; the absolute floor is 1e-12 of the largest input coordinate (x_max = 1)
    // times the attention factor.
    ROPE_COMPARE_ARRAYS(toArray(o.value(QStringLiteral("rotated"))), expected, kRel,
                        kRel * core.attentionFactor);
}

void TestCodeExport::pytorchSnippetParses_data() {
    addRows();
}

void TestCodeExport::pytorchSnippetParses() {
    if (!m_havePython) {
        QSKIP("/usr/bin/python3 is not available");
    }
    QFETCH(RopeParams, params);
    const QString code = rope::io::codeSnippet(CodeLanguage::PyTorch, params);
    QVERIFY(code.contains(QStringLiteral("import torch")));
    QVERIFY(!code.contains(QStringLiteral("np.")));
    QByteArray out;
    QString err;
    QVERIFY2(runPython({QStringLiteral("-c"),
                        QStringLiteral("import ast,sys; ast.parse(sys.stdin.read())")},
                       code, &out, &err),
             qPrintable(err + "\n" + code));
}

void TestCodeExport::snippetSpellsOutTheFormula_data() {
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("formula");
    QTest::newRow("default") << "default"
                             << "1.0 / (base ** (";
    QTest::newRow("linear") << "linear"
                            << "default_inv_freq(base, rotary_dim) / factor";
    QTest::newRow("ntk") << "ntk"
                         << "base * factor ** (rotary_dim / (rotary_dim - 2))";
    QTest::newRow("dynamic")
        << "dynamic"
        << "((factor * seq_len / original_max_position_embeddings) - (factor - 1))";
    QTest::newRow("yarn") << "yarn"
                          << "linear_ramp_factor(low, high, rotary_dim // 2)";
    QTest::newRow("llama3") << "llama3"
                            << "smooth_factor = (old_context_len / wavelen - low_freq_factor)";
    QTest::newRow("longrope") << "longrope"
                              << "inv_freq = 1.0 / (ext * base ** (";
    QTest::newRow("proportional") << "proportional"
                                  << "/ head_dim))";
    // Every registry method has a row: a new method without a formula block fails here.
    for (const rope::ScalingMethod& m : rope::allScalingMethods()) {
        const QString id = QString::fromUtf8(m.id.data(), static_cast<qsizetype>(m.id.size()));
        QVERIFY2(QStringList({"default", "linear", "ntk", "dynamic", "yarn", "llama3", "longrope",
                              "proportional"})
                     .contains(id),
                 qPrintable(QStringLiteral("no formula row for method ") + id));
    }
}

void TestCodeExport::snippetSpellsOutTheFormula() {
    QFETCH(QString, method);
    QFETCH(QString, formula);
    RopeParams p;
    p.scaling.method = rope::scalingMethod(method.toStdString()).kind;
    p.scaling.factor = 2.0;
    // LongRoPE needs its two lists (d/2 = 64 divisors each) to be valid at all.
    p.scaling.shortFactor.assign(64, 1.5);
    p.scaling.longFactor.assign(64, 3.0);
    for (const CodeLanguage lang : {CodeLanguage::NumPy, CodeLanguage::PyTorch}) {
        const QString code = rope::io::codeSnippet(lang, p);
        QVERIFY2(code.contains(formula), qPrintable(code));
    }
}

void TestCodeExport::invalidParamsGiveNoSnippet() {
    RopeParams p;
    p.headDim = 7;
    try {
        rope::io::codeSnippet(CodeLanguage::NumPy, p);
        QFAIL("no exception for dim 7");
    } catch (const rope::InvalidParameter& e) {
        QCOMPARE(e.parameter(), std::string("dim"));
    }
    RopeParams q;
    q.scaling.method = rope::ScalingKind::Linear;
    q.scaling.factor = 0.5;
    try {
        rope::io::codeSnippet(CodeLanguage::PyTorch, q);
        QFAIL("no exception for factor 0.5");
    } catch (const rope::InvalidParameter& e) {
        QCOMPARE(e.parameter(), std::string("factor"));
    }
}

QTEST_GUILESS_MAIN(TestCodeExport)
#include "tst_code_export.moc"
