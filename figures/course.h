// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"
#include "figures/figure_data.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

/// \file course.h
/// The guided course as data: an ordered list of steps in
/// `resources/course/course.json` (compiled in as `:/course/course.json`). Each step opens a
/// panel in a prepared state, states a task and asks a question whose answer is computed by the
/// core through a named *answer function* (the table in course.cpp) — never stored as a literal.
///
/// Four kinds of step:
/// - `number`: type a number; correct when |x − answer| ≤ max(tolerance, relative-tolerance ·
///   |answer|) (and, with "require", when the typed value also passes a second computed test:
///   e.g. the base is really feasible). A computed real takes a relative tolerance, so that its
///   value rounded to a few digits is right at any scale (±100 would refuse 8 × 2.56·10⁶ for
///   2.047·10⁷, ±1 % does not);
/// - `choice`: pick one of "choices"; the correct one is the choice whose [min, max] holds the
///   computed answer, so no choice id is stored as the answer either;
/// - `predict`: commit to a number or a choice, then the panel moves to "reveal" (parameters and
///   options applied) and the verdict follows;
/// - `find`: reach a state in the panel; the answer function is evaluated with the arguments
///   named in "state" read from the panel (session parameter keys or option ids), and the step is
///   reached when that value lies in "accept".
///
/// A choice without "min" and "max" is a wrong idea whatever the answer (never correct).
///
/// File layout:
/// \code
/// {"format": "rope-explorer-course", "version": 2,
///  "steps": [
///   {"id": "rotation-angle-pair-16", "panel": "rotation", "kind": "number",
///    "params": {"dim": 128, "base": 10000, "m": 100},     // the shared RopeParams fields
///    "options": {"pair": 16},                             // checked against the panel's table
///    "answer": {"function": "rotation-angle-deg",
///               "args": {"base": 10000, "dim": 128, "pair": 16, "position": 100},
///               "state": []},                             // find: args read from the panel
///    "tolerance": 0.5,                                    // number, predict without choices
///    "relative-tolerance": 0.01,                          // or (and) a fraction of |answer|
///    "choices": [{"id": "same", "min": 0, "max": 1e-9}, …],  // choice, predict
///    "accept": {"min": 32768},                            // find
///    "require": {"function": …, "args": {…}, "input": "base", "min": …, "max": …},  // number
///    "reveal": {"params": {…}, "options": {…}},          // predict
///    "hints": [{"id": "radians", "min": 9.9, "max": 10.1}, {"id": "rule", "choice": "yes"},
///              {"id": "island", "failing": true}],
///    "text": {"en": {"title", "task", "question", "choices": {id: text}, "hints": {id: text},
///                    "solution"},
///             "zh_CN": {…}}}]}
/// \endcode
/// Parameter keys are the session/rope-cli names ("dim", "rotary-dim", "base", "m", "n",
/// "context", "layout", "method", "factor", "original-context"); unset ones keep the defaults of
/// rope::RopeParams. Hints are tried in order on a wrong answer; the first whose range holds the
/// value (or whose choice was picked, or, for "failing", whose requirement failed) is shown.
/// "{{answer}}" in a text is the computed answer, "{{value}}" in a hint the value it matched.
/// Every language present must give every text; a missing language falls back to "en".

namespace rope::figures {

/// \brief A course file or step that cannot be used; what() names the file, the step and the
/// field.
class CourseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// \brief What the student does in a step.
enum class CourseKind { Number, Choice, Predict, Find };

/// \brief "number", "choice", "predict", "find".
const char* courseKindId(CourseKind kind) noexcept;

/// \brief A closed interval [min, max]; either end may be infinite.
struct CourseRange {
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool contains(double x) const noexcept { return x >= min && x <= max; }
};

/// \brief One option of a choice: it is the correct one when the answer lies in \ref when.
struct CourseChoice {
    QString id;
    CourseRange when;
};

/// \brief A hint keyed to a typical wrong answer.
struct CourseHint {
    QString id;
    std::optional<CourseRange> range; ///< a typed (or, for find, computed) value in it
    QString choice;                   ///< or this choice was picked
    bool failing = false;             ///< or the step's requirement failed
};

/// \brief A second test a typed number must pass: \ref function evaluated with \ref args and
/// the typed value as argument \ref input lies in \ref accept.
struct CourseRequirement {
    QString function;
    QVariantMap args;
    QString input;
    CourseRange accept;
};

/// \brief One step's texts in one language.
struct CourseText {
    QString title;
    QString task;
    QString question;
    QMap<QString, QString> choices; ///< by choice id
    QMap<QString, QString> hints;   ///< by hint id
    QString solution;               ///< the worked solution, lines separated by '\n'
};

/// \brief One step of the course.
struct CourseStep {
    QString id;    ///< kebab-case, unique: `rope-cli course --check` value, settings key
    QString panel; ///< figure registry id of the panel the step opens
    CourseKind kind = CourseKind::Number;
    /// Parameters the step sets: the defaults with the file's "params" applied.
    rope::RopeParams params;
    FigureOptions options;        ///< checked option values for the panel
    QString answerFunction;       ///< id of a row of courseAnswerFunctions()
    QVariantMap answerArgs;       ///< its arguments (numbers, or ids such as "bfloat16")
    QStringList stateKeys;        ///< find: arguments read from the panel state
    double tolerance = 0;         ///< number: correct when |x − expected| ≤ tolerance …
    double relativeTolerance = 0; ///< … or ≤ relativeTolerance·|expected| (the larger of the two)
    std::vector<CourseChoice> choices;
    std::optional<CourseRange> accept; ///< find: reached when the value is in it
    std::optional<CourseRequirement> requirement;
    /// predict: the panel after the commitment (params and options of the step, then reveal's).
    std::optional<rope::RopeParams> revealParams;
    FigureOptions revealOptions;
    std::vector<CourseHint> hints;
    QMap<QString, CourseText> texts; ///< by language ("en" is always present)

