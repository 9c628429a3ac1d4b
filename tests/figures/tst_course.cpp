// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The guided course is data: every shipped step loads, opens an existing panel with valid
// options and parameters, and has a finite answer computed by the core. For most steps the
// answer is recomputed here independently from the closed form in long double; a broken file
// is refused with a message naming the file, the step and the field.
#include "figures/course.h"
#include "figures/figure_registry.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <set>

using namespace rope::figures;

namespace {

constexpr long double kPi = 3.14159265358979323846264338327950288L;

long double theta(long double base, int dim, int pair) {
    return std::pow(base, -2.0L * pair / dim);
}

// Rounds to bfloat16 (8 significant bits, round half to even) without the code under test.
long double roundBf16(long double x) {
    if (x == 0) {
        return 0;
    }
    int e = 0;
    const long double mantissa = std::frexp(x, &e); // x = mantissa·2^e, mantissa ∈ [0.5, 1)
    const long double scaled = std::ldexp(mantissa, 8);
    return std::ldexp(std::nearbyint(scaled), e - 8);
}

// Σ_i cos(m·θ_i) for θ_i = b^(−2i/d), long double.
long double cosineSum(long double base, int dim, long long m) {
    long double sum = 0;
    for (int i = 0; i < dim / 2; ++i) {
        sum += std::cos(static_cast<long double>(m) * theta(base, dim, i));
    }
    return sum;
}

const CourseStep& step(const char* id) {
    const CourseStep* s = findCourseStep(builtinCourse(), QString::fromLatin1(id));
    if (s == nullptr) {
        qFatal("no course step %s", id);
    }
    return *s;
}

void expectClose(const char* id, long double expected, long double tolerance) {
    const double answer = courseAnswer(step(id));
    QVERIFY2(std::abs(static_cast<long double>(answer) - expected) <= tolerance,
             qPrintable(QStringLiteral("%1: core %2, independent %3")
                            .arg(QLatin1String(id))
                            .arg(answer, 0, 'g', 17)
                            .arg(static_cast<double>(expected), 0, 'g', 17)));
    // The stated tolerance accepts the independent value and refuses one just outside it.
    const CourseStep& s = step(id);
    QVERIFY(isCourseAnswerCorrect(s, static_cast<double>(expected)));
    QVERIFY(!isCourseAnswerCorrect(s, static_cast<double>(expected) + 2 * s.tolerance + 1e-6));
}

QString writeCourse(const QTemporaryDir& dir, const QByteArray& stepJson) {
    const QString path = dir.filePath(QStringLiteral("course.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        qFatal("cannot write %s", qPrintable(path));
    }
    file.write(R"({"format": "rope-explorer-course", "version": 1, "steps": [)" + stepJson + "]}");
    return path;
}

const QByteArray kGoodStep =
    R"({"id": "a-step", "panel": "heatmap", "params": {"dim": 64}, "options": {"quantity": "sin"},
        "answer": {"function": "pair-wavelength", "args": {"base": 10000, "dim": 64, "pair": 0}},
        "tolerance": 0.01,
        "text": {"en": {"title": "t", "task": "k", "question": "q", "explanation": "e {{answer}}"}}})";

} // namespace

class TestCourse : public QObject {
    Q_OBJECT

private slots:
    void courseIsLongEnoughAndCoversTenPanels() {
        const std::vector<CourseStep>& steps = builtinCourse();
        QVERIFY(steps.size() >= 15);
        QSet<QString> panels;
        for (const CourseStep& s : steps) {
            panels.insert(s.panel);
        }
        QVERIFY2(panels.size() >= 10, qPrintable(QStringList(panels.values()).join(u',')));
    }

    void everyStepOpensItsPanelAndHasAFiniteAnswer_data() {
        QTest::addColumn<QString>("id");
        for (const CourseStep& s : builtinCourse()) {
            QTest::newRow(qPrintable(s.id)) << s.id;
        }
    }

