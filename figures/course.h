// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"
#include "figures/figure_data.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <stdexcept>
#include <vector>

/// \file course.h
/// The guided course as data (STYLE §10): an ordered list of steps in
/// `resources/course/course.json` (compiled in as `:/course/course.json`). Each step opens a
/// panel in a prepared state, states a task and asks a question whose answer is computed by the
/// core through a named *answer function* (the table in course.cpp) — never stored as a literal.
///
/// File layout:
/// \code
/// {"format": "rope-explorer-course", "version": 1,
///  "steps": [
///   {"id": "first-slow-pair", "panel": "heatmap",
///    "params": {"dim": 128, "base": 10000},           // the shared RopeParams fields
///    "options": {"quantity": "cos"},                  // checked against the panel's table
///    "answer": {"function": "first-pair-wavelength-above",
///               "args": {"base": 10000, "dim": 128, "tokens": 4096}},
///    "tolerance": 0.5,
///    "text": {"en": {"title": …, "task": …, "question": …, "explanation": …},
///             "zh_CN": {…}}}]}
/// \endcode
/// Parameter keys are the session/rope-cli names ("dim", "rotary-dim", "base", "m", "n",
/// "context", "layout", "method", "factor", "original-context"); unset ones keep the defaults of
/// rope::RopeParams. "{{answer}}" in a text is replaced by the computed answer. Texts are keyed
/// by language; a missing language falls back to "en".

namespace rope::figures {

/// \brief A course file or step that cannot be used; what() names the file, the step and the
/// field.
class CourseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// \brief One step's texts in one language.
struct CourseText {
    QString title;
    QString task;
    QString question;
    QString explanation;
};

/// \brief One step of the course.
struct CourseStep {
    QString id;    ///< kebab-case, unique: `rope-cli course --check` value, settings key
    QString panel; ///< figure registry id of the panel the step opens
    /// Parameters the step sets: the defaults with the file's "params" applied.
    rope::RopeParams params;
    FigureOptions options;           ///< checked option values for the panel
    QString answerFunction;          ///< id of a row of courseAnswerFunctions()
    QVariantMap answerArgs;          ///< its arguments (numbers, or ids such as "bfloat16")
    double tolerance = 0;            ///< an answer x is correct when |x − expected| ≤ tolerance
    QMap<QString, CourseText> texts; ///< by language ("en" is always present)

    /// \brief Texts in \p language, falling back to English; "{{answer}}" is filled in with
    /// \p answer.
    CourseText text(const QString& language, double answer) const;
};

/// \brief One named way of computing an answer with the core.
struct CourseAnswerFunction {
    const char* id;          ///< kebab-case, the "function" value in a step
    QStringList args;        ///< required argument names, all of them, nothing else
    const char* description; ///< what it computes, for `rope-cli course --help`
    double (*compute)(const QVariantMap& args);
};

/// \brief Every answer function, in documentation order.
const std::vector<CourseAnswerFunction>& courseAnswerFunctions();

/// \brief Reads and checks a course file: panels exist, options are valid for the panel,
/// parameters are valid, answer functions and their arguments exist, ids are unique and
/// kebab-case, every step has English texts and a finite non-negative tolerance.
/// \throws CourseError naming the file, step and field.
std::vector<CourseStep> loadCourse(const QString& path = QStringLiteral(":/course/course.json"));

/// \brief The course compiled into the program (loaded once).
/// \throws CourseError as loadCourse() (a defect of the shipped file, caught by tst_course).
const std::vector<CourseStep>& builtinCourse();

/// \brief The step with this id in \p steps, or nullptr.
const CourseStep* findCourseStep(const std::vector<CourseStep>& steps, const QString& id);

/// \brief The step's answer, computed by the core through its answer function.
/// \throws CourseError if the arguments are out of range (naming the step and the reason).
double courseAnswer(const CourseStep& step);

/// \brief Called at the start of every courseAnswer() (on the calling thread), or null. For
/// tests that count the computations and check where they run; returns the previous one.
using CourseAnswerObserver = void (*)(const CourseStep& step);
CourseAnswerObserver setCourseAnswerObserver(CourseAnswerObserver observer);

/// \brief |answer − courseAnswer(step)| ≤ step.tolerance (false for a non-finite answer).
bool isCourseAnswerCorrect(const CourseStep& step, double answer);
/// \brief The same test against an \p expected value already computed with courseAnswer()
/// (some answers, such as minimal-base, take a second).
bool isCourseAnswerCorrect(const CourseStep& step, double answer, double expected);

/// \brief Formats an answer for display: integers without decimals, else 6 significant digits.
QString formatCourseNumber(double value);

} // namespace rope::figures
