// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The guided course is data: every shipped step loads, opens an existing panel with valid
// options and parameters, and has a finite answer computed by the core, hints that fire on
// their typical wrong answers and a worked solution in English and Chinese. Answers are
// recomputed here independently, from closed forms or long-double scans (the base-bound
// islands); a broken file is refused with a message naming the file, the step and the field.
#include "figures/course.h"
#include "figures/figure_registry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <set>
#include <vector>

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
    const CourseStep& s = step(id);
    if (s.kind == CourseKind::Number && !s.requirement) {
        // The stated tolerance accepts the independent value and refuses one just outside it.
        QVERIFY(isCourseAnswerCorrect(s, static_cast<double>(expected)));
        QVERIFY(!isCourseAnswerCorrect(s, static_cast<double>(expected) + 2 * s.tolerance + 1e-6));
    }
}

// The verdict on a typed number (with the requirement computed as rope-cli does).
CourseVerdict judgeNumber(const CourseStep& s, double x) {
    CourseResponse r;
    r.number = x;
    const double expected = courseAnswer(s);
    std::optional<double> requirement;
    if (const auto req = courseRequirementStep(s, x);
        req && isCourseAnswerCorrect(s, x, expected)) {
        requirement = courseAnswer(*req);
    }
    return judgeCourseAnswer(s, r, expected, requirement);
}

CourseVerdict judgeChoice(const CourseStep& s, const char* choice) {
    CourseResponse r;
    r.choice = QString::fromLatin1(choice);
    return judgeCourseAnswer(s, r, courseAnswer(s));
}

// A typed wrong answer gets the hint \p hint.
void expectHint(const char* id, double wrong, const char* hint) {
    const CourseVerdict v = judgeNumber(step(id), wrong);
    QVERIFY2(!v.correct && v.hint == QLatin1String(hint),
             qPrintable(QStringLiteral("%1 at %2: correct %3, hint '%4', expected '%5'")
                            .arg(QLatin1String(id))
                            .arg(wrong, 0, 'g', 10)
                            .arg(v.correct)
                            .arg(v.hint, QLatin1String(hint))));
}

// First m < limit with Σcos(mθ_i) < 0 in long double, or limit.
long long firstNegative(long double base, int dim, long long limit) {
    std::vector<long double> thetas;
    for (int i = 0; i < dim / 2; ++i) {
        thetas.push_back(theta(base, dim, i));
    }
    for (long long m = 0; m < limit; ++m) {
        long double sum = 0;
        for (const long double t : thetas) {
            sum += std::cos(static_cast<long double>(m) * t);
        }
        if (sum < 0) {
            return m;
        }
    }
    return limit;
}

QString writeCourse(const QTemporaryDir& dir, const QByteArray& stepJson) {
    const QString path = dir.filePath(QStringLiteral("course.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        qFatal("cannot write %s", qPrintable(path));
    }
    file.write(R"({"format": "rope-explorer-course", "version": 2, "steps": [)" + stepJson + "]}");
    return path;
}

const QByteArray kGoodStep =
    R"({"id": "a-step", "panel": "heatmap", "kind": "number", "params": {"dim": 64}, "options": {"quantity": "sin"},
        "answer": {"function": "pair-wavelength", "args": {"base": 10000, "dim": 64, "pair": 0}},
        "tolerance": 0.01, "hints": [{"id": "h", "min": 1, "max": 2}],
        "text": {"en": {"title": "t", "task": "k", "question": "q", "hints": {"h": "x {{value}}"}, "solution": "a\nb\ne {{answer}}"}}})";

const QByteArray kChoiceStep =
    R"({"id": "c-step", "panel": "heatmap", "kind": "choice",
        "answer": {"function": "pair-wavelength", "args": {"base": 10000, "dim": 64, "pair": 0}},
        "choices": [{"id": "short", "max": 10}, {"id": "long", "min": 10}],
        "hints": [{"id": "h", "choice": "long"}],
        "text": {"en": {"title": "t", "task": "k", "question": "q", "choices": {"short": "s", "long": "l"}, "hints": {"h": "x"}, "solution": "a\nb\n{{answer}}"}}})";

} // namespace

