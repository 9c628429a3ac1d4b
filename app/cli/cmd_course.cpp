// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// rope-cli course: the guided course (figures/course.h) without the GUI. --list prints every
// step with the answer the core computes; --check ID --answer X says whether X is within the
// step's tolerance. Lives in rope-cli, not rope_cli_commands: the course checks panels and
// their options, which are in rope_figures.
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "figures/course.h"
#include "figures/language.h"

namespace rope::cli {

int runCourse(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The guided course: each step opens a panel in a prepared state and asks a question "
        "whose answer the core computes.\n"
        "--list: {\"steps\": [{\"id\", \"panel\", \"question\", \"answer\": x, "
        "\"tolerance\": t}, ...]}\n"
        "--check ID --answer X: {\"correct\":true|false,\"expected\":x}; correct when "
        "|X - x| <= t."));
    parser.addOptions({
        {QStringLiteral("list"), QStringLiteral("List every step in course order.")},
        {QStringLiteral("check"), QStringLiteral("Check an answer to step ID."),
         QStringLiteral("ID")},
        {QStringLiteral("answer"), QStringLiteral("The answer to check (a number)."),
         QStringLiteral("X")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const bool list = parser.isSet(QStringLiteral("list"));
    const bool check = parser.isSet(QStringLiteral("check"));
    if (list == check) {
        throw UsageError("course: give either --list or --check ID --answer X");
    }
    if (list && parser.isSet(QStringLiteral("answer"))) {
        throw UsageError("course: --answer goes with --check, not --list");
    }
    const std::vector<figures::CourseStep>& steps = figures::builtinCourse();
    if (list) {
        std::string out = "{\"steps\":[";
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const figures::CourseStep& step = steps[k];
            const double answer = figures::courseAnswer(step);
            out += (k == 0 ? "{" : ",{");
            out += "\"id\":" + jsonString(step.id.toStdString());
            out += ",\"panel\":" + jsonString(step.panel.toStdString());
            out += ",\"question\":" +
                   jsonString(step.text(figures::currentLanguage(), answer).question.toStdString());
            out += ",\"answer\":" + jsonNumber(answer);
            out += ",\"tolerance\":" + jsonNumber(step.tolerance) + "}";
        }
        printJson(out + "]}");
        return 0;
    }
    const QString id = parser.value(QStringLiteral("check"));
    const figures::CourseStep* step = figures::findCourseStep(steps, id);
    if (step == nullptr) {
        QStringList ids;
        for (const figures::CourseStep& s : steps) {
            ids << s.id;
        }
        throw UsageError("course: unknown step '" + id.toStdString() +
                         "' (steps: " + ids.join(QStringLiteral(", ")).toStdString() + ")");
    }
    const double answer =
        parseDouble(requiredValue(parser, QStringLiteral("answer")), QStringLiteral("answer"));
    const double expected = figures::courseAnswer(*step);
    printJson(std::string("{\"correct\":") +
              (figures::isCourseAnswerCorrect(*step, answer, expected) ? "true" : "false") +
              ",\"expected\":" + jsonNumber(expected) + "}");
    return 0;
}

} // namespace rope::cli
