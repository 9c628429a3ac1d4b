// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The guided course is data: every shipped step loads, opens an existing panel with valid
// options and parameters, and has a finite answer computed by the core, hints that fire on
// their typical wrong answers and a worked solution in English and Chinese. Answers are
// recomputed here independently, from closed forms or long-double scans (the base-bound
// islands); a broken file is refused with a message naming the file, the step and the field.
#include "core/rope_params.h"
#include "figures/course.h"
#include "figures/figure_registry.h"
#include "figures/option_table.h"
#include "figures/training_lab.h"
#include "figures/training_lab_memo.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <future>
#include <map>
#include <set>
#include <thread>
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
        const double tolerance = courseTolerance(s, static_cast<double>(expected));
        QVERIFY(isCourseAnswerCorrect(s, static_cast<double>(expected)));
        QVERIFY(!isCourseAnswerCorrect(s, static_cast<double>(expected) + 2 * tolerance + 1e-6));
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

// The wrong idea a choice stands for: the choice's range holds the value that idea computes
// (\p slip, worked out here independently), and picking it shows its own hint.
void expectChoiceSlip(const char* id, const char* choice, long double slip) {
    const CourseStep& s = step(id);
    const auto it = std::find_if(s.choices.begin(), s.choices.end(), [&](const CourseChoice& c) {
        return c.id == QLatin1String(choice);
    });
    QVERIFY2(it != s.choices.end(), choice);
    QVERIFY2(it->when.contains(static_cast<double>(slip)),
             qPrintable(QStringLiteral("%1/%2: %3 outside [%4, %5]")
                            .arg(QLatin1String(id), QLatin1String(choice))
                            .arg(static_cast<double>(slip), 0, 'g', 10)
                            .arg(it->when.min)
                            .arg(it->when.max)));
    const CourseVerdict v = judgeChoice(s, choice);
    QVERIFY(!v.correct);
    QCOMPARE(v.hint, QString::fromLatin1(choice));
}