class TestCourse : public QObject {
    Q_OBJECT

private slots:
    void courseIsLongEnoughCoversFourteenPanelsInOrder() {
        const std::vector<CourseStep>& steps = builtinCourse();
        QVERIFY(steps.size() >= 28);
        QStringList panels; // in order of first appearance
        for (const CourseStep& s : steps) {
            if (!panels.contains(s.panel)) {
                panels << s.panel;
            }
        }
        QVERIFY2(panels.size() >= 14, qPrintable(panels.join(u',')));
        // Why positions matter first, then the order of a class: the derivation, rotation,
        // frequencies, decay, the base bound, extension, the numerics and kernels, 2D RoPE,
        // M-RoPE and the KV cache; the alternatives to RoPE and trained weights come last, as
        // applications.
        QCOMPARE(steps.front().id, QStringLiteral("attention-permutation"));
        const QStringList order = {QStringLiteral("attention"),  QStringLiteral("absolute"),
                                   QStringLiteral("derivation"), QStringLiteral("rotation"),
                                   QStringLiteral("identity"),   QStringLiteral("heatmap"),
                                   QStringLiteral("decay"),      QStringLiteral("base-bound"),
                                   QStringLiteral("extension"),  QStringLiteral("precision"),
                                   QStringLiteral("layouts"),    QStringLiteral("batch"),
                                   QStringLiteral("rope-2d"),    QStringLiteral("mrope"),
                                   QStringLiteral("kv-cache"),   QStringLiteral("position-schemes"),
                                   QStringLiteral("weights")};
        QCOMPARE(panels, order);
        // A step that uses a panel again stays with its topic: the YaRN factor (attention panel)
        // right after the extension steps, p-RoPE (heatmap panel) among the alternatives.
        const auto indexOf = [&steps](const char* id) {
            for (std::size_t i = 0; i < steps.size(); ++i) {
                if (steps[i].id == QLatin1String(id)) {
                    return int(i);
                }
            }
            return -1;
        };
        QCOMPARE(indexOf("attention-yarn-factor"), indexOf("extension-llama3") + 1);
        QVERIFY(indexOf("prope-rotating-pairs") > indexOf("schemes-relative-diagonals"));
        QVERIFY(indexOf("prope-rotating-pairs") < indexOf("weights-slow-pairs"));
        QCOMPARE(steps.back().id, QStringLiteral("weights-slow-pairs"));
        // Every kind is used.
        QSet<int> kinds;
        for (const CourseStep& s : steps) {
            kinds.insert(int(s.kind));
        }
        QCOMPARE(kinds.size(), 4);
    }

    void everyStepLoadsComputesAndHasBothLanguages_data() {
        QTest::addColumn<QString>("id");
        for (const CourseStep& s : builtinCourse()) {
            QTest::newRow(qPrintable(s.id)) << s.id;
        }
    }

