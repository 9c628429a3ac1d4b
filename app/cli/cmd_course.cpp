// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// rope-cli course: the guided course (figures/course.h) without the GUI. --list prints every
// step with the answer the core computes, its kind, hints and worked solution; --check ID
// --answer X (or --state for a find step) says whether the answer is right and which hint
// matches it; --solution ID prints the worked solution. Lives in rope-cli, not
// rope_cli_commands: the course checks panels and their options, which are in rope_figures.
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "figures/course.h"
#include "figures/language.h"

#include <cmath>
#include <cstdio>

namespace rope::cli {

namespace {

std::string jsonText(const QString& text) {
    return jsonString(text.toStdString());
}

std::string jsonRange(const figures::CourseRange& r) {
    std::string out = "{";
    if (std::isfinite(r.min)) {
        out += "\"min\":" + jsonNumber(r.min);
    }
    if (std::isfinite(r.max)) {
        out += std::string(std::isfinite(r.min) ? "," : "") + "\"max\":" + jsonNumber(r.max);
    }
    return out + "}";
}

// "key=value,key=value" → the panel state a find step reads; values are numbers.
QVariantMap parseState(const QString& text, const figures::CourseStep& step) {
    QVariantMap state;
    for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype eq = item.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            throw UsageError("course: --state expects key=value[,key=value…], got '" +
                             item.toStdString() + "'");
        }
        const QString key = item.left(eq).trimmed();
        if (!step.stateKeys.contains(key)) {
            throw UsageError("course: step '" + step.id.toStdString() + "' reads no state key '" +
                             key.toStdString() + "' (it reads: " +
                             step.stateKeys.join(QStringLiteral(", ")).toStdString() + ")");
        }
        state.insert(key, parseDouble(item.mid(eq + 1).trimmed(), QStringLiteral("state")));
    }
    for (const QString& key : step.stateKeys) {
        if (!state.contains(key)) {
            throw UsageError("course: --state lacks '" + key.toStdString() + "' for step '" +
                             step.id.toStdString() + "'");
        }
    }
    return state;
}

const figures::CourseStep& stepById(const std::vector<figures::CourseStep>& steps,
                                    const QString& id) {
    const figures::CourseStep* step = figures::findCourseStep(steps, id);
    if (step == nullptr) {
        QStringList ids;
        for (const figures::CourseStep& s : steps) {
            ids << s.id;
        }
        throw UsageError("course: unknown step '" + id.toStdString() +
                         "' (steps: " + ids.join(QStringLiteral(", ")).toStdString() + ")");
    }
    return *step;
}

} // namespace

