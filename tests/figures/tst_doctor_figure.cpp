// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The doctor panel's data: the findings of the model it is given, and the comparison of the
// current parameters with a second configuration. The first distance where the sampled cosine
// falls below 0.99 is checked against the closed form E(Δ) = (1/P) Σ_i cos((θ'_i − θ_i)·Δ) for
// Llama 3.1's llama3 scaling against none, with θ'_i from transformers'
// _compute_llama3_parameters written out here in long double.
#include "figures/figure_registry.h"
#include "io/presets.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

using rope::figures::FigureData;

namespace {

FigureData doctor(const rope::RopeParams& p, const rope::figures::FigureOptions& options) {
    return rope::figures::figureData(*rope::figures::findFigure("doctor"), p, options);
}

const rope::figures::Readout* readout(const FigureData& d, const QString& label) {
    for (const rope::figures::Readout& r : d.readouts) {
        if (r.label == label) {
            return &r;
        }
    }
    return nullptr;
}

// E(Δ) for Llama 3.1: d = 128, b = 5·10⁵, factor 8, low 1, high 4, L₀ = 8192.
long double llama31Expectation(long long delta) {
    const long double pi = std::numbers::pi_v<long double>;
    const long double factor = 8, low = 1, high = 4, l0 = 8192;
    long double sum = 0;
    for (int i = 0; i < 64; ++i) {
        const long double theta = std::pow(500000.0L, -2.0L * i / 128.0L);
        const long double wavelen = 2 * pi / theta;
        long double scaled = theta;
        if (wavelen > l0 / low) {
            scaled = theta / factor;
        } else if (wavelen >= l0 / high) {
            const long double smooth = (l0 / wavelen - low) / (high - low);
            scaled = (1 - smooth) * theta / factor + smooth * theta;
        }
        sum += std::cos((scaled - theta) * static_cast<long double>(delta));
    }
    return sum / 64;
}

long long firstBelow(long double level) {
    for (long long d = 0; d < 131072; ++d) {
        if (llama31Expectation(d) < level) {
            return d;
        }
    }
    return -1;
}

} // namespace

class TestDoctorFigure : public QObject {
    Q_OBJECT

private slots:
    void llama31AgainstUnscaled() {
        const rope::io::ModelConfigResult m = rope::io::loadPreset(QStringLiteral("llama-3.1-8b"));
        QVERIFY(m.ok());
        const FigureData d =
            doctor(m.params, {{QStringLiteral("model"), QStringLiteral("llama-3.1-8b")},
                              {QStringLiteral("context"), 16384}});
        const rope::figures::Readout* first =
            readout(d, QStringLiteral("first Δ with cosine < 0.99"));
        QVERIFY(first != nullptr && first->text.isEmpty());
        // 128 samples estimate E(Δ) to well within ±0.005 here, so the sampled drop lies between
        // the closed form's drops below 0.995 and below 0.985.
        const long long early = firstBelow(0.995L);
        const long long late = firstBelow(0.985L);
        QVERIFY(early > 0 && late > early);
        QVERIFY2(first->value >= early && first->value <= late,
                 qPrintable(
                     QStringLiteral("%1 not in [%2, %3]").arg(first->value).arg(early).arg(late)));
        // The plotted cosine follows E(Δ): a sample correlation of N = 128 pairs has a standard
        // error of about (1 − ρ²)/√N ≤ 0.09, so every point lies within 0.3 and the mean
        // deviation is far smaller; the unscaled model itself (E ≡ 1) is off by up to 0.3.
        QVERIFY(!d.series.empty());
        const rope::figures::Series& curve = d.series.front();
        QVERIFY(curve.x.size() > 50);
        double total = 0;
        for (std::size_t k = 0; k < curve.x.size(); ++k) {
            const double e =
                static_cast<double>(llama31Expectation(static_cast<long long>(curve.x[k])));
            QVERIFY2(
                std::abs(curve.y[k] - e) < 0.3,
                qPrintable(
                    QStringLiteral("Δ = %1: %2 vs %3").arg(curve.x[k]).arg(curve.y[k]).arg(e)));
            total += std::abs(curve.y[k] - e);
        }
        QVERIFY2(total / static_cast<double>(curve.x.size()) < 0.03,
                 qPrintable(QString::number(total / static_cast<double>(curve.x.size()))));
        // Llama 3.1 within 16 k is a correct config: no finding.
        QCOMPARE(readout(d, QStringLiteral("errors"))->value, 0.0);
        QCOMPARE(readout(d, QStringLiteral("warnings"))->value, 0.0);
        QVERIFY2(d.caption.contains(QStringLiteral("no check fired")), qPrintable(d.caption));
    }