    void everyStepLoadsComputesAndHasBothLanguages() {
        QFETCH(QString, id);
        const CourseStep& s = *findCourseStep(builtinCourse(), id);
        const Figure* figure = findFigure(s.panel.toStdString());
        QVERIFY(figure != nullptr);
        QVERIFY(checkOptions(s.panel, figure->options(), s.options).problems.isEmpty());
        // The measured panel's exact half only: its timing runs are not part of the step.
        const FigureData data = figure->job != nullptr && figure->job->timed
                                    ? figure->job->compose(s.params, s.options, nullptr)
                                    : figureData(*figure, s.params, s.options);
        Q_UNUSED(data);
        const double answer = courseAnswer(s);
        QVERIFY(std::isfinite(answer));
        if (s.answeredByChoice()) {
            int holding = 0;
            for (const CourseChoice& c : s.choices) {
                holding += c.when.contains(answer) ? 1 : 0;
            }
            QCOMPARE(holding, 1); // exactly one choice is right
            QVERIFY(judgeChoice(s, qPrintable(correctCourseChoice(s, answer))).correct);
        } else if (s.kind == CourseKind::Find) {
            // The prepared state is not yet the goal: the student has to move.
            CourseResponse r;
            r.number = answer;
            QVERIFY(!judgeCourseAnswer(s, r, answer).correct);
        } else if (!s.requirement) {
            QVERIFY(isCourseAnswerCorrect(s, answer));
        }
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            QVERIFY2(s.texts.contains(language), qPrintable(language));
            const CourseText& raw = s.texts[language];
            // A worked solution of 3–6 lines whose number is computed, not typed.
            const qsizetype lines = raw.solution.count(u'\n') + 1;
            QVERIFY2(lines >= 3 && lines <= 6, qPrintable(raw.solution));
            QVERIFY2(raw.solution.contains(QStringLiteral("{{answer}}")), qPrintable(raw.solution));
            for (const CourseChoice& c : s.choices) {
                QVERIFY(!raw.choices.value(c.id).isEmpty());
            }
            for (const CourseHint& h : s.hints) {
                QVERIFY(!raw.hints.value(h.id).isEmpty());
            }
            const CourseText text = s.text(language, answer);
            QVERIFY(!text.question.isEmpty());
            QVERIFY2(!text.solution.contains(QStringLiteral("{{")), qPrintable(text.solution));
        }
        QVERIFY(s.texts[QStringLiteral("zh_CN")].question !=
                s.texts[QStringLiteral("en")].question);
    }

    void chineseTextsSayCiyuanNotToken() {
        // 词元 is the Chinese word for a token, as in the lessons.
        static const QRegularExpression token(QStringLiteral("\\btokens?\\b"),
                                              QRegularExpression::CaseInsensitiveOption);
        for (const CourseStep& s : builtinCourse()) {
            const CourseText t = s.text(QStringLiteral("zh_CN"), 0);
            QStringList texts = {t.title, t.task, t.question, t.solution};
            texts << t.choices.values() << t.hints.values();
            for (const QString& text : texts) {
                QVERIFY2(!token.match(text).hasMatch(),
                         qPrintable(s.id + QStringLiteral(": ") + text));
            }
        }
    }

    void hintIdsAreUniqueWithinEveryStep() {
        // A hint's text is found by its id, so a repeated id within a step would give a second
        // wrong answer the first one's explanation. Read from the shipped file itself, not
        // through the loader (which refuses the repetition), so the defect is named here.
        QFile file(QStringLiteral(":/course/course.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray steps =
            QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("steps")).toArray();
        QVERIFY(steps.size() >= 28);
        for (const QJsonValue& v : steps) {
            const QJsonObject o = v.toObject();
            QSet<QString> seen;
            for (const QJsonValue& h : o.value(QStringLiteral("hints")).toArray()) {
                const QString id = h.toObject().value(QStringLiteral("id")).toString();
                QVERIFY2(!seen.contains(id),
                         qPrintable(o.value(QStringLiteral("id")).toString() + QStringLiteral(": ") + id));
                seen.insert(id);
            }
        }
    }

    void everyHintFiresOnItsWrongAnswer_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("hint");
        for (const CourseStep& s : builtinCourse()) {
            for (int h = 0; h < int(s.hints.size()); ++h) {
                QTest::addRow("%s-%d", qPrintable(s.id), h) << s.id << h;
            }
        }
    }

    void everyHintFiresOnItsWrongAnswer() {
        QFETCH(QString, id);
        QFETCH(int, hint);
        const CourseStep& s = *findCourseStep(builtinCourse(), id);
        const CourseHint& h = s.hints[std::size_t(hint)];
        if (!h.choice.isEmpty()) {
            const CourseVerdict v = judgeChoice(s, qPrintable(h.choice));
            QVERIFY(!v.correct);
            QCOMPARE(v.hint, h.id);
        } else if (h.range) {
            // A value inside the hint's range: its middle, or an end when the other is open.
            const double x = std::isfinite(h.range->min) && std::isfinite(h.range->max)
                                 ? (h.range->min + h.range->max) / 2
                                 : (std::isfinite(h.range->min) ? h.range->min : h.range->max);
            CourseVerdict v;
            if (s.kind == CourseKind::Find) {
                CourseResponse r;
                r.number = x;
                v = judgeCourseAnswer(s, r, courseAnswer(s));
            } else {
                v = judgeNumber(s, x);
            }
            QVERIFY2(!v.correct, qPrintable(QString::number(x)));
            QCOMPARE(v.hint, h.id);
        } else {
            QVERIFY(h.failing); // checked with the islands below
        }
    }

    void typicalWrongAnswersGetTheirHints() {
        // Radians instead of degrees; not reduced modulo 360°.
        expectHint("rotation-angle-pair-0", 3, "radians");
        expectHint("rotation-angle-pair-16", 10, "radians");
        expectHint("rotation-angle-pair-16", static_cast<double>(1000 / kPi * 18 / 10 * 10 / 10),
                   "unreduced"); // 10 rad = 572.96°
        expectHint("rotation-angle-pair-16", static_cast<double>(10 - 2 * kPi), "radians-reduced");
        // Off by one pair: pair 15 or pair 17 at m = 100.
        expectHint("rotation-angle-pair-16",
                   static_cast<double>(std::fmod(100 * theta(10000, 128, 15), 2 * kPi) * 180 / kPi),
                   "pair-15");
        expectHint("rotation-angle-pair-16",
                   static_cast<double>(std::fmod(100 * theta(10000, 128, 17), 2 * kPi) * 180 / kPi),
                   "pair-17");
        expectHint("heatmap-first-slow-pair", 45, "off-by-one");
        expectHint("layouts-half-index", 4, "off-by-one");
        expectHint("base-bound-first-negative", 1706, "last-good");
        // The quarter-turn rule for L = 32 768: L·b^(−(d−2)/d) = π/2 ⇒ b = (2L/π)^(d/(d−2)).
        expectHint("base-bound-minimal-base",
                   static_cast<double>(std::pow(2 * 32768 / kPi, 128.0L / 126)), "quarter-turn");
        expectHint("base-bound-minimal-base", 500000, "llama");
        // Factor instead of 1/factor.
        QCOMPARE(judgeChoice(step("extension-linear"), "four").hint, QStringLiteral("four"));
        QCOMPARE(judgeChoice(step("extension-linear"), "one").hint, QStringLiteral("one"));
        expectHint("extension-llama3", static_cast<double>(2 * kPi / theta(500000, 128, 63) / 8),
                   "inverse");
        // YaRN's factor: a on both q and k is a² on the logit; a rotation keeps the scale.
        QCOMPARE(judgeChoice(step("attention-yarn-factor"), "grow-a").hint, QStringLiteral("grow-a"));
        QCOMPARE(judgeChoice(step("attention-yarn-factor"), "cancel").hint, QStringLiteral("cancel"));
        // NTK: b·s exactly stretches pair 32 by exactly √s; linear by s.
        QCOMPARE(judgeChoice(step("extension-ntk"), "exactly-sqrt").hint,
                 QStringLiteral("exactly-sqrt"));
        QCOMPARE(judgeChoice(step("extension-ntk"), "times-s").hint, QStringLiteral("times-s"));
        // A correct answer gets no hint.
        QVERIFY(judgeNumber(step("rotation-angle-pair-0"), 171.9).hint.isEmpty());
    }

    void typicalValuesAreTheShortestNumberInTheHintRange() {
        // The number a student would type: the fewest significant digits near the middle of the
        // range.
        const auto typical = [](const char* id, const char* hint) {
            const CourseStep& s = step(id);
            for (const CourseHint& h : s.hints) {
                if (h.id == QLatin1String(hint)) {
                    return courseHintTypicalValue(s, h, courseAnswer(s));
                }
            }
            return -1.0;
        };
        QCOMPARE(typical("rotation-angle-pair-0", "radians"), 3.0);          // 2.9 … 3.1
        QCOMPARE(typical("rotation-angle-pair-16", "unreduced"), 573.0);     // 572 … 574
        QCOMPARE(typical("rotation-angle-pair-16", "radians-reduced"), 3.7); // 3.6 … 3.8
        QCOMPARE(typical("rotation-angle-pair-16", "pair-17"), 136.0);       // 135.5 … 137
        QCOMPARE(typical("heatmap-first-slow-pair", "too-far"), 48.0);       // 46.5 … 48.5
        QCOMPARE(typical("extension-llama3", "inverse"), 320000.0); // 3·10⁵ … 3.4·10⁵
        QCOMPARE(typical("base-bound-minimal-base", "quarter-turn"), 24400.0); // 24 000 … 24 800
        QCOMPARE(typical("base-bound-first-negative", "quarter-turn"), 13600.0); // 13 000 … 14 200
        QCOMPARE(typical("precision-bf16-positions", "exact-only"), 257.0);      // 256 … 257
        QCOMPARE(typical("base-bound-minimal-base", "llama"), 500000.0);     // 499 000 … 501 000
        // A find step's one-sided hint shows the value at the state the step prepares:
        // λ_32 = 2π·√10 000 at b = 10 000.
        QCOMPARE(typical("heatmap-find-base", "not-yet"), static_cast<double>(200 * kPi));
        // A hint keyed to a choice has no number.
        QVERIFY(std::isnan(typical("attention-permutation", "later")));
    }

    void everyHintReadsWithoutATypedAnswer_data() { everyHintFiresOnItsWrongAnswer_data(); }

    void everyHintReadsWithoutATypedAnswer() {
        // The handout prints each hint with its typical value: no placeholder, no "nan".
        QFETCH(QString, id);
        QFETCH(int, hint);
        const CourseStep& s = *findCourseStep(builtinCourse(), id);
        const CourseHint& h = s.hints[std::size_t(hint)];
        const double answer = courseAnswer(s);
        for (const QString& language : s.texts.keys()) {
            const QString text =
                courseHintText(s, h.id, language, courseHintTypicalValue(s, h, answer), answer);
            QVERIFY2(!text.contains(QStringLiteral("{{")) &&
                         !text.contains(QStringLiteral("nan"), Qt::CaseInsensitive),
                     qPrintable(language + QStringLiteral(": ") + text));
        }
    }

    void answersAreTheClosedForms() {
        // λ_i = 2π·b^(2i/d).
        expectClose("absolute-slowest-wavelength", 2 * kPi / theta(10000, 64, 31), 1e-6L);
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
        // Liu et al.'s d_extra at b = 10⁶, by hand: 64·log10(4096/2π)/6 = 64·2.8142/6 = 30.02,
        // 2·⌈30.02⌉ = 62.
        expectClose("heatmap-critical-dimension", 62, 0);
        // At the start of the find step (b = 10 000) pair 32 has 2π·√b.
        expectClose("heatmap-find-base", 2 * kPi * 100, 1e-9L);
        // Interleaved element k = 2i + 1 sits at d/2 + i in the rotate-half layout.
        expectClose("layouts-half-index", 8 / 2 + 1, 0);
        QVERIFY(courseAnswer(step("identity-relativity")) <= 1e-12);
        QCOMPARE(correctCourseChoice(step("identity-relativity"),
                                     courseAnswer(step("identity-relativity"))),
                 QStringLiteral("equal"));
        // Linear: θ/s; NTK-aware (bloc97): b' = b·s^(d/(d−2)); Llama 3.1 low band: θ/s.
        expectClose("extension-linear", 4 * 2 * kPi, 1e-9L);
        const long double ntkBase = 10000 * std::pow(4.0L, 128.0L / 126);
        expectClose("extension-ntk", 2 * kPi / theta(ntkBase, 128, 32), 1e-6L);
        // The stretch of pair 32 is 4^(64/126) ≈ 2.022: a little more than √s, not exactly it.
        QCOMPARE(correctCourseChoice(step("extension-ntk"), courseAnswer(step("extension-ntk"))),
                 QStringLiteral("a-bit-more"));
        expectClose("extension-ntk-fast-pair", 2 * kPi, 1e-12L);
        expectClose("extension-llama3", 8 * 2 * kPi / theta(500000, 128, 63), 1e-3L);
        // YaRN (transformers get_mscale): 0.1·ln s + 1.
        expectClose("attention-yarn-factor", 0.1L * std::log(4.0L) + 1, 1e-12L);
        QCOMPARE(correctCourseChoice(step("attention-yarn-factor"),
                                     courseAnswer(step("attention-yarn-factor"))),
                 QStringLiteral("sharpen"));
        // bfloat16 near 10 000 ∈ [2^13, 2^14): 2^(13−7).
        expectClose("precision-bf16-spacing", 64, 0);
        std::set<long double> distinct;
        for (int m = 0; m < 16384; ++m) {
            distinct.insert(roundBf16(m));
        }
        expectClose("precision-bf16-positions", static_cast<long double>(distinct.size()), 0);
        // 2·4 bytes·4096 rows·64 pairs = 2 MiB; rotary dim 64 → 32 pairs.
        expectClose("batch-table-size", 2.0L * 4 * 4096 * 64 / (1024 * 1024), 1e-12L);
        expectClose("prope-rotating-pairs", 64 / 2, 0);
        // mrope_section [16, 24, 24] in blocks: pair 20 ∈ [16, 40) is height (1); interleaved
        // [24, 20, 20]: 20 mod 3 = 2 and 20 < 3·20 → width (2).
        expectClose("mrope-axis-blocks", 1, 0);
        expectClose("mrope-axis-interleaved", 2, 0);
        // Permutation: no encoding gives equal outputs; RoPE does not.
        QCOMPARE(courseAnswer(step("attention-permutation")), 0.0);
        QVERIFY(courseAnswer(step("attention-rope-tells-apart")) > 1e-6);
        // Sinusoidal PE shifts linearly, integer PE does not (W·PE(0) = 0 ≠ PE(3)).
        QVERIFY(courseAnswer(step("absolute-sinusoidal-shift")) < 1e-9);
        QVERIFY(courseAnswer(step("absolute-integer-affine")) > 1e-3);
        QVERIFY(courseAnswer(step("rotation-keeps-length")) < 1e-9);
        QVERIFY(courseAnswer(step("rope-2d-relative")) < 1e-9);
        QCOMPARE(courseAnswer(step("rope-2d-commuting")), 0.0);
        // ALiBi, 12 heads (Press et al.): heads 9–12 take the odd slopes of 16 heads, 2^(−h/2),
        // so head 10 has 2^(−3/2).
        expectClose("schemes-alibi-slope", std::pow(2.0L, -1.5L), 1e-15L);
        QCOMPARE(correctCourseChoice(step("schemes-alibi-slope"),
                                     courseAnswer(step("schemes-alibi-slope"))),
                 QStringLiteral("odd-of-16"));
        // RoPE on one repeated token: q·R(j − i)k, constant along diagonals (rounding only);
        // NoPE's causal mask makes reversal change outputs.
        QVERIFY(courseAnswer(step("schemes-relative-diagonals")) < 1e-12);
        QVERIFY(courseAnswer(step("schemes-nope-permutation")) > 1e-3);
    }

    void derivationStepsAreTheClosedForms() {
        // θ_0 = 1 rad: the first p with |p − 2πk| ≤ 2° for some k ≥ 1, by a long-double scan.
        long long gap = 0;
        for (long long p = 4; p < 4096 && gap == 0; ++p) {
            const long double turns = std::nearbyint(p / (2 * kPi));
            if (std::abs(p - 2 * kPi * turns) <= 2 * kPi / 180) {
                gap = p;
            }
        }
        QCOMPARE(gap, 44LL); // by hand: 44 − 14π ≈ 0.0177 rad ≈ 1.01°; p = 6, 19, 25 miss
        expectClose("derivation-one-theta", gap, 0);
        expectHint("derivation-one-theta", static_cast<double>(2 * kPi), "period");
        expectHint("derivation-one-theta", 360, "degrees");
        expectHint("derivation-one-theta", 333, "one-degree");
        expectHint("derivation-one-theta", 710, "closest");
        // ⟨R_(m+s) q, R_(n+s) k⟩ = qᵀR_(n−m)k: shifting both positions changes nothing (the
        // scores reach ≈ 3.6·10⁵ for q = (1, …, 128): 10⁻⁶ is a relative 3·10⁻¹², rounding).
        QVERIFY(courseAnswer(step("derivation-shift-both")) < 1e-6);
        QCOMPARE(correctCourseChoice(step("derivation-shift-both"),
                                     courseAnswer(step("derivation-shift-both"))),
                 QStringLiteral("same"));
        // sin-only: Σ_i c_i·sin(mθ_i)sin(nθ_i) with c_i = q_2i·k_2i + q_2i+1·k_2i+1 for
        // q = (1, …, d), k = (d, …, 1); by ½[cos((m−n)θ) − cos((m+n)θ)] the shift by s changes
        // it by ½Σ_i c_i·[cos((m+n)θ_i) − cos((m+n+2s)θ_i)].
        const int d = 128;
        const long double m = 5, n = 2, s = 10;
        long double change = 0;
        for (int i = 0; i < d / 2; ++i) {
            const long double c = static_cast<long double>(2 * i + 1) * (d - 2 * i) +
                                  static_cast<long double>(2 * i + 2) * (d - 2 * i - 1);
            const long double t = theta(10000, d, i);
            change += c / 2 * (std::cos((m + n) * t) - std::cos((m + n + 2 * s) * t));
        }
        expectClose("derivation-sin-alone", std::abs(change), 1e-9L * std::abs(change));
        QVERIFY(std::abs(change) > 1);
        QCOMPARE(correctCourseChoice(step("derivation-sin-alone"), double(std::abs(change))),
                 QStringLiteral("changes"));
        QCOMPARE(judgeChoice(step("derivation-sin-alone"), "cos-redundant").hint,
                 QStringLiteral("cos-redundant"));
    }

    void meanCosineRisesAgainBelowAThousand() {
        // (2/d)·Σcos(rθ_i) in long double: some r < 1000 has a larger value at r + 1.
        const double rises = courseAnswer(step("decay-on-average"));
        long long independent = 0;
        for (long long r = 1; r < 1000; ++r) {
            independent += cosineSum(10000, 128, r + 1) > cosineSum(10000, 128, r) ? 1 : 0;
        }
        QCOMPARE(static_cast<long long>(rises), independent);
        QVERIFY(independent > 0);
        QCOMPARE(correctCourseChoice(step("decay-on-average"), rises), QStringLiteral("ripples"));
    }

    void kvCacheScoresDifferAsDynamicNtkSays() {
        // b'(ℓ) = b·(s·max(ℓ, L₀)/L₀ − (s − 1))^(D/(D−2)); the key cached at C = 2048 ≤ L₀ kept b.
        const long double s = 4, L0 = 4096, L = 16384, D = 128, m = 16000, n = 100;
        const long double bNow = 10000 * std::pow(s * L / L0 - (s - 1), D / (D - 2));
        long double fresh = 0, cached = 0;
        for (int i = 0; i < 64; ++i) {
            fresh += std::cos((m - n) * theta(bNow, 128, i));
            cached += std::cos(m * theta(bNow, 128, i) - n * theta(10000, 128, i));
        }
        const long double gap = std::abs(fresh - cached) * 2 / D;
        expectClose("kv-cache-dynamic-ntk", gap, 1e-9L);
        QCOMPARE(correctCourseChoice(step("kv-cache-dynamic-ntk"), double(gap)),
                 QStringLiteral("different"));
    }

    void firstNegativeDistanceIsTheFirstNegativeSum() {
        const long long m = static_cast<long long>(courseAnswer(step("base-bound-first-negative")));
        QCOMPARE(firstNegative(10000, 128, 1000000), m);
    }

    void theQuarterTurnRuleIsAHeuristic() {
        // π/(2θ_min) at b = 5·10⁵ is ≈ 6.4·10⁵, yet Σcos < 0 already at m = 18 438.
        QVERIFY(kPi / 2 * std::pow(500000.0L, 126.0L / 128) > 600000);
        const long long m = firstNegative(500000, 128, 32768);
        QCOMPARE(m, 18438LL);
        expectClose("base-bound-quarter-turn", m, 0);
        QCOMPARE(correctCourseChoice(step("base-bound-quarter-turn"), double(m)),
                 QStringLiteral("no"));
        QCOMPARE(judgeChoice(step("base-bound-quarter-turn"), "yes").hint, QStringLiteral("rule"));
    }

    void feasibleBasesFormIslands() {
        // Above b* yet infeasible, by a long-double scan of every m < 32 768.
        const CourseStep& s = step("base-bound-minimal-base");
        const long double bStar = courseAnswer(s);
        const long long L = 32768;
        QCOMPARE(firstNegative(500000, 128, L), 18438LL);
        QCOMPARE(firstNegative(624000, 128, L), 21838LL);
        QCOMPARE(firstNegative(635000, 128, L), 27650LL);
        QVERIFY(635000 > bStar);
        // b* (the upper end of the core's bracket) is feasible by the same long-double scan,
        // and every infeasible base is refused even within the tolerance.
        QCOMPARE(firstNegative(bStar, 128, L), L);
        QVERIFY(judgeNumber(s, double(bStar)).correct);
        for (const double b : {500000.0, 624000.0, 635000.0}) {
            const CourseVerdict v = judgeNumber(s, b);
            QVERIFY2(!v.correct, qPrintable(QString::number(b)));
        }
        // Within the tolerance of b* but infeasible: the islands hint.
        QVERIFY(std::abs(635000 - bStar) <= s.tolerance);
        QCOMPARE(judgeNumber(s, 635000).hint, QStringLiteral("infeasible"));
        // The islands step: 635 000 is not feasible, its sum turns negative at 27 650.
        expectClose("base-bound-islands", 27650, 0);
        QCOMPARE(judgeChoice(step("base-bound-islands"), "yes").hint, QStringLiteral("monotone"));
    }

    void findStepsAreCheckedFromThePanelState() {
        // Drag b until the first negative Σcos lies beyond L: b* is reached, 5·10⁵ is not.
        const CourseStep& find = step("base-bound-find-feasible");
        const double bStar = courseAnswer(step("base-bound-minimal-base"));
        rope::RopeParams params = find.params;
        const auto valueAt = [&](double base) {
            params.base = base;
            return courseAnswer(courseStepAtState(find, courseState(params, find.options)));
        };
        CourseResponse r;
        r.number = valueAt(bStar);
        QVERIFY(judgeCourseAnswer(find, r, courseAnswer(find)).correct);
        r.number = valueAt(635000);
        const CourseVerdict v = judgeCourseAnswer(find, r, courseAnswer(find));
        QVERIFY(!v.correct);
        QCOMPARE(v.hint, QStringLiteral("not-yet"));
        QCOMPARE(courseHintText(find, v.hint, QStringLiteral("en"), r.number, 0)
                     .contains(QStringLiteral("27650")),
                 true);
        // Pair 32 passes 4096 tokens when 2π·√b > 4096: b = 4.3·10⁵ yes, 4.2·10⁵ no.
        const CourseStep& heat = step("heatmap-find-base");
        rope::RopeParams hp = heat.params;
        hp.base = 430000;
        r.number = courseAnswer(courseStepAtState(heat, courseState(hp, heat.options)));
        QVERIFY(judgeCourseAnswer(heat, r, 0).correct);
        hp.base = 420000;
        r.number = courseAnswer(courseStepAtState(heat, courseState(hp, heat.options)));
        QVERIFY(!judgeCourseAnswer(heat, r, 0).correct);
        // A state without the key is refused by name.
        QVERIFY_THROWS_EXCEPTION(CourseError, courseStepAtState(heat, {}));
    }

    void goodFilesLoadAndFillTheAnswer() {
        QTemporaryDir dir;
        const std::vector<CourseStep> steps =
            loadCourse(writeCourse(dir, kGoodStep + "," + kChoiceStep));
        QCOMPARE(steps.size(), std::size_t{2});
        QCOMPARE(steps[0].params.headDim, 64);
        QCOMPARE(steps[0].options.value(QStringLiteral("quantity")).toString(),
                 QStringLiteral("sin"));
        // A language without texts falls back to English; the answer is filled in.
        QCOMPARE(steps[0].text(QStringLiteral("zh_CN"), 6.5).solution,
                 QStringLiteral("a\nb\ne 6.5"));
        QCOMPARE(courseHintText(steps[0], QStringLiteral("h"), QStringLiteral("en"), 1.5, 0),
                 QStringLiteral("x 1.5"));
        // 2π < 10: "short" is right, "long" gets its hint.
        QCOMPARE(correctCourseChoice(steps[1], courseAnswer(steps[1])), QStringLiteral("short"));
        QCOMPARE(judgeChoice(steps[1], "long").hint, QStringLiteral("h"));
    }

    void badFilesAreRefusedNamingTheField_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        auto with = [](const char* from, const char* to, const QByteArray& base = kGoodStep) {
            QByteArray s = base;
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
        QTest::newRow("unknown-kind")
            << with(R"("number")", R"("essay")") << "kind: unknown kind 'essay'";
        QTest::newRow("no-hints") << with(R"([{"id": "h", "min": 1, "max": 2}])", "[]")
                                  << "hints: every step has hints";
        QTest::newRow("duplicate-hint-id")
            << with(R"([{"id": "h", "min": 1, "max": 2}])",
                    R"([{"id": "h", "min": 1, "max": 2}, {"id": "h", "min": 3, "max": 4}])")
            << "hints.h: duplicate hint id";
        QTest::newRow("hint-without-text")
            << with(R"("hints": {"h": "x {{value}}"})", R"("hints": {})") << "text.en.hints.h:";
        QTest::newRow("no-solution")
            << with(R"(, "solution": "a\nb\ne {{answer}}")", "") << "text.en.solution:";
        QTest::newRow("one-choice") << with(R"(, {"id": "long", "min": 10})", "", kChoiceStep)
                                    << "choices: a choice step needs two";
        QTest::newRow("hint-unknown-choice")
            << with(R"("choice": "long")", R"("choice": "longer")", kChoiceStep)
            << "hints.h.choice: no choice 'longer'";
        QTest::newRow("find-without-state")
            << with(R"("kind": "number")", R"("kind": "find")") << "answer.state:";
        QTest::newRow("predict-without-reveal")
            << with(R"("kind": "number")", R"("kind": "predict")")
            << "reveal: a predict step needs one";
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