    /// \brief True when the answer is a choice id (choice, and predict with choices).
    bool answeredByChoice() const noexcept { return !choices.empty(); }
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
/// kebab-case, each kind has what it needs, every hint and choice has a text in every language
/// given, every step has English texts and a solution.
/// \throws CourseError naming the file, step and field.
std::vector<CourseStep> loadCourse(const QString& path = QStringLiteral(":/course/course.json"));

/// \brief The course compiled into the program (loaded once).
/// \throws CourseError as loadCourse() (a defect of the shipped file, caught by tst_course).
const std::vector<CourseStep>& builtinCourse();

/// \brief The step with this id in \p steps, or nullptr.
const CourseStep* findCourseStep(const std::vector<CourseStep>& steps, const QString& id);

/// \brief The step's answer, computed by the core through its answer function (for a find
/// step: the value at the state the step prepares).
/// \throws CourseError if the arguments are out of range (naming the step and the reason).
double courseAnswer(const CourseStep& step);

/// \brief The panel state a find step reads: the parameters under their session keys and the
/// panel's option values.
QVariantMap courseState(const rope::RopeParams& params, const FigureOptions& options);

/// \brief \p step with its state arguments taken from \p state (find steps), so that
/// courseAnswer() of the result is the value at that state (same id: one cache per step).
/// \throws CourseError naming a state key that \p state lacks or that is not a number.
CourseStep courseStepAtState(const CourseStep& step, const QVariantMap& state);

/// \brief \p step turned into its requirement for the typed value \p typed (courseAnswer() of
/// the result is the requirement's value), or nullopt when the step has none.
std::optional<CourseStep> courseRequirementStep(const CourseStep& step, double typed);

/// \brief What the student answered: a number (number, predict, find's value) or a choice id.
struct CourseResponse {
    double number = std::numeric_limits<double>::quiet_NaN();
    QString choice;
};

/// \brief The verdict on a response.
struct CourseVerdict {
    bool correct = false;
    QString hint; ///< id of the matching hint, empty when none matches or when correct
};

/// \brief Judges \p response to \p step given its computed \p expected answer (for find: the
/// response's number is the value at the panel state) and, for a step with a requirement, the
/// requirement's value for the typed number (computed only for a number within the tolerance;
/// without it such a step is not correct, and no "failing" hint matches).
CourseVerdict judgeCourseAnswer(const CourseStep& step, const CourseResponse& response,
                                double expected,
                                std::optional<double> requirementValue = std::nullopt);

/// \brief The id of the correct choice for \p expected (empty if no choice holds it).
QString correctCourseChoice(const CourseStep& step, double expected);

/// \brief Called at the start of every courseAnswer() (on the calling thread), or null. For
/// tests that count the computations and check where they run; returns the previous one.
/// Process-wide on purpose: a test must see every computation, including one that bypasses
/// the cache that should have made it (an object passed in could be bypassed the same way).
/// Race-free: it is one std::atomic function pointer, stored and loaded atomically (seq_cst),
/// so setting it while answers are computed on other threads is no data race; a pointer to a
/// function has no lifetime to outlive, and a computation that loaded the previous one calls
/// that one. The observer runs on whichever thread computes and must be thread-safe itself.
/// Null outside tests: one atomic load per answer.
using CourseAnswerObserver = void (*)(const CourseStep& step);
CourseAnswerObserver setCourseAnswerObserver(CourseAnswerObserver observer);

/// \brief The absolute tolerance of a typed answer whose expected value is \p expected:
/// max(step.tolerance, step.relativeTolerance·|expected|).
double courseTolerance(const CourseStep& step, double expected);

/// \brief |answer − courseAnswer(step)| ≤ courseTolerance() (false for a non-finite answer);
/// for number steps without a requirement only.
bool isCourseAnswerCorrect(const CourseStep& step, double answer);
/// \brief The same test against an \p expected value already computed with courseAnswer().
bool isCourseAnswerCorrect(const CourseStep& step, double answer, double expected);

/// \brief The hint text \p hintId of \p step in \p language with "{{value}}" filled in.
QString courseHintText(const CourseStep& step, const QString& hintId, const QString& language,
                       double value, double answer);

/// \brief A typical wrong answer that fires \p hint, for "{{value}}" where no answer was typed
/// (the handout): for a range with both ends finite, the number with the fewest significant
/// digits in the middle half of the range (2.9…3.1 gives 3, 572…574 gives 573, 24 000…24 800
/// gives 24 400; an integer when both ends are integers, falling back to the whole range: 256…257
/// gives 257); otherwise, for a find step, \p answer (its value at the state the step prepares);
/// NaN for a hint keyed to a choice or a failed requirement.
double courseHintTypicalValue(const CourseStep& step, const CourseHint& hint, double answer);

/// \brief Formats an answer for display: integers without decimals, else 6 significant digits.
QString formatCourseNumber(double value);

} // namespace rope::figures