    void findingsOfTheModel() {
        // Llama 2 (4096 positions, no scaling) run at 8192: the context error, with its title,
        // evidence, explanation and fix in the caption.
        const rope::io::ModelConfigResult m = rope::io::loadPreset(QStringLiteral("llama-2-7b"));
        const FigureData d =
            doctor(m.params, {{QStringLiteral("model"), QStringLiteral("llama-2-7b")},
                              {QStringLiteral("context"), 8192}});
        QCOMPARE(readout(d, QStringLiteral("errors"))->value, 1.0);
        for (const QString& part : {QStringLiteral("[context-beyond-trained]"),
                                    QStringLiteral("max_position_embeddings = 4096"),
                                    QStringLiteral("context = 8192"), QStringLiteral("Fix: ")}) {
            QVERIFY2(d.caption.contains(part), qPrintable(part));
        }
        // llama.cpp arguments: --rope-freq-scale 8 is the factor where 1/8 belongs.
        const FigureData cpp = doctor(
            m.params, {{QStringLiteral("model"), QStringLiteral("llama-2-7b")},
                       {QStringLiteral("engine"), QStringLiteral("llama.cpp")},
                       {QStringLiteral("engine-args"), QStringLiteral("--rope-freq-scale 8")}});
        QVERIFY(cpp.caption.contains(QStringLiteral("[freq-scale-is-factor]")));
    }

    // The engine view under the findings: gpt-oss-20b at context 4096. The numbers are those
    // of tests/io/reference/engines_reference.py (transformers' unrounded YaRN correction range
    // [8.09, 17.40] against ggml's [8, 18]): pair 17 differs by 76.27 %, the scores part at
    // Δ = 57, and no flag closes it. Qwen2.5 with YaRN (truncate default) agrees.
    void engineViewOfTheModel() {
        const rope::io::ModelConfigResult m = rope::io::loadPreset(QStringLiteral("gpt-oss-20b"));
        const FigureData d =
            doctor(m.params, {{QStringLiteral("model"), QStringLiteral("gpt-oss-20b")},
                              {QStringLiteral("context"), 4096}});
        for (const QString& part :
             {QStringLiteral("transformers against llama.cpp at context 4096:"),
              QStringLiteral("largest θ difference 76.27 % (layer 0, pair 17)"),
              QStringLiteral("from Δ = 57 (layer 0)"), QStringLiteral("Fix: truncate: none")}) {
            QVERIFY2(d.caption.contains(part), qPrintable(d.caption));
        }
        const rope::io::ModelConfigResult q =
            rope::io::loadPreset(QStringLiteral("qwen2.5-7b-yarn"));
        const FigureData same =
            doctor(q.params, {{QStringLiteral("model"), QStringLiteral("qwen2.5-7b-yarn")},
                              {QStringLiteral("context"), 4096}});
        QVERIFY2(same.caption.contains(QStringLiteral("the same θ, magnitude")),
                 qPrintable(same.caption));
    }