// The choice \p id gets for its computed answer is \p correct.
void expectCorrectChoice(const char* id, const char* correct) {
    const CourseStep& s = step(id);
    QCOMPARE(correctCourseChoice(s, courseAnswer(s)), QString::fromLatin1(correct));
    QVERIFY(judgeChoice(s, correct).correct);
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
        // M-RoPE and the KV cache; the alternatives to RoPE, the training lab's evidence about
        // them and trained weights come last, as applications.
        QCOMPARE(steps.front().id, QStringLiteral("attention-permutation"));
        const QStringList order = {
            QStringLiteral("attention"),    QStringLiteral("absolute"),
            QStringLiteral("derivation"),   QStringLiteral("rotation"),
            QStringLiteral("identity"),     QStringLiteral("heatmap"),
            QStringLiteral("decay"),        QStringLiteral("base-bound"),
            QStringLiteral("extension"),    QStringLiteral("precision"),
            QStringLiteral("layouts"),      QStringLiteral("batch"),
            QStringLiteral("rope-2d"),      QStringLiteral("mrope"),
            QStringLiteral("kv-cache"),     QStringLiteral("position-schemes"),
            QStringLiteral("training-lab"), QStringLiteral("weights")};
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
        // The lab's steps follow the lessons they test: the schemes (ALiBi, learned positions),
        // the critical dimension (heatmap) and the extension steps.
        QCOMPARE(indexOf("lab-rope-at-4l"), indexOf("prope-rotating-pairs") + 1);
        QVERIFY(indexOf("lab-rope-small-base") > indexOf("heatmap-critical-dimension"));
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

    void textsTypesetTheirMath() {
        // The course's texts go to the handout and the course pane as they are, so their math
        // is typeset in Unicode (θᵢ, Rₙ₋ₘ, b⁻²ⁱᐟᵈ, eⁱᵐᶿ), as the slides' (tst_deck_pages): no
        // "^(" or "^2" for a power, no "_{", "_(" or "θ_i" for an index, no "1e+06" or "1e-06".
        // Names of settings (mrope_section) and W_q (Unicode has no subscript q) are not math.
        static const QRegularExpression ascii(QStringLiteral(
            "\\^\\(|\\^\\d|_\\{|_\\(|\\de[+-]0|\\p{Greek}_|(?<![A-Za-z0-9_])R_"));
        int checked = 0;
        for (const CourseStep& s : builtinCourse()) {
            for (const QString& language : s.texts.keys()) {
                const CourseText& t = s.texts[language];
                QStringList texts = {t.title, t.task, t.question, t.solution};
                texts << t.choices.values() << t.hints.values();
                for (const QString& text : texts) {
                    const QRegularExpressionMatch m = ascii.match(text);
                    QVERIFY2(!m.hasMatch(), qPrintable(s.id + QLatin1Char('/') + language +
                                                       QStringLiteral(": ASCII math '") +
                                                       m.captured(0) + QStringLiteral("' in ") +
                                                       text));
                    ++checked;
                }
            }
        }
        QVERIFY(checked > 400);
    }

    void hintIdsAreUniqueWithinEveryStep() {
        // A hint's text is found by its id, so a repeated id within a step would give a second
        // wrong answer the first one's explanation. Read from the shipped file itself, not
        // through the loader (which refuses the repetition), so the defect is named here.
        QFile file(QStringLiteral(":/course/course.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray steps = QJsonDocument::fromJson(file.readAll())
                                     .object()
                                     .value(QStringLiteral("steps"))
                                     .toArray();
        QVERIFY(steps.size() >= 28);
        for (const QJsonValue& v : steps) {
            const QJsonObject o = v.toObject();
            QSet<QString> seen;
            for (const QJsonValue& h : o.value(QStringLiteral("hints")).toArray()) {
                const QString id = h.toObject().value(QStringLiteral("id")).toString();
                QVERIFY2(!seen.contains(id), qPrintable(o.value(QStringLiteral("id")).toString() +
                                                        QStringLiteral(": ") + id));
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
        expectHint("heatmap-first-slow-pair", 45, "off-by-one");
        // The quarter-turn rule for L = 32 768: L·b^(−(d−2)/d) = π/2 ⇒ b = (2L/π)^(d/(d−2)).
        expectHint("base-bound-minimal-base",
                   static_cast<double>(std::pow(2 * 32768 / kPi, 128.0L / 126)), "quarter-turn");
        expectHint("base-bound-minimal-base", 500000, "llama");
        // Men et al.'s fit b = 0.0424·L^1.628 at L = 32 768 (≈ 9.52·10⁵, 51 % above b*).
        expectHint("base-bound-minimal-base",
                   static_cast<double>(0.0424L * std::pow(32768.0L, 1.628L)), "men-fit");
        // Factor instead of 1/factor.
        QCOMPARE(judgeChoice(step("extension-linear"), "four").hint, QStringLiteral("four"));
        QCOMPARE(judgeChoice(step("extension-linear"), "one").hint, QStringLiteral("one"));
        // YaRN's factor: a on both q and k is a² on the logit; a rotation keeps the scale.
        QCOMPARE(judgeChoice(step("attention-yarn-factor"), "grow-a").hint,
                 QStringLiteral("grow-a"));
        QCOMPARE(judgeChoice(step("attention-yarn-factor"), "cancel").hint,
                 QStringLiteral("cancel"));
        // NTK: b·s exactly stretches pair 32 by exactly √s; linear by s.
        QCOMPARE(judgeChoice(step("extension-ntk"), "exactly-sqrt").hint,
                 QStringLiteral("exactly-sqrt"));
        QCOMPARE(judgeChoice(step("extension-ntk"), "times-s").hint, QStringLiteral("times-s"));
        // A correct answer gets no hint.
        QVERIFY(judgeNumber(step("heatmap-first-slow-pair"), 46).hint.isEmpty());
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
        // Ranges of a typed step, the same function as for the shipped hints.
        const auto typicalOf = [](double min, double max) {
            CourseStep s;
            CourseHint h;
            h.range = CourseRange{min, max};
            return courseHintTypicalValue(s, h, 0);
        };
        QCOMPARE(typicalOf(2.9, 3.1), 3.0);
        QCOMPARE(typicalOf(572, 574), 573.0);
        QCOMPARE(typicalOf(3.6, 3.8), 3.7);
        QCOMPARE(typicalOf(135.5, 137), 136.0);
        QCOMPARE(typicalOf(300000, 340000), 320000.0);
        QCOMPARE(typicalOf(13000, 14200), 13600.0);
        QCOMPARE(typicalOf(256, 257), 257.0); // an integer range keeps an integer
        QCOMPARE(typical("heatmap-first-slow-pair", "too-far"), 48.0);         // 46.5 … 48.5
        QCOMPARE(typical("base-bound-minimal-base", "quarter-turn"), 24400.0); // 24 000 … 24 800
        QCOMPARE(typical("base-bound-minimal-base", "llama"), 500000.0);   // 499 000 … 501 000
        QCOMPARE(typical("base-bound-minimal-base", "men-fit"), 950000.0); // 940 000 … 960 000
        // A find step's one-sided hint shows the value at the state the step prepares: at
        // b = 10 000, 2π·10 000^(2i/128) > 4096 for i ≥ 46, so pairs 46–63, 18 of them.
        QCOMPARE(typical("heatmap-find-base", "too-few"), 18.0);
        QCOMPARE(typical("base-bound-find-feasible", "not-yet"), 18438.0);
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
        expectCorrectChoice("absolute-slowest-wavelength", "below-2pi-b");
        // The slips: the ladder taken to end at θ = 1/b (i = 32); 1/θ_31 without the 2π; b.
        expectChoiceSlip("absolute-slowest-wavelength", "exactly-2pi-b", 2 * kPi * 10000);
        expectChoiceSlip("absolute-slowest-wavelength", "no-2pi", 1 / theta(10000, 64, 31));
        expectChoiceSlip("absolute-slowest-wavelength", "base", 10000);
        // Radians read as degrees, θ_0 alone, π taken as 3 (pair 0 at m = 3).
        expectChoiceSlip("rotation-angle-pair-0", "three-degrees", 3);
        expectChoiceSlip("rotation-angle-pair-0", "one-radian", 180 / kPi);
        expectChoiceSlip("rotation-angle-pair-0", "half-turn", 180);
        // Pair 16's period taken as 2π (θ = 1), as 360 (degrees), or pair 15's 2π/θ_15 ≈ 54.4.
        expectChoiceSlip("rotation-angle-pair-16", "m106", std::nearbyint(2 * kPi));
        expectChoiceSlip("rotation-angle-pair-16", "m460", 360);
        expectChoiceSlip("rotation-angle-pair-16", "m154",
                         std::nearbyint(2 * kPi / theta(10000, 128, 15)));
        // Rotate-half: the partner's index taken as 1 (neighbours) or d/2 + 1 (off by one).
        expectChoiceSlip("layouts-half-index", "neighbour", 1);
        expectChoiceSlip("layouts-half-index", "off-by-one", 8 / 2 + 1);
        // Angle m·θ_i reduced to [0°, 360°).
        const auto degrees = [](long double angle) {
            return std::fmod(angle, 2 * kPi) * 180 / kPi;
        };
        expectClose("rotation-angle-pair-0", degrees(3), 1e-9L);
        expectCorrectChoice("rotation-angle-pair-0", "below-half");
        // Pair 16 at θ = 10 000^(−1/4) = 0.1: the first gap p with pθ within 2° of a whole
        // number of turns, by a long-double scan (by hand: 63·0.1 − 2π = 0.0168 rad = 0.96°).
        long long gap16 = 0;
        for (long long p = 1; p <= 1000 && gap16 == 0; ++p) {
            const long double angle = p * theta(10000, 128, 16);
            const long double turns = std::nearbyint(angle / (2 * kPi));
            if (turns >= 1 && std::abs(angle - 2 * kPi * turns) <= 2 * kPi / 180) {
                gap16 = p;
            }
        }
        QCOMPARE(gap16, 63LL);
        expectClose("rotation-angle-pair-16", gap16, 0);
        expectCorrectChoice("rotation-angle-pair-16", "m163");
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
        // At the start of the find step (b = 10 000) pairs 46 … 63 exceed 4096 tokens.
        expectClose("heatmap-find-base", 64 - first, 0);
        // Rotate-half pairs (i, i + d/2): the partner of element 0 (interleaved element 1) is
        // d/2 = 4.
        expectClose("layouts-half-index", 8 / 2, 0);
        expectCorrectChoice("layouts-half-index", "wrong-partner");
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
        // Llama 3.1 (transformers _compute_llama3_parameters): pair 31 at b = 5·10⁵ has
        // λ = 2π·(5·10⁵)^(62/128) ≈ 3619 ∈ [L₀/4, L₀] = [2048, 8192], so θ' = (1 − s)·θ/8 + s·θ
        // with s = (L₀/λ − 1)/(4 − 1).
        {
            const long double t = theta(500000, 128, 31);
            const long double lambda = 2 * kPi / t;
            QVERIFY(lambda > 2048 && lambda < 8192);
            const long double smooth = (8192 / lambda - 1) / 3;
            const long double scaled = 2 * kPi / ((1 - smooth) * t / 8 + smooth * t);
            expectClose("extension-llama3", scaled, 1e-6L * scaled);
            expectCorrectChoice("extension-llama3", "blended");
            expectChoiceSlip("extension-llama3", "kept", lambda);
            expectChoiceSlip("extension-llama3", "times-8", 8 * lambda);
            expectChoiceSlip("extension-llama3", "shorter", lambda / 8); // factor vs 1/factor
        }
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
        // 257 exact (0 … 256) + 127 in [256, 512) + 5·128 + 16 384 itself.
        QCOMPARE(distinct.size(), std::size_t{257 + 127 + 5 * 128 + 1});
        expectCorrectChoice("precision-bf16-positions", "about-thousand");
        expectChoiceSlip("precision-bf16-positions", "all", 16384);
        expectChoiceSlip("precision-bf16-positions", "exact-only", 257);
        expectCorrectChoice("precision-bf16-spacing", "sixty-four");
        expectChoiceSlip("precision-bf16-spacing", "one", 1);
        // float16 keeps 11 significant bits: 2^(13−10) near 10 000.
        expectChoiceSlip("precision-bf16-spacing", "eight", std::ldexp(1.0L, 13 - 10));
        // The octave mistaken for [2^14, 2^15).
        expectChoiceSlip("precision-bf16-spacing", "one-twenty-eight", std::ldexp(1.0L, 14 - 7));
        // 2·4 bytes·4096 rows·64 pairs = 2 MiB; rotary dim 64 → 32 pairs.
        expectClose("batch-table-size", 2.0L * 4 * 4096 * 64 / (1024 * 1024), 1e-12L);
        expectCorrectChoice("batch-table-size", "shared");
        expectChoiceSlip("batch-table-size", "per-head", 32 * 2.0L * 4 * 4096 * 64 / (1 << 20));
        expectChoiceSlip("batch-table-size", "per-sequence-and-head",
                         8 * 32 * 2.0L * 4 * 4096 * 64 / (1 << 20));
        expectChoiceSlip("batch-table-size", "cos-only", 4.0L * 4096 * 64 / (1 << 20));
        // 2 MiB is 2 097 152 bytes, 2.097 MB: the solution gives both.
        QVERIFY(step("batch-table-size")
                    .texts[QStringLiteral("en")]
                    .solution.contains(QStringLiteral("2 097 152 bytes, 2.1 MB or exactly 2 MiB")));
        expectClose("prope-rotating-pairs", 64 / 2, 0);
        expectCorrectChoice("prope-rotating-pairs", "fastest-32");
        expectChoiceSlip("prope-rotating-pairs", "sixty-four", 64);      // dimensions, not pairs
        expectChoiceSlip("prope-rotating-pairs", "all-slower", 256 / 2); // every pair of the head
        // mrope_section [16, 24, 24] in blocks: pair 63 ∈ [40, 64) is width (2); interleaved
        // [24, 20, 20]: 62 ≥ 3·20, past the round robin, so time (0), where 62 mod 3 = 2 would
        // say width.
        expectClose("mrope-axis-blocks", 2, 0);
        expectCorrectChoice("mrope-axis-blocks", "width");
        expectClose("mrope-axis-interleaved", 0, 0);
        expectCorrectChoice("mrope-axis-interleaved", "temporal");
        expectChoiceSlip("mrope-axis-interleaved", "width-round-robin", 62 % 3);
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
        // so head 12 has 2^(−7/2) > 2^(−8), head 8's slope, the smallest: head 8 looks
        // furthest. With n = 16 (a power of two) the last head would have 2^(−8).
        expectClose("schemes-alibi-slope", std::pow(2.0L, -3.5L), 1e-15L);
        expectCorrectChoice("schemes-alibi-slope", "head-8");
        expectChoiceSlip("schemes-alibi-slope", "head-12", std::pow(2.0L, -8.0L));
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
        // One pair (d = 2, θ_0 = 1): cos 1 > 0 > cos 2, a single sinusoid negative at m = 2.
        // The ladder's sum is still Σcos(2θ_i) ≈ 57 there and first dips much later.
        QCOMPARE(firstNegative(10000, 2, 100), 2LL);
        QVERIFY(cosineSum(10000, 128, 2) > 57 && cosineSum(10000, 128, 2) < 58);
        expectCorrectChoice("base-bound-first-negative", "ladder");
        expectChoiceSlip("base-bound-first-negative", "like-pair-0", firstNegative(10000, 2, 100));
        // The slowest pair's quarter turn π/(2θ_63), ≈ 1.36·10⁴ (the choice's text).
        const long double quarter = kPi / 2 / theta(10000, 128, 63);
        QVERIFY(std::abs(quarter - 13600) < 5);
        expectChoiceSlip("base-bound-first-negative", "quarter-turn", quarter);
        QCOMPARE(judgeChoice(step("base-bound-first-negative"), "never").hint,
                 QStringLiteral("never"));
        // The predict step starts on one pair over 64 tokens and reveals the ladder over 4096,
        // which holds the first negative distance.
        QCOMPARE(step("base-bound-first-negative").params.headDim, 2);
        QCOMPARE(step("base-bound-first-negative").params.context, 64LL);
        QCOMPARE(step("base-bound-first-negative").revealParams->headDim, 128);
        QVERIFY(step("base-bound-first-negative").revealParams->context > m);
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
        QVERIFY(std::abs(635000 - bStar) <= courseTolerance(s, double(bStar)));
        QCOMPARE(judgeNumber(s, 635000).hint, QStringLiteral("infeasible"));
        // The tolerance is 1 % of b*, not a fixed count: b*·1.02 is refused before any
        // feasibility check, and the rounded 6.3·10⁵ (0.003 % above b*, in the first island) is
        // right.
        QCOMPARE(s.relativeTolerance, 0.01);
        QCOMPARE(courseTolerance(s, double(bStar)), 0.01 * double(bStar));
        QVERIFY(!isCourseAnswerCorrect(s, double(bStar * 1.02L), double(bStar)));
        QCOMPARE(firstNegative(630000, 128, L), L);
        QVERIFY(judgeNumber(s, 630000).correct);
        // The islands step: 635 000 is not feasible, its sum turns negative at 27 650.
        expectClose("base-bound-islands", 27650, 0);
        QCOMPARE(judgeChoice(step("base-bound-islands"), "yes").hint, QStringLiteral("monotone"));
    }

    void findStepsAreCheckedFromThePanelState() {
        // Drag b until the first negative Σcos lies in [L, 2L): b* is reached, 5·10⁵ is not,
        // and neither is the end of the base slider, where Σcos stays ≥ 0 beyond 2L.
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
        // 630 000 is in the first island: its first negative distance, by the long-double scan,
        // lies between L and 2L.
        const long long at630 = firstNegative(630000, 128, 65536);
        QVERIFY(at630 >= 32768 && at630 < 65536);
        QCOMPARE(valueAt(630000), double(at630));
        r.number = valueAt(630000);
        QVERIFY(judgeCourseAnswer(find, r, courseAnswer(find)).correct);
        for (const double far : {1e7, rope::limits::kMaxBase}) {
            QCOMPARE(firstNegative(far, 128, 65536), 65536LL);
            r.number = valueAt(far);
            const CourseVerdict past = judgeCourseAnswer(find, r, courseAnswer(find));
            QVERIFY2(!past.correct, qPrintable(QString::number(far)));
            QCOMPARE(past.hint, QStringLiteral("past"));
        }
        // Exactly 32 pairs beyond 4096 tokens: pair 32 above (2π·√b > 4096, b > 4.2497·10⁵)
        // and pair 31 not (2π·b^(62/128) ≤ 4096, b ≤ 6.4554·10⁵). Both slider ends miss.
        const CourseStep& heat = step("heatmap-find-base");
        rope::RopeParams hp = heat.params;
        const auto pairsAbove = [](long double base) {
            int count = 0;
            for (int i = 0; i < 64; ++i) {
                count += 2 * kPi / theta(base, 128, i) > 4096 ? 1 : 0;
            }
            return count;
        };
        for (const double base :
             {1.0001, 420000.0, 430000.0, 500000.0, 645000.0, 646000.0, rope::limits::kMaxBase}) {
            hp.base = base;
            r.number = courseAnswer(courseStepAtState(heat, courseState(hp, heat.options)));
            QCOMPARE(r.number, double(pairsAbove(base)));
            const CourseVerdict hv = judgeCourseAnswer(heat, r, 0);
            const bool inside = base > 424971.9 && base < 645535.5;
            QVERIFY2(hv.correct == inside, qPrintable(QString::number(base)));
            if (!inside) {
                QCOMPARE(hv.hint,
                         base < 424971.9 ? QStringLiteral("too-few") : QStringLiteral("too-many"));
            }
        }
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

    void relativeToleranceScalesWithTheAnswer() {
        // 2π·10 000^(2·31/64) ≈ 47 117 (numpy: 47117.2428): ±1 % accepts the rounded 47 000 and
        // 4.7·10⁴ and refuses 46 500; with an absolute tolerance as well the larger one wins.
        QByteArray json = kGoodStep;
        json.replace(R"("dim": 64, "pair": 0)", R"("dim": 64, "pair": 31)");
        json.replace(R"("tolerance": 0.01)", R"("relative-tolerance": 0.01)");
        QTemporaryDir dir;
        const std::vector<CourseStep> relative = loadCourse(writeCourse(dir, json));
        const CourseStep& s = relative[0];
        const double answer = courseAnswer(s);
        QVERIFY(std::abs(answer - 47117.2428) < 1e-3);
        QCOMPARE(s.tolerance, 0.0);
        QCOMPARE(s.relativeTolerance, 0.01);
        QCOMPARE(courseTolerance(s, answer), 0.01 * answer);
        QVERIFY(isCourseAnswerCorrect(s, 47000));
        QVERIFY(isCourseAnswerCorrect(s, 47117.24 * 1.0099));
        QVERIFY(!isCourseAnswerCorrect(s, 46500));
        QVERIFY(!isCourseAnswerCorrect(s, 47117.24 * 1.0101));
        // A relative tolerance of 1 % around 0 is 0; the absolute one then decides.
        CourseStep both = s;
        both.tolerance = 600;
        QCOMPARE(courseTolerance(both, answer), 600.0);
        QCOMPARE(courseTolerance(both, 0), 600.0);
        QVERIFY(isCourseAnswerCorrect(both, 46520, answer));
        // Non-finite expected values are never matched.
        QVERIFY(!isCourseAnswerCorrect(s, 1, std::nan("")));
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
        QTest::newRow("no-tolerance")
            << with(R"("tolerance": 0.01, )", "") << "tolerance: a typed answer needs";
        QTest::newRow("relative-tolerance-one")
            << with(R"("tolerance": 0.01)", R"("relative-tolerance": 1)")
            << "relative-tolerance: expected a fraction in [0, 1)";
        QTest::newRow("relative-tolerance-negative")
            << with(R"("tolerance": 0.01)", R"("relative-tolerance": -0.01)")
            << "relative-tolerance: expected a fraction";
        QTest::newRow("relative-tolerance-text")
            << with(R"("tolerance": 0.01)", R"("relative-tolerance": "1 %")")
            << "relative-tolerance: expected a fraction";
        QTest::newRow("relative-tolerance-on-choice")
            << with(R"("kind": "choice",)", R"("kind": "choice", "relative-tolerance": 0.01,)",
                    kChoiceStep)
            << "relative-tolerance: only for typed answers";
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

    void labStepsRevealTheRaceTheyCompute() {
        // A lab step is judged on the race its reveal trains: the panel is prepared untrained
        // (the student predicts first), the reveal turns "run" on, and every setting the answer
        // trains with is the panel's, so the readouts the student then reads are the answer's.
        int lab = 0;
        for (const CourseStep& s : builtinCourse()) {
            if (!s.answerFunction.startsWith(QLatin1String("lab-"))) {
                continue;
            }
            ++lab;
            QCOMPARE(s.panel, QStringLiteral("training-lab"));
            QCOMPARE(s.kind, CourseKind::Predict);
            const FigureOptions before = withDefaults(trainingLabOptions(), s.options);
            const FigureOptions after = withDefaults(trainingLabOptions(), s.revealOptions);
            QVERIFY2(!before.value(QStringLiteral("run")).toBool(), qPrintable(s.id));
            QVERIFY2(after.value(QStringLiteral("run")).toBool(), qPrintable(s.id));
            for (const char* key : {"seeds", "steps", "length", "d-model", "layers", "base"}) {
                const QString k = QLatin1String(key);
                QVERIFY2(after.value(k).toDouble() == s.answerArgs.value(k).toDouble(),
                         qPrintable(s.id + QLatin1Char('/') + k));
            }
            QCOMPARE(after.value(QStringLiteral("task")).toString(),
                     s.answerArgs.value(QStringLiteral("task")).toString());
            const QStringList shown =
                after.value(QStringLiteral("schemes")).toString().split(QLatin1Char(','));
            if (s.answerArgs.contains(QStringLiteral("schemes"))) {
                QCOMPARE(shown.join(u','),
                         s.answerArgs.value(QStringLiteral("schemes")).toString());
            } else if (s.answerFunction == QLatin1String("lab-length-gain")) {
                // The length view's RoPE with its scalings and fine-tunes: the answer's models.
                QVERIFY2(shown == QStringList{QStringLiteral("rope")}, qPrintable(s.id));
                QCOMPARE(after.value(QStringLiteral("view")).toString(), QStringLiteral("length"));
                QCOMPARE(after.value(QStringLiteral("finetune-steps")).toInt(),
                         s.answerArgs.value(QStringLiteral("finetune-steps")).toInt());
            } else {
                QVERIFY2(shown.contains(s.answerArgs.value(QStringLiteral("scheme")).toString()),
                         qPrintable(s.id));
            }
        }
        QVERIFY(lab >= 4);
    }

    void labAnswersAreThePanelsRace() {
        // The answers recomputed from the panel's own race (runTrainingLab: its training loop,
        // all cores, no memo) of every scheme the steps use at b = 10⁴, read here without the
        // course's code: the mean held-out accuracy over the seeds at 2L and 4L, and the first
        // step of each curve at ≥ 99 %.
        FigureOptions options =
            withDefaults(trainingLabOptions(), step("lab-rope-at-4l").revealOptions);
        options.insert(QStringLiteral("schemes"), QStringLiteral("rope,learned,sinusoidal"));
        const std::atomic<bool> never{false};
        const auto race = runTrainingLab({}, options, JobControl(never), nullptr);
        QVERIFY(race && race->complete);
        std::map<std::string, std::vector<const TrainingLabRun*>> runs;
        for (const auto& run : race->runs) {
            runs[run->scheme].push_back(run.get());
        }
        for (const char* scheme : {"rope", "learned", "sinusoidal"}) {
            QCOMPARE(runs[scheme].size(), std::size_t{2});
        }
        const auto meanAt = [&runs](const char* scheme, int k) {
            long double sum = 0;
            for (const TrainingLabRun* r : runs[scheme]) {
                sum += r->accuracyByLength.at(std::size_t(k));
            }
            return static_cast<double>(sum / runs[scheme].size());
        };
        QCOMPARE(courseAnswer(step("lab-rope-at-4l")), meanAt("rope", 3));
        QCOMPARE(courseAnswer(step("lab-learned-at-2l")), meanAt("learned", 1));
        const auto meanSteps = [&runs](const char* scheme) {
            double sum = 0;
            for (const TrainingLabRun* r : runs[scheme]) {
                int first = 151; // never within the 150 steps
                for (std::size_t k = 0; k < r->curve.size(); ++k) {
                    if (r->curve[k].accuracy >= 0.99) {
                        first = static_cast<int>(k) + 1;
                        break;
                    }
                }
                sum += first;
            }
            return sum / 2;
        };
        const double rope = meanSteps("rope");
        const double sinusoidal = meanSteps("sinusoidal");
        QVERIFY(rope != sinusoidal && std::min(rope, sinusoidal) < 151);
        QCOMPARE(courseAnswer(step("lab-race-offset-copy")), rope < sinusoidal ? 0.0 : 1.0);
    }

    void labLengthAnswerIsThePanelsLengthView() {
        // The PI step's answer recomputed from the panel's own length job (runTrainingLab: all
        // cores, the memo emptied first), read here without the course's code: RoPE's mean
        // held-out accuracy over the seeds at 4L with PI at test time (no fine-tune), minus the
        // mean of the same models unscaled.
        const CourseStep s = step("lab-pi-without-finetune");
        forgetTrainingLabRuns();
        const FigureOptions options = withDefaults(trainingLabOptions(), s.revealOptions);
        const std::atomic<bool> never{false};
        const auto result = runTrainingLab({}, options, JobControl(never), nullptr);
        QVERIFY(result && result->complete && result->length);
        const rope::train::LengthResult& r = result->length->result;
        const int L = options.value(QStringLiteral("length")).toInt();
        const auto k = static_cast<std::size_t>(
            std::find(r.testLengths.begin(), r.testLengths.end(), 4 * L) - r.testLengths.begin());
        QVERIFY(k < r.testLengths.size());
        long double pi = 0, plain = 0;
        int n = 0, m = 0;
        for (const rope::train::LengthRow& row : r.rows) {
            if (row.method == rope::ScalingKind::Linear && !row.fineTuned) {
                pi += row.accuracy[k];
                ++n;
            } else if (row.method == rope::ScalingKind::Default && !row.fineTuned) {
                plain += row.accuracy[k];
                ++m;
            }
        }
        const int seeds = options.value(QStringLiteral("seeds")).toInt();
        QCOMPARE(n, seeds);
        QCOMPARE(m, seeds);
        QCOMPARE(courseAnswer(s), static_cast<double>(pi / n - plain / m));
    }

    void labAnswersNeedNoPoolWorker() {
        // Course answers are computed on a worker of a pool the panels' jobs share: a lab answer
        // trains on its own thread, so it finishes while every worker of the global pool is
        // busy (were it queued there it would wait for ever).
        QThreadPool* pool = QThreadPool::globalInstance();
        const int threads = pool->maxThreadCount();
        pool->setMaxThreadCount(1);
        std::promise<void> release;
        std::shared_future<void> released = release.get_future().share();
        pool->start([released] { released.wait(); });
        CourseStep tiny = step("lab-rope-at-4l");
        tiny.id = QStringLiteral("tiny-lab-answer");
        for (const auto& [key, value] : std::initializer_list<std::pair<const char*, QVariant>>{
                 {"steps", 10}, {"length", 8}, {"d-model", 16}, {"layers", 1}, {"seeds", 1}}) {
            tiny.answerArgs.insert(QLatin1String(key), value);
        }
        auto answer = std::async(std::launch::async, [&tiny] { return courseAnswer(tiny); });
        const bool done = answer.wait_for(std::chrono::seconds(60)) == std::future_status::ready;
        release.set_value();
        pool->waitForDone();
        pool->setMaxThreadCount(threads);
        QVERIFY(done);
        const double accuracy = answer.get();
        QVERIFY(accuracy >= 0 && accuracy <= 1);
    }

    void labArgumentsOutOfRangeNameTheStep() {
        // Checked against the panel's table before anything is trained.
        const auto refused = [](const char* id, const char* key, const QVariant& value,
                                const char* named) {
            CourseStep s = step(id);
            s.answerArgs.insert(QLatin1String(key), value);
            try {
                courseAnswer(s);
            } catch (const CourseError& e) {
                const QString what = QString::fromUtf8(e.what());
                return what.contains(s.id) && what.contains(QLatin1String(named));
            }
            return false;
        };
        QVERIFY(refused("lab-rope-at-4l", "multiple", 5, "multiple"));
        QVERIFY(refused("lab-rope-at-4l", "scheme", QStringLiteral("rope,alibi"), "one position"));
        QVERIFY(refused("lab-rope-at-4l", "scheme", QStringLiteral("bogus"), "bogus"));
        QVERIFY(refused("lab-rope-at-4l", "steps", 100000, "steps"));
        QVERIFY(refused("lab-race-offset-copy", "accuracy", 1.5, "accuracy"));
        QVERIFY(refused("lab-race-offset-copy", "task", QStringLiteral("sorting"), "sorting"));
        QVERIFY(refused("lab-pi-without-finetune", "multiple", 1, "multiple"));
        QVERIFY(refused("lab-pi-without-finetune", "method", QStringLiteral("bogus"), "bogus"));
        QVERIFY(refused("lab-pi-without-finetune", "finetune-steps", 501, "finetune-steps"));
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