int runCourse(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The guided course: each step opens a panel in a prepared state and asks a question "
        "whose answer the core computes. Kinds: number (type a number), choice (pick a choice "
        "id), predict (commit to a number or a choice id; the panel then moves to reveal), find "
        "(reach a state in the panel).\n"
        "--list: {\"steps\": [{\"id\", \"panel\", \"kind\", \"question\", \"answer\": x, "
        "\"tolerance\": t (typed answers, in the answer's unit; with \"relative-tolerance\": r "
        "when the step gives a fraction), \"choices\": [{\"id\", \"text\"}] and \"correct\": id "
        "(choices), \"state\": [keys] and \"accept\": {min, max} (find), \"hints\": [{\"id\", "
        "\"text\"}], \"solution\": text}, ...]}\n"
        "--check ID --answer X: {\"correct\":true|false,\"expected\":x or choice id,"
        "\"hint\":text|null}. X is a number, or a choice id for choice steps.\n"
        "--check ID --state key=value[,key=value...]: a find step, checked from the panel state "
        "it names (e.g. --state base=700000): {\"correct\",\"value\",\"hint\"}; the step is "
        "reached when its value lies in \"accept\".\n"
        "--solution ID: the worked solution as text.\n"
        "Texts follow --lang (before or after the command)."));
    parser.addOptions({
        {QStringLiteral("list"), QStringLiteral("List every step in course order.")},
        {QStringLiteral("check"), QStringLiteral("Check an answer to step ID."),
         QStringLiteral("ID")},
        {QStringLiteral("answer"),
         QStringLiteral("The answer to check (a number, or a choice id)."), QStringLiteral("X")},
        {QStringLiteral("state"),
         QStringLiteral("The panel state of a find step: key=value[,key=value...]."),
         QStringLiteral("STATE")},
        {QStringLiteral("solution"), QStringLiteral("Print step ID's worked solution."),
         QStringLiteral("ID")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const bool list = parser.isSet(QStringLiteral("list"));
    const bool check = parser.isSet(QStringLiteral("check"));
    const bool solution = parser.isSet(QStringLiteral("solution"));
    if (int(list) + int(check) + int(solution) != 1) {
        throw UsageError(
            "course: give either --list, --check ID --answer X (or --state), or --solution ID");
    }
    if (!check &&
        (parser.isSet(QStringLiteral("answer")) || parser.isSet(QStringLiteral("state")))) {
        throw UsageError("course: --answer and --state go with --check");
    }
    const QString language = figures::currentLanguage();
    const std::vector<figures::CourseStep>& steps = figures::builtinCourse();
    if (solution) {
        const figures::CourseStep& step = stepById(steps, parser.value(QStringLiteral("solution")));
        const std::string text =
            step.text(language, figures::courseAnswer(step)).solution.toStdString();
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fputc('\n', stdout);
        return 0;
    }
    if (list) {
        std::string out = "{\"steps\":[";
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const figures::CourseStep& step = steps[k];
            const double answer = figures::courseAnswer(step);
            const figures::CourseText text = step.text(language, answer);
            out += (k == 0 ? "{" : ",{");
            out += "\"id\":" + jsonText(step.id);
            out += ",\"panel\":" + jsonText(step.panel);
            out += ",\"kind\":" + jsonString(figures::courseKindId(step.kind));
            out += ",\"question\":" + jsonText(text.question);
            out += ",\"answer\":" + jsonNumber(answer);
            if (step.answeredByChoice()) {
                out += ",\"choices\":[";
                for (std::size_t c = 0; c < step.choices.size(); ++c) {
                    out += std::string(c == 0 ? "" : ",") +
                           "{\"id\":" + jsonText(step.choices[c].id) +
                           ",\"text\":" + jsonText(text.choices.value(step.choices[c].id)) + "}";
                }
                out += "],\"correct\":" + jsonText(figures::correctCourseChoice(step, answer));
            } else if (step.kind == figures::CourseKind::Find) {
                out += ",\"state\":[";
                for (qsizetype s = 0; s < step.stateKeys.size(); ++s) {
                    out += std::string(s == 0 ? "" : ",") + jsonText(step.stateKeys[s]);
                }
                out += "],\"accept\":" + jsonRange(*step.accept);
            } else {
                // The tolerance in the answer's unit (a relative one applied to the answer),
                // and the fraction itself when the step gives one.
                out += ",\"tolerance\":" + jsonNumber(figures::courseTolerance(step, answer));
                if (step.relativeTolerance > 0) {
                    out += ",\"relative-tolerance\":" + jsonNumber(step.relativeTolerance);
                }
            }
            out += ",\"hints\":[";
            for (std::size_t h = 0; h < step.hints.size(); ++h) {
                out += std::string(h == 0 ? "" : ",") + "{\"id\":" + jsonText(step.hints[h].id) +
                       ",\"text\":" + jsonText(text.hints.value(step.hints[h].id)) + "}";
            }
            out += "],\"solution\":" + jsonText(text.solution) + "}";
        }
        printJson(out + "]}");
        return 0;
    }
    const figures::CourseStep& step = stepById(steps, parser.value(QStringLiteral("check")));
    const auto hintJson = [&](const figures::CourseVerdict& verdict, double value,
                              double expected) {
        return verdict.hint.isEmpty() ? std::string("null")
                                      : jsonText(figures::courseHintText(
                                            step, verdict.hint, language, value, expected));
    };
    if (step.kind == figures::CourseKind::Find) {
        if (parser.isSet(QStringLiteral("answer"))) {
            throw UsageError("course: step '" + step.id.toStdString() +
                             "' is a find step: check it with --state " +
                             step.stateKeys.join(QStringLiteral("=…,")).toStdString() + "=…");
        }
        const QVariantMap state = parseState(requiredValue(parser, QStringLiteral("state")), step);
        const double value = figures::courseAnswer(figures::courseStepAtState(step, state));
        figures::CourseResponse response;
        response.number = value;
        const figures::CourseVerdict verdict =
            figures::judgeCourseAnswer(step, response, figures::courseAnswer(step));
        printJson(std::string("{\"correct\":") + (verdict.correct ? "true" : "false") +
                  ",\"value\":" + jsonNumber(value) +
                  ",\"hint\":" + hintJson(verdict, value, value) + "}");
        return 0;
    }
    if (parser.isSet(QStringLiteral("state"))) {
        throw UsageError("course: --state is for find steps; give --answer");
    }
    const QString answerText = requiredValue(parser, QStringLiteral("answer"));
    const double expected = figures::courseAnswer(step);
    figures::CourseResponse response;
    if (step.answeredByChoice()) {
        QStringList ids;
        for (const figures::CourseChoice& c : step.choices) {
            ids << c.id;
        }
        if (!ids.contains(answerText)) {
            throw UsageError("course: step '" + step.id.toStdString() + "' has no choice '" +
                             answerText.toStdString() +
                             "' (choices: " + ids.join(QStringLiteral(", ")).toStdString() + ")");
        }
        response.choice = answerText;
    } else {
        response.number = parseDouble(answerText, QStringLiteral("answer"));
    }
    std::optional<double> requirement;
    const auto req = figures::courseRequirementStep(step, response.number);
    if (req && figures::isCourseAnswerCorrect(step, response.number, expected)) {
        requirement = figures::courseAnswer(*req);
    }
    const figures::CourseVerdict verdict =
        figures::judgeCourseAnswer(step, response, expected, requirement);
    const std::string expectedJson = step.answeredByChoice()
                                         ? jsonText(figures::correctCourseChoice(step, expected))
                                         : jsonNumber(expected);
    printJson(std::string("{\"correct\":") + (verdict.correct ? "true" : "false") +
              ",\"expected\":" + expectedJson +
              ",\"hint\":" + hintJson(verdict, response.number, expected) + "}");
    return 0;
}

} // namespace rope::cli