    void everyStepOpensItsPanelAndHasAFiniteAnswer() {
        QFETCH(QString, id);
        const CourseStep& s = *findCourseStep(builtinCourse(), id);
        const Figure* figure = findFigure(s.panel.toStdString());
        QVERIFY(figure != nullptr);
        QVERIFY(checkOptions(s.panel, figure->options(), s.options).problems.isEmpty());
        const FigureData data = figureData(*figure, s.params, s.options);
        Q_UNUSED(data);
        const double answer = courseAnswer(s);
        QVERIFY(std::isfinite(answer));
        QVERIFY(isCourseAnswerCorrect(s, answer));
        const CourseText text = s.text(QStringLiteral("en"), answer);
        QVERIFY(!text.question.isEmpty());
        QVERIFY2(!text.explanation.contains(QStringLiteral("{{")), qPrintable(text.explanation));
    }

    void answersAreTheClosedForms() {
        // λ_i = 2π·b^(2i/d).
        expectClose("absolute-slowest-wavelength", 2 * kPi / theta(10000, 64, 31), 1e-6L);
        expectClose("absolute-fastest-wavelength", 2 * kPi, 1e-12L);
        // Angle m·θ_i reduced to [0°, 360°).
        const auto degrees = [](long double angle) {
            return std::fmod(angle, 2 * kPi) * 180 / kPi;
        };
        expectClose("rotation-angle-pair-0", degrees(3), 1e-9L);
        expectClose("rotation-angle-pair-16", degrees(100 * theta(10000, 128, 16)), 1e-9L);
        // First i with 2π·b^(2i/d) > 4096.
        int first = 0;
        while (2 * kPi / theta(10000, 128, first) <= 4096) {
            ++first;
        }
        QCOMPARE(first, 46); // by hand: i > 64·log10(4096/2π)/4 = 45.03
        expectClose("heatmap-first-slow-pair", first, 0);
        // Interleaved element k = 2i + 1 sits at d/2 + i in the rotate-half layout.
        expectClose("layouts-half-index", 8 / 2 + 1, 0);
        expectClose("identity-relativity", 0, 1e-12L);
        // Mean cosine (2/d)·Σ cos(r·θ_i).
        expectClose("decay-mean-cosine-near", cosineSum(10000, 128, 1) / 64, 1e-12L);
        expectClose("decay-mean-cosine-far", cosineSum(10000, 128, 1000) / 64, 1e-12L);
        // 2π·b^((d−2)/d) and (π/2)·b^((d−2)/d).
        expectClose("base-bound-slowest-period", 2 * kPi * std::pow(10000.0L, 126.0L / 128), 1e-6L);
        expectClose("base-bound-quarter-turn", kPi / 2 * std::pow(500000.0L, 126.0L / 128), 1e-6L);
        // Linear: θ/s; NTK-aware (bloc97): b' = b·s^(d/(d−2)); Llama 3.1 low band: θ/s.
        expectClose("extension-linear", 4 * 2 * kPi, 1e-9L);
        const long double ntkBase = 10000 * std::pow(4.0L, 128.0L / 126);
        expectClose("extension-ntk", 2 * kPi / theta(ntkBase, 128, 32), 1e-6L);
        expectClose("extension-llama3", 8 * 2 * kPi / theta(500000, 128, 63), 1e-3L);
        // YaRN (transformers get_mscale): 0.1·ln s + 1.
        expectClose("attention-yarn-factor", 0.1L * std::log(4.0L) + 1, 1e-12L);
        // bfloat16 near 10 000 ∈ [2^13, 2^14): 2^(13−7).
        expectClose("precision-bf16-spacing", 64, 0);
        std::set<long double> distinct;
        for (int m = 0; m < 16384; ++m) {
            distinct.insert(roundBf16(m));
        }
        expectClose("precision-bf16-positions", static_cast<long double>(distinct.size()), 0);
    }

    void firstNegativeDistanceIsTheFirstNegativeSum() {
        const long long m = static_cast<long long>(courseAnswer(step("base-bound-first-negative")));
        QVERIFY(m > 1);
        QVERIFY(cosineSum(10000, 128, m) < 0);
        for (long long k = 0; k < m; ++k) {
            QVERIFY2(cosineSum(10000, 128, k) >= -1e-12L, qPrintable(QString::number(k)));
        }
    }