    // The engines view draws what the engine view says, with the same independent numbers
    // (tests/io/reference/engines_reference.py): for gpt-oss-20b at 4096 the layer shown is 0,
    // its θ differ most at pair 17 (76.27 %), and the score difference first leaves ±0.001 at
    // Δ = 57 — inside the tolerance at every drawn Δ below it, outside at 57. Qwen2.5 with YaRN
    // never parts. Without a model the view says to load one.
    void enginesViewDrawsTheComparison() {
        const rope::io::ModelConfigResult m = rope::io::loadPreset(QStringLiteral("gpt-oss-20b"));
        const FigureData d =
            doctor(m.params, {{QStringLiteral("model"), QStringLiteral("gpt-oss-20b")},
                              {QStringLiteral("context"), 4096},
                              {QStringLiteral("view"), QStringLiteral("engines")}});
        const rope::figures::Readout* layer = readout(d, QStringLiteral("layer shown"));
        QVERIFY(layer != nullptr);
        QCOMPARE(layer->value, 0.0);
        const rope::figures::Readout* theta =
            readout(d, QStringLiteral("largest θ difference, this layer"));
        QVERIFY(theta != nullptr);
        QVERIFY2(std::abs(theta->value - 76.27) < 0.01, qPrintable(QString::number(theta->value)));
        const rope::figures::Readout* parts = readout(d, QStringLiteral("the scores part from Δ"));
        QVERIFY(parts != nullptr);
        QCOMPARE(parts->value, 57.0);
        const auto series = [](const std::vector<rope::figures::Series>& all, const char* id) {
            for (const rope::figures::Series& s : all) {
                if (s.id == QLatin1String(id)) {
                    return &s;
                }
            }
            return static_cast<const rope::figures::Series*>(nullptr);
        };
        const rope::figures::Series* gap = series(d.series, "score-difference");
        QVERIFY(gap != nullptr && !gap->x.empty());
        bool at57 = false;
        for (std::size_t k = 0; k < gap->x.size(); ++k) {
            if (gap->x[k] < 57) {
                QVERIFY2(std::abs(gap->y[k]) <= 1e-3, qPrintable(QString::number(gap->x[k])));
            } else if (gap->x[k] == 57) {
                at57 = true;
                QVERIFY(std::abs(gap->y[k]) > 1e-3);
            }
        }
        const rope::figures::Series* mark = series(d.series, "scores-part");
        QVERIFY(mark != nullptr);
        QCOMPARE(mark->x, std::vector<double>{57.0});
        QVERIFY(at57 || gap->x.back() < 57); // drawn at 57 when the sampling reaches it
        QVERIFY(d.side.has_value());
        const rope::figures::Series* pairs = series(d.side->series, "theta-difference");
        QVERIFY(pairs != nullptr && !pairs->y.empty());
        const auto top = std::max_element(pairs->y.begin(), pairs->y.end());
        QCOMPARE(pairs->x[static_cast<std::size_t>(top - pairs->y.begin())], 17.0);
        QVERIFY(std::abs(*top - 76.27) < 0.01);

        const rope::io::ModelConfigResult q =
            rope::io::loadPreset(QStringLiteral("qwen2.5-7b-yarn"));
        const FigureData same =
            doctor(q.params, {{QStringLiteral("model"), QStringLiteral("qwen2.5-7b-yarn")},
                              {QStringLiteral("context"), 4096},
                              {QStringLiteral("view"), QStringLiteral("engines")}});
        const rope::figures::Readout* never = readout(same, QStringLiteral("the scores part from Δ"));
        QVERIFY(never != nullptr && !never->text.isEmpty());
        QVERIFY(series(same.series, "scores-part") == nullptr);

        const FigureData none =
            doctor(rope::RopeParams{}, {{QStringLiteral("view"), QStringLiteral("engines")}});
        QVERIFY(none.series.empty());
        QCOMPARE(none.labels.size(), std::size_t{1});
    }

    void identicalAndIncomparable() {
        rope::RopeParams p;
        // No model: the parameters themselves; unscaled against unscaled never drops.
        const FigureData same = doctor(p, {});
        const rope::figures::Readout* first =
            readout(same, QStringLiteral("first Δ with cosine < 0.99"));
        QVERIFY(first != nullptr && !first->text.isEmpty());
        // Another head dimension (GPT-NeoX 20B, d = 96) is named, not thrown: the findings stay.
        const FigureData other =
            doctor(p, {{QStringLiteral("compare-with"), QStringLiteral("gpt-neox-20b")}});
        QVERIFY2(other.caption.contains(QStringLiteral("Not compared")), qPrintable(other.caption));
        // An unknown source is refused by name.
        QVERIFY_THROWS_EXCEPTION(
            rope::InvalidParameter,
            doctor(p, {{QStringLiteral("compare-with"), QStringLiteral("no-such-model")}}));
    }
};

QTEST_GUILESS_MAIN(TestDoctorFigure)
#include "tst_doctor_figure.moc"