    void minimalBaseIsFeasibleAndTheToleranceBelowIsNot() {
        const CourseStep& s = step("base-bound-minimal-base");
        const long double b = courseAnswer(s);
        const long long context = 32768;
        for (long long m = 0; m < context; ++m) {
            QVERIFY2(cosineSum(b, 128, m) >= -1e-9L, qPrintable(QString::number(m)));
        }
        // One tolerance below the answer some distance goes negative: the tolerance is tight
        // enough to tell the bound from a guess.
        bool negative = false;
        for (long long m = 0; m < context && !negative; ++m) {
            negative = cosineSum(b - s.tolerance, 128, m) < 0;
        }
        QVERIFY(negative);
    }

    void goodFileLoadsAndFillsTheAnswer() {
        QTemporaryDir dir;
        const std::vector<CourseStep> steps = loadCourse(writeCourse(dir, kGoodStep));
        QCOMPARE(steps.size(), std::size_t{1});
        QCOMPARE(steps[0].params.headDim, 64);
        QCOMPARE(steps[0].options.value(QStringLiteral("quantity")).toString(),
                 QStringLiteral("sin"));
        // A language without texts falls back to English; the answer is filled in.
        QCOMPARE(steps[0].text(QStringLiteral("zh_CN"), 6.5).explanation, QStringLiteral("e 6.5"));
    }

    void badFilesAreRefusedNamingTheField_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        auto with = [](const char* from, const char* to) {
            QByteArray s = kGoodStep;
            s.replace(from, to);
            return s;
        };
        QTest::newRow("unknown-option")
            << with(R"("quantity": "sin")", R"("bogus": 1)")
            << "step 'a-step': options: panel 'heatmap' has no option 'bogus'";
        QTest::newRow("bad-option-value")
            << with(R"("sin")", R"("tan")") << "step 'a-step': options:";
        QTest::newRow("unknown-panel")
            << with(R"("heatmap")", R"("nope")") << "step 'a-step': panel: no panel 'nope'";
        QTest::newRow("unknown-function") << with("pair-wavelength", "guess")
                                          << "answer.function: unknown answer function 'guess'";
        QTest::newRow("unknown-arg")
            << with(R"("pair": 0)", R"("pair": 0, "x": 1)") << "answer.args.x: unknown key";
        QTest::newRow("missing-arg") << with(R"(, "pair": 0)", "") << "answer.args.pair: missing";
        QTest::newRow("unknown-param")
            << with(R"("dim": 64)", R"("dims": 64)") << "params.dims: unknown key";
        QTest::newRow("bad-param") << with(R"("dim": 64)", R"("dim": 7)") << "params.dim:";
        QTest::newRow("no-english") << with(R"("en")", R"("fr")") << "text.en: missing";
        QTest::newRow("negative-tolerance") << with("0.01", "-1") << "tolerance: expected";
        QTest::newRow("not-kebab") << with("a-step", "A_Step") << "id: 'A_Step' is not kebab-case";
        QTest::newRow("duplicate-id") << kGoodStep + "," + kGoodStep << "id: used twice";
    }

    void badFilesAreRefusedNamingTheField() {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = writeCourse(dir, json);
        try {
            loadCourse(path);
            QFAIL("accepted");
        } catch (const CourseError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains(message) && what.startsWith(path), qPrintable(what));
        }
    }

    void outOfRangeArgumentsNameTheStep() {
        QTemporaryDir dir;
        QByteArray json = kGoodStep;
        json.replace(R"("pair": 0)", R"("pair": 32)");
        const std::vector<CourseStep> steps = loadCourse(writeCourse(dir, json));
        QVERIFY_THROWS_EXCEPTION(CourseError, courseAnswer(steps[0]));
    }
};

QTEST_GUILESS_MAIN(TestCourse)
#include "tst_course.moc"
